package dev.wb.commands.verify;

import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.wb.commands.base.Failure;
import dev.wb.commands.base.Workspace;
import dev.wb.engine.TaskKey;
import dev.wb.engine.fs.AtomicFiles;
import dev.wb.engine.json.CanonicalJson;
import dev.wb.engine.json.PythonJson;
import dev.wb.projections.events.Verdict;
import dev.wb.projections.events.verify.VerifyCommandRan;
import dev.wb.projections.events.verify.VerifyStarted;
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
        names(run.started().env()).forEach(env::add);
        ArrayNode missing = doc.putArray("tests_missing");
        testsMissing(run).forEach(missing::add);
        ArrayNode regression = doc.putArray("regression");
        run.regression().forEach(r -> regression.add(RegressionView.json(r)));
        doc.put("note", "rendered by wb from the event log; editing this file changes nothing");
        doc.put("task", key.value());
        doc.put("runVerdict", run.verdict().wireName());
        doc.put("startedVersion", run.startedVersion());
        doc.set("started", Verifications.stored(run.started()));
        ArrayNode commands = doc.putArray("commands");
        run.commands().forEach(c -> commands.add(Verifications.stored(c)));
        run.finished().ifPresent(f -> doc.set("finished", Verifications.stored(f)));
        return doc;
    }

    public static String markdown(TaskKey key, Verifications.Run run) {
        StringBuilder md = new StringBuilder();
        md.append("# ").append(key).append(" — verification evidence\n\n");
        md.append("**Verdict:** ").append(verdict(run)).append("\n\n");
        List<String> env = names(run.started().env());
        if (!env.isEmpty()) {
            md.append("**Environment:** ").append(String.join(", ", env)).append("\n\n");
        }
        for (VerifyCommandRan c : run.commands()) {
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
        RegressionView.markdown(md, testsMissing(run), run.regression());
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
        return run.verdict() == Verdict.PASS ? "pass" : "fail";
    }

    /**
     * One command as the original records it: {command, exit_code, duration_ms, output, truncated?}, the
     * output stripped and cut as wb recorded it (head, the omitted count, tail); wb's fields after.
     */
    static ObjectNode result(VerifyCommandRan c, int timeoutSeconds) {
        ObjectNode r = CanonicalJson.objectNode();
        r.put("command", c.command());
        r.put("exit_code", exitCode(c));
        r.put("duration_ms", c.durationMs());
        long omitted = c.omittedChars();
        r.put("output", output(c, omitted, timeoutSeconds));
        if (omitted > 0) {
            r.put("truncated", true);
        }
        r.put("index", c.index());
        r.put("runner", c.runner());
        r.put("outcome", c.outcome().wireName());
        r.put("outputDigest", c.outputDigest());
        r.put("outputBytes", c.outputBytes());
        return r;
    }

    static int exitCode(VerifyCommandRan c) {
        return switch (c.outcome()) {
            case TIMED_OUT -> TIMED_OUT;
            case NOT_STARTED -> NOT_STARTED;
            case INTERRUPTED -> INTERRUPTED;
            case EXITED -> c.exitCode();
        };
    }

    private static String output(VerifyCommandRan c, long omitted, int timeoutSeconds) {
        String text = omitted > 0
                ? c.head().stripLeading() + "\n\n[... " + omitted + " chars omitted ...]\n\n"
                        + c.tail().stripTrailing()
                : (c.head() + c.tail()).strip();
        String why = switch (c.outcome()) {
            case TIMED_OUT -> "timed out after " + timeoutSeconds + "s";
            case NOT_STARTED -> c.startError().orElse("command not found on PATH");
            case INTERRUPTED -> "interrupted: wb was stopped while it ran";
            case EXITED -> "";
        };
        return why.isEmpty() ? text : text.isEmpty() ? why : text + "\n\n" + why;
    }

    private record NotRun(String command, String reason) {}

    /** Refused commands, then refused variables as the original lists them ({@code env NAME}). */
    private static List<NotRun> notRun(Verifications.Run run) {
        List<NotRun> refused = new ArrayList<>();
        run.started().refused().forEach(r -> refused.add(new NotRun(r.command(), r.reason())));
        run.started().refusedEnv().forEach(r -> refused.add(new NotRun("env " + r.name(), r.reason())));
        return refused;
    }

    /** Commands that passed the boundary but were never reached (an interrupted or unfinished run). */
    private static List<NotRun> notReached(Verifications.Run run) {
        List<NotRun> left = new ArrayList<>();
        List<VerifyStarted.Command> commands = run.started().commands();
        for (int i = run.commands().size(); i < commands.size(); i++) {
            left.add(new NotRun(
                    commands.get(i).command(),
                    "not reached ("
                            + (run.verdict() == Verdict.INTERRUPTED ? "the run was interrupted" : "the run stopped")
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
                .append(run.started().planDigest())
                .append(", ")
                .append(timeout(run))
                .append(" s a command)");
        if (run.finished().isEmpty()) {
            md.append(": the run's end was never recorded (wb stopped), so it is not a pass");
        } else if (run.verdict() == Verdict.INTERRUPTED) {
            md.append(": the run was interrupted, so it is not a pass");
        }
        md.append(".\n");
        for (VerifyCommandRan c : run.commands()) {
            md.append("\nFull output of `")
                    .append(c.command())
                    .append("`: ")
                    .append(c.outputBytes())
                    .append(" bytes, ")
                    .append(c.outputDigest())
                    .append("\n");
        }
        return md.toString();
    }

    /** The plan's test targets the branch does not change; none when they were not checked. */
    public static List<String> testsMissing(Verifications.Run run) {
        return run.started().tests().map(VerifyStarted.Tests::missing).orElse(List.of());
    }

    private static int timeout(Verifications.Run run) {
        return run.started().timeoutSeconds();
    }

    /** Sorted, as the original writes them. */
    private static List<String> names(List<String> names) {
        List<String> values = new ArrayList<>(names);
        values.sort(PythonJson::compareCodePoints);
        return values;
    }
}
