package dev.wb.commands.verify;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.wb.commands.Failure;
import dev.wb.commands.PythonJson;
import dev.wb.commands.Workspace;
import dev.wb.engine.TaskKey;
import dev.wb.engine.fs.AtomicFiles;
import dev.wb.engine.json.CanonicalJson;
import dev.wb.projections.verify.Verifications;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;

/**
 * {@code evidence.md} (written to be pasted into a pull request) and {@code evidence.json}, rendered from
 * the recorded run in the original's layout and field names (schema 1: verdict, results, refused, env),
 * wb's own fields beside them. Variable names only, never values: a value is as likely to be a connection
 * string as a search path.
 */
public final class EvidenceView {

    /** The exit codes the original gives a command that did not exit by itself (verify.py). */
    static final int TIMED_OUT = 124;

    static final int NOT_STARTED = 127;
    /** A command stopped by Ctrl-C or a signal to wb: the shell's 128 + SIGINT. */
    static final int INTERRUPTED = 130;

    private EvidenceView() {}

    public static ObjectNode json(TaskKey key, Verifications.Run run) {
        ObjectNode doc = CanonicalJson.objectNode();
        doc.put("schema", 1);
        doc.put("key", key.value());
        doc.put("verdict", verdict(run));
        ArrayNode results = doc.putArray("results");
        run.commands().forEach(c -> results.add(result(c, timeout(run))));
        ArrayNode refused = doc.putArray("refused");
        notRun(run).forEach(r -> refused.addObject().put("command", r.command()).put("reason", r.reason()));
        ArrayNode env = doc.putArray("env");
        names(run.started().path("env")).forEach(env::add);
        doc.put("note", "rendered by wb from the event log; editing this file changes nothing");
        doc.put("task", key.value());
        doc.put("runVerdict", run.verdict());
        doc.put("startedVersion", run.startedVersion());
        doc.set("started", run.started());
        run.commands().forEach(doc.putArray("commands")::add);
        run.finished().ifPresent(f -> doc.set("finished", f));
        return doc;
    }

    public static String markdown(TaskKey key, Verifications.Run run) {
        StringBuilder md = new StringBuilder();
        md.append("# ").append(key).append(" — verification evidence\n\n");
        md.append("**Verdict:** ").append(verdict(run)).append("\n\n");
        List<String> env = names(run.started().path("env"));
        if (!env.isEmpty()) {
            md.append("**Environment:** ").append(String.join(", ", env)).append("\n\n");
        }
        for (JsonNode c : run.commands()) {
            ObjectNode r = result(c, timeout(run));
            int exit = r.path("exit_code").asInt();
            String output = r.path("output").asText();
            md.append("## `")
                    .append(r.path("command").asText())
                    .append("` — ")
                    .append(exit == 0 ? "pass" : "FAIL (exit " + exit + ")")
                    .append("\n\n```\n")
                    .append(output.isEmpty() ? "(no output)" : output)
                    .append("\n```\n\n");
        }
        List<NotRun> notRun = notRun(run);
        notReached(run).forEach(notRun::add);
        if (!notRun.isEmpty()) {
            md.append("## Not run\n\nThese were refused and must be run manually:\n\n");
            notRun.forEach(r -> md.append("- `")
                    .append(r.command())
                    .append("` — ")
                    .append(r.reason())
                    .append("\n"));
            md.append("\n");
        }
        md.append("---\n\n").append(footer(key, run));
        return md.toString();
    }

    /** Writes both views atomically; returns {markdown, json}. */
    public static Path[] write(Workspace workspace, TaskKey key, Verifications.Run run) {
        Path dir = workspace.workflowDir().resolve(key.value());
        Path md = dir.resolve("evidence.md");
        Path json = dir.resolve("evidence.json");
        try {
            Files.createDirectories(dir);
            AtomicFiles.write(md, markdown(key, run).getBytes(StandardCharsets.UTF_8));
            AtomicFiles.write(
                    json,
                    (PythonJson.dumps(json(key, run), PythonJson.Style.ARTIFACT) + "\n")
                            .getBytes(StandardCharsets.UTF_8));
            return new Path[] {md, json};
        } catch (IOException e) {
            throw new Failure(
                    Failure.Kind.CONFIG,
                    "cannot write the evidence in " + dir + ": " + e.getMessage(),
                    List.of("check that " + dir + " is writable"));
        }
    }

    /** The original's verdict: pass, or fail (an interrupted or unfinished run is not a pass). */
    static String verdict(Verifications.Run run) {
        return run.verdict().equals("pass") ? "pass" : "fail";
    }

    /**
     * One command as the original records it: {command, exit_code, duration_ms, output, truncated?}, the
     * output stripped and cut as wb recorded it (head, the omitted count, tail); wb's fields after.
     */
    static ObjectNode result(JsonNode c, int timeoutSeconds) {
        ObjectNode r = CanonicalJson.objectNode();
        r.put("command", c.path("command").asText());
        r.put("exit_code", exitCode(c));
        r.put("duration_ms", c.path("durationMs").asLong());
        long omitted = c.path("omittedChars").asLong();
        r.put("output", output(c, omitted, timeoutSeconds));
        if (omitted > 0) {
            r.put("truncated", true);
        }
        r.put("index", c.path("index").asInt());
        r.put("runner", c.path("runner").asText());
        r.put("outcome", c.path("outcome").asText());
        r.put("outputDigest", c.path("outputDigest").asText());
        r.put("outputBytes", c.path("outputBytes").asLong());
        return r;
    }

    static int exitCode(JsonNode c) {
        return switch (c.path("outcome").asText()) {
            case "timed_out" -> TIMED_OUT;
            case "not_started" -> NOT_STARTED;
            case "interrupted" -> INTERRUPTED;
            default -> c.path("exitCode").asInt();
        };
    }

    private static String output(JsonNode c, long omitted, int timeoutSeconds) {
        String text = omitted > 0
                ? c.path("head").asText().stripLeading() + "\n\n[... " + omitted + " chars omitted ...]\n\n"
                        + c.path("tail").asText().stripTrailing()
                : (c.path("head").asText() + c.path("tail").asText()).strip();
        String why = switch (c.path("outcome").asText()) {
            case "timed_out" -> "timed out after " + timeoutSeconds + "s";
            case "not_started" -> c.path("startError").asText("command not found on PATH");
            case "interrupted" -> "interrupted: wb was stopped while it ran";
            default -> "";
        };
        return why.isEmpty() ? text : text.isEmpty() ? why : text + "\n\n" + why;
    }

    private record NotRun(String command, String reason) {}

    /** Refused commands, then refused variables as the original lists them ({@code env NAME}). */
    private static List<NotRun> notRun(Verifications.Run run) {
        List<NotRun> refused = new ArrayList<>();
        run.started()
                .path("refused")
                .forEach(r -> refused.add(
                        new NotRun(r.path("command").asText(), r.path("reason").asText())));
        run.started()
                .path("refusedEnv")
                .forEach(r -> refused.add(new NotRun(
                        "env " + r.path("name").asText(), r.path("reason").asText())));
        return refused;
    }

    /** Commands that passed the boundary but were never reached (an interrupted or unfinished run). */
    private static List<NotRun> notReached(Verifications.Run run) {
        List<NotRun> left = new ArrayList<>();
        JsonNode commands = run.started().path("commands");
        for (int i = run.commands().size(); i < commands.size(); i++) {
            left.add(new NotRun(
                    commands.get(i).path("command").asText(),
                    "not reached ("
                            + (run.verdict().equals("interrupted") ? "the run was interrupted" : "the run stopped")
                            + ")"));
        }
        return left;
    }

    /** wb's own lines: where the run is recorded, and each full output by digest. */
    private static String footer(TaskKey key, Verifications.Run run) {
        StringBuilder md = new StringBuilder("Rendered by wb from event ")
                .append(run.startedVersion())
                .append(" of ")
                .append(key)
                .append(" (plan ")
                .append(run.started().path("planDigest").asText())
                .append(", ")
                .append(timeout(run))
                .append(" s a command)");
        if (run.finished().isEmpty()) {
            md.append(": the run's end was never recorded (wb stopped), so it is not a pass");
        } else if (run.verdict().equals("interrupted")) {
            md.append(": the run was interrupted, so it is not a pass");
        }
        md.append(".\n");
        for (JsonNode c : run.commands()) {
            md.append("\nFull output of `")
                    .append(c.path("command").asText())
                    .append("`: ")
                    .append(c.path("outputBytes").asLong())
                    .append(" bytes, ")
                    .append(c.path("outputDigest").asText())
                    .append("\n");
        }
        return md.toString();
    }

    private static int timeout(Verifications.Run run) {
        return run.started().path("timeoutSeconds").asInt();
    }

    /** Sorted, as the original writes them. */
    private static List<String> names(JsonNode array) {
        List<String> values = new ArrayList<>();
        array.forEach(v -> values.add(v.asText()));
        values.sort(PythonJson::compareCodePoints);
        return values;
    }
}
