package dev.wb.commands.verify;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.wb.commands.Failure;
import dev.wb.commands.Workspace;
import dev.wb.engine.TaskKey;
import dev.wb.engine.fs.AtomicFiles;
import dev.wb.engine.json.CanonicalJson;
import dev.wb.projections.verify.Verifications;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Locale;

/**
 * {@code evidence.md} (written to be pasted into a pull request) and {@code evidence.json}, rendered
 * from the recorded run. Variable names only, never values: a value is as likely to be a connection
 * string as a search path.
 */
public final class EvidenceView {

    private EvidenceView() {}

    public static String markdown(TaskKey key, Verifications.Run run) {
        StringBuilder md = new StringBuilder();
        JsonNode finished = run.finished().map(f -> (JsonNode) f).orElse(CanonicalJson.objectNode());
        md.append("# Verification evidence: ").append(key).append("\n\n");
        md.append("Verdict: **").append(run.verdict().toUpperCase(Locale.ROOT)).append("**");
        if (run.finished().isPresent()) {
            md.append(" · ").append(finished.path("ran").asInt()).append(" ran, ").append(finished.path("passed").asInt())
                    .append(" passed, ").append(finished.path("failed").asInt()).append(" failed, ")
                    .append(finished.path("refused").asInt()).append(" refused");
        } else {
            md.append(" · the run's end was never recorded (wb stopped): not a pass");
        }
        md.append("\n\nPlan ").append(run.started().path("planDigest").asText()).append(" · limit ")
                .append(run.started().path("timeoutSeconds").asInt()).append(" s a command · recorded from event ")
                .append(run.startedVersion()).append(" of ").append(key).append("\n\n");
        md.append("| # | command | runner | result | exit | duration |\n|---|---|---|---|---|---|\n");
        for (JsonNode c : run.commands()) {
            md.append("| ").append(c.path("index").asInt()).append(" | `").append(cell(c.path("command").asText()))
                    .append("` | ").append(c.path("runner").asText()).append(" | ").append(result(c)).append(" | ")
                    .append(c.path("exitCode").asInt()).append(" | ").append(seconds(c.path("durationMs").asLong()))
                    .append(" |\n");
        }
        JsonNode env = run.started().path("env");
        md.append("\nVariables set from the plan (names only): ")
                .append(env.isEmpty() ? "none" : String.join(", ", strings(env))).append("\n");
        JsonNode refused = run.started().path("refused");
        JsonNode refusedEnv = run.started().path("refusedEnv");
        int listed = run.commands().size();
        int runnable = run.started().path("commands").size();
        if (!refused.isEmpty() || !refusedEnv.isEmpty() || listed < runnable) {
            md.append("\n## Not run\n\n");
            refused.forEach(r -> md.append("- `").append(r.path("command").asText()).append("`: ")
                    .append(r.path("reason").asText()).append("\n"));
            refusedEnv.forEach(r -> md.append("- variable `").append(r.path("name").asText()).append("`: ")
                    .append(r.path("reason").asText()).append("\n"));
            JsonNode commands = run.started().path("commands");
            for (int i = listed; i < runnable; i++) {
                md.append("- `").append(commands.get(i).path("command").asText()).append("`: not reached (")
                        .append(run.verdict().equals("interrupted") ? "the run was interrupted" : "the run stopped")
                        .append(")\n");
            }
        }
        md.append("\n## Output\n");
        for (JsonNode c : run.commands()) {
            md.append("\n### ").append(c.path("index").asInt()).append(": `").append(c.path("command").asText())
                    .append("` — ").append(result(c)).append("\n\n```text\n").append(c.path("head").asText());
            long omitted = c.path("omittedChars").asLong();
            if (omitted > 0) {
                md.append("\n… [").append(omitted).append(" characters omitted] …\n");
            }
            md.append(c.path("tail").asText());
            md.append("\n```\n\nFull output: ").append(c.path("outputBytes").asLong()).append(" bytes, ")
                    .append(c.path("outputDigest").asText()).append("\n");
        }
        return md.toString();
    }

    public static ObjectNode json(TaskKey key, Verifications.Run run) {
        ObjectNode doc = CanonicalJson.objectNode();
        doc.put("note", "rendered by wb from the event log; editing this file changes nothing");
        doc.put("task", key.value());
        doc.put("verdict", run.verdict());
        doc.put("startedVersion", run.startedVersion());
        doc.set("started", run.started());
        run.commands().forEach(doc.putArray("commands")::add);
        run.finished().ifPresent(f -> doc.set("finished", f));
        return doc;
    }

    /** Writes both views atomically; returns {markdown, json}. */
    public static Path[] write(Workspace workspace, TaskKey key, Verifications.Run run) {
        Path dir = workspace.workflowDir().resolve(key.value());
        Path md = dir.resolve("evidence.md");
        Path json = dir.resolve("evidence.json");
        try {
            Files.createDirectories(dir);
            AtomicFiles.write(md, markdown(key, run).getBytes(StandardCharsets.UTF_8));
            AtomicFiles.write(json, (CanonicalJson.text(json(key, run), true) + "\n").getBytes(StandardCharsets.UTF_8));
            return new Path[] {md, json};
        } catch (IOException e) {
            throw new Failure(Failure.Kind.CONFIG, "cannot write the evidence in " + dir + ": " + e.getMessage(),
                    List.of("check that " + dir + " is writable"));
        }
    }

    static String result(JsonNode command) {
        String outcome = command.path("outcome").asText();
        if (outcome.equals("exited")) {
            return command.path("exitCode").asInt() == 0 ? "passed" : "failed";
        }
        return outcome.replace('_', ' ');
    }

    private static String seconds(long millis) {
        return String.format(Locale.ROOT, "%.1f s", millis / 1000.0);
    }

    private static String cell(String text) {
        return text.replace("|", "\\|");
    }

    private static List<String> strings(JsonNode array) {
        List<String> values = new java.util.ArrayList<>();
        array.forEach(v -> values.add(v.asText()));
        return values;
    }
}
