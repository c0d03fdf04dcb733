package dev.wb.commands.judge.run;

import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.wb.commands.Failure;
import dev.wb.commands.Session;
import dev.wb.commands.Workspace;
import dev.wb.commands.capsule.Capsule;
import dev.wb.commands.capsule.DeclaredCommand;
import dev.wb.commands.capsule.ValidationBlock;
import dev.wb.commands.config.WorkspaceConfig;
import dev.wb.commands.judge.core.Timings;
import dev.wb.commands.judge.lock.RunLock;
import dev.wb.commands.judge.snapshot.IsolatedCopy;
import dev.wb.commands.judge.snapshot.LiveTree;
import dev.wb.commands.judge.snapshot.Snapshot;
import dev.wb.commands.judge.snapshot.Snapshots;
import dev.wb.commands.policy.ReadPolicy;
import dev.wb.commands.process.LiveProcesses;
import dev.wb.commands.process.ProcessRunner;
import dev.wb.commands.process.Redactor;
import dev.wb.commands.process.RunResult;
import dev.wb.engine.EventEnvelope;
import dev.wb.engine.TaskKey;
import dev.wb.engine.WbVersion;
import dev.wb.engine.json.CanonicalJson;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Optional;

/**
 * {@code wb judge run}: every command the snapshot's capsule declares, once, in order, after
 * approval, under the run lock. In place (the default) the live tree must equal the snapshot before
 * the first command, after each one and at the end; {@code --isolated} runs in a disposable copy with
 * Node dependencies installed from the lockfile. A run that started writes a receipt; its digest is
 * what the caller pins. A capsule that declares no runtime validation gets a documentation receipt
 * and runs nothing.
 */
public final class JudgeRun {

    /** How a run ended, with the exit code and the {@code --json} outcome of the seed's table. */
    public enum Outcome {
        PASSED("passed", 0),
        FAILED("failed", 1),
        APPROVAL_MISSING("approval-missing", 3),
        LOCK_BUSY("lock-busy", 4),
        INVALIDATED("invalidated", 5),
        TREE_MISMATCH("tree-mismatch", 6),
        NO_RUNTIME_VALIDATION("no-runtime-validation", 0);

        private final String wire;
        private final int exitCode;

        Outcome(String wire, int exitCode) {
            this.wire = wire;
            this.exitCode = exitCode;
        }

        public String wire() {
            return wire;
        }

        public int exitCode() {
            return exitCode;
        }
    }

    public record Request(
            TaskKey key,
            String snapshotId,
            List<String> approvals,
            boolean isolated,
            boolean breakLock,
            Optional<CommandApprovals.Terminal> terminal) {}

    /** One declared command's result: {@code passed}, {@code failed} or {@code not-run}. */
    public record CommandResult(
            int index,
            String command,
            boolean optional,
            String status,
            int exitCode,
            String ended,
            long durationMs,
            Optional<String> evidence) {}

    public record Result(
            Outcome outcome,
            Snapshot snapshot,
            String mode,
            List<CommandResult> results,
            List<String> changedPaths,
            Optional<Receipt.Written> receipt,
            List<String> notices,
            String message,
            List<EventEnvelope> events) {}

    /** What the user sees while commands run; the CLI draws it. */
    public interface Progress {
        void started(int index, int total, String command);

        void finished(CommandResult result);

        Progress NONE = new Progress() {
            @Override
            public void started(int index, int total, String command) {}

            @Override
            public void finished(CommandResult result) {}
        };
    }

    /** Set when Ctrl-C or SIGTERM arrives: no further command starts, and the run records itself as failed. */
    static final java.util.concurrent.atomic.AtomicBoolean INTERRUPTED =
            new java.util.concurrent.atomic.AtomicBoolean();

    /** Bounded evidence kept of a failed command: the end of its output, redacted. */
    static final int EVIDENCE_CHARS = 2_000;

    private JudgeRun() {}

    public static Result run(
            Session session,
            Request request,
            Map<String, String> env,
            Clock clock,
            Timings timings,
            Progress progress) {
        Workspace workspace = session.workspace();
        Snapshot snapshot = timings.phase("load-snapshot", () -> Snapshots.load(workspace, request.snapshotId()));
        if (!snapshot.taskId().equals(request.key().value())) {
            throw Failure.usage(
                    snapshot.label() + " is a snapshot of " + snapshot.taskId() + ", not " + request.key(),
                    "run it as: wb judge run " + snapshot.taskId() + " --candidate " + snapshot.label());
        }
        Capsule capsule = Capsule.read(snapshot.worktree(), request.key(), ReadPolicy.load(workspace));
        ValidationBlock validation = capsule.validation();
        RunRecorder recorder = new RunRecorder(session, request.key(), snapshot);
        if (validation.shape() == ValidationBlock.Shape.DOCUMENTATION) {
            return documentation(recorder, snapshot, validation, clock);
        }
        if (validation.shape() != ValidationBlock.Shape.REQUIRED
                && validation.shape() != ValidationBlock.Shape.OPTIONAL_ONLY) {
            List<String> problems = new ArrayList<>();
            validation.problems().forEach(p -> problems.add(p.render()));
            throw Failure.usage(
                    "the capsule of " + request.key() + " in " + snapshot.label() + " declares nothing to run ("
                            + validation
                                    .shape()
                                    .name()
                                    .toLowerCase(java.util.Locale.ROOT)
                                    .replace('_', '-') + " validation"
                            + (problems.isEmpty() ? "" : ": " + String.join("; ", problems)) + ")",
                    (validation.shape() == ValidationBlock.Shape.MALFORMED
                                    ? "correct the lines named above"
                                    : "declare the commands in a fenced block under ## Validation")
                            + " in .workflow/"
                            + request.key() + "/task.md (docs/CAPSULE.md), then capture a new snapshot");
        }
        List<String> commands = validation.normalizedCommands();
        CommandApprovals.Approval approval;
        try {
            approval = timings.phase(
                    "approval",
                    () -> new CommandApprovals(workspace)
                            .require(request.key(), commands, request.approvals(), request.terminal()));
        } catch (CommandApprovals.Missing | CommandApprovals.Mismatch e) {
            return recorder.refused(Outcome.APPROVAL_MISSING, e.getMessage(), List.of(), request.isolated());
        }
        RunLock lock;
        try {
            lock = RunLock.acquire(workspace, request.key(), snapshot.id(), request.breakLock(), clock);
        } catch (RunLock.Busy e) {
            return recorder.refused(Outcome.LOCK_BUSY, e.getMessage(), List.of(), request.isolated());
        }
        java.util.concurrent.CountDownLatch recorded = new java.util.concurrent.CountDownLatch(1);
        Thread hook = new Thread(
                () -> {
                    INTERRUPTED.set(true);
                    LiveProcesses.killAll();
                    try {
                        // Let the run record itself as interrupted (and write its receipt) before the JVM goes.
                        recorded.await(10, java.util.concurrent.TimeUnit.SECONDS);
                    } catch (InterruptedException e) {
                        Thread.currentThread().interrupt();
                    }
                    lock.close();
                },
                "wb-judge-run-interrupted");
        Runtime.getRuntime().addShutdownHook(hook);
        try (lock) {
            List<String> notices = new ArrayList<>();
            lock.notice().ifPresent(notices::add);
            if (request.isolated()) {
                return isolated(
                        workspace,
                        request,
                        snapshot,
                        validation,
                        approval,
                        recorder,
                        env,
                        clock,
                        timings,
                        progress,
                        notices);
            }
            return inPlace(
                    workspace,
                    request,
                    snapshot,
                    validation,
                    approval,
                    recorder,
                    env,
                    clock,
                    timings,
                    progress,
                    notices);
        } finally {
            recorded.countDown();
            try {
                Runtime.getRuntime().removeShutdownHook(hook);
            } catch (IllegalStateException shuttingDown) {
                // The hook is running and releases the lock itself.
            }
        }
    }

    private static Result inPlace(
            Workspace workspace,
            Request request,
            Snapshot snapshot,
            ValidationBlock validation,
            CommandApprovals.Approval approval,
            RunRecorder recorder,
            Map<String, String> env,
            Clock clock,
            Timings timings,
            Progress progress,
            List<String> notices) {
        LiveTree.Comparison before = timings.phase("compare-before", () -> LiveTree.compare(workspace, snapshot, env));
        if (!before.matches()) {
            return recorder.refused(
                    Outcome.TREE_MISMATCH,
                    "the working tree no longer matches " + snapshot.label() + ": "
                            + Snapshots.sample(before.changed()),
                    before.changed(),
                    false);
        }
        Instant startedAt = Instant.now(clock);
        recorder.started("in-place", validation, approval);
        List<CommandResult> results = new ArrayList<>();
        List<String> changed = List.of();
        List<DeclaredCommand> declared = validation.commands();
        Redactor redactor = Redactor.forWorkspace(workspace, env);
        for (int i = 0; i < declared.size(); i++) {
            DeclaredCommand command = declared.get(i);
            results.add(runOne(
                    workspace, i + 1, declared.size(), command, workspace.root(), env, redactor, timings, progress));
            if (INTERRUPTED.get()) {
                notices.add("interrupted (Ctrl-C or SIGTERM): the commands after " + (i + 1) + " did not run");
                for (int k = i + 1; k < declared.size(); k++) {
                    results.add(notRun(k + 1, declared.get(k)));
                }
                break;
            }
            LiveTree.Comparison during =
                    timings.phase("compare-during", () -> LiveTree.compare(workspace, snapshot, env));
            if (!during.matches()) {
                changed = during.changed();
                for (int k = i + 1; k < declared.size(); k++) {
                    results.add(notRun(k + 1, declared.get(k)));
                }
                break;
            }
        }
        LiveTree.Comparison after = timings.phase("compare-after", () -> LiveTree.compare(workspace, snapshot, env));
        if (changed.isEmpty() && !after.matches()) {
            changed = after.changed();
        }
        Outcome outcome = !changed.isEmpty() ? Outcome.INVALIDATED : verdict(results);
        ObjectNode receipt =
                receiptBody(snapshot, validation, results, "in-place", changed, approval, startedAt, clock, outcome);
        receipt.put("contentBefore", before.contentDigest());
        receipt.put("contentAfter", after.contentDigest());
        return recorder.finished(outcome, "in-place", results, changed, receipt, notices);
    }

    private static Result isolated(
            Workspace workspace,
            Request request,
            Snapshot snapshot,
            ValidationBlock validation,
            CommandApprovals.Approval approval,
            RunRecorder recorder,
            Map<String, String> env,
            Clock clock,
            Timings timings,
            Progress progress,
            List<String> notices) {
        Instant startedAt = Instant.now(clock);
        try (IsolatedCopy copy = timings.phase("copy", () -> IsolatedCopy.of(snapshot))) {
            Duration limit = Duration.ofSeconds(WorkspaceConfig.load(workspace).verifyTimeoutSeconds());
            timings.phase(
                    "dependencies",
                    () -> NodeInstall.plan(copy.dir(), env).ifPresent(argv -> {
                        Path output = outputFile(workspace);
                        NodeInstall.run(argv, copy.dir(), env, limit, output); // kept for the user if it fails
                        deleteQuietly(output);
                    }));
            recorder.started("isolated", validation, approval);
            List<CommandResult> results = new ArrayList<>();
            List<DeclaredCommand> declared = validation.commands();
            Redactor redactor = Redactor.forWorkspace(workspace, env);
            for (int i = 0; i < declared.size(); i++) {
                if (INTERRUPTED.get()) {
                    notices.add("interrupted (Ctrl-C or SIGTERM): the commands from " + (i + 1) + " on did not run");
                    results.add(notRun(i + 1, declared.get(i)));
                    continue;
                }
                results.add(runOne(
                        workspace,
                        i + 1,
                        declared.size(),
                        declared.get(i),
                        copy.dir(),
                        env,
                        redactor,
                        timings,
                        progress));
            }
            List<String> drift = timings.phase("drift", () -> copy.drift(snapshot));
            Outcome outcome = drift.isEmpty() ? verdict(results) : Outcome.FAILED;
            if (!drift.isEmpty()) {
                notices.add("validation changed reviewed content in the disposable copy: " + Snapshots.sample(drift));
            }
            ObjectNode receipt =
                    receiptBody(snapshot, validation, results, "isolated", drift, approval, startedAt, clock, outcome);
            return timings.phase(
                    "cleanup", () -> recorder.finished(outcome, "isolated", results, drift, receipt, notices));
        }
    }

    private static Outcome verdict(List<CommandResult> results) {
        if (INTERRUPTED.get()) {
            return Outcome.FAILED;
        }
        boolean requiredFailed =
                results.stream().anyMatch(r -> !r.optional() && !r.status().equals("passed"));
        boolean anyPassed = results.stream().anyMatch(r -> r.status().equals("passed"));
        return requiredFailed || !anyPassed ? Outcome.FAILED : Outcome.PASSED;
    }

    public static CommandResult runOne(
            Workspace workspace,
            int index,
            int total,
            DeclaredCommand command,
            Path dir,
            Map<String, String> env,
            Redactor redactor,
            Timings timings,
            Progress progress) {
        progress.started(index, total, command.normalized());
        Path output = outputFile(workspace);
        try {
            Duration limit = Duration.ofSeconds(WorkspaceConfig.load(workspace).verifyTimeoutSeconds());
            RunResult run = timings.command(
                    index,
                    () -> ProcessRunner.run(
                            List.of("/bin/sh", "-c", command.normalized()),
                            dir,
                            env,
                            limit,
                            output,
                            elapsed -> {},
                            redactor));
            boolean passed = run.passed();
            Optional<String> evidence = passed ? Optional.empty() : Optional.of(evidence(run, redactor));
            CommandResult result = new CommandResult(
                    index,
                    command.normalized(),
                    command.optional(),
                    passed ? "passed" : "failed",
                    run.exitCode(),
                    run.outcome().name().toLowerCase(java.util.Locale.ROOT).replace('_', '-'),
                    run.duration().toMillis(),
                    evidence);
            progress.finished(result);
            return result;
        } finally {
            deleteQuietly(output);
        }
    }

    private static CommandResult notRun(int index, DeclaredCommand command) {
        return new CommandResult(
                index, command.normalized(), command.optional(), "not-run", -1, "not-run", 0, Optional.empty());
    }

    /** The end of the output, redacted and bounded, with how the command ended. */
    static String evidence(RunResult run, Redactor redactor) {
        String text = run.startError().isEmpty()
                ? run.output().head()
                        + (run.output().omittedChars() > 0
                                ? "\n[… " + run.output().omittedChars() + " characters omitted …]\n"
                                : "")
                        + run.output().tail()
                : run.startError();
        String redacted = redactor.redact(text);
        if (redacted.length() > EVIDENCE_CHARS) {
            redacted = "[…]" + redacted.substring(redacted.length() - EVIDENCE_CHARS);
        }
        String ending = switch (run.outcome()) {
            case EXITED -> "exit code " + run.exitCode();
            case TIMED_OUT -> "stopped after the time limit";
            case INTERRUPTED -> "interrupted";
            case NOT_STARTED -> "did not start";
        };
        return ending + "\n" + redacted;
    }

    private static ObjectNode receiptBody(
            Snapshot snapshot,
            ValidationBlock validation,
            List<CommandResult> results,
            String mode,
            List<String> drift,
            CommandApprovals.Approval approval,
            Instant startedAt,
            Clock clock,
            Outcome outcome) {
        ObjectNode body = RunRecorder.receiptHead(snapshot, validation, mode);
        body.put("approval", approval.how().name().toLowerCase(java.util.Locale.ROOT));
        body.put("approvedListDigest", approval.listDigest());
        drift.forEach(body.putArray("boundaryDrift")::add);
        if (drift.isEmpty()) {
            body.putArray("boundaryDrift");
        }
        ArrayNode list = body.putArray("results");
        results.forEach(r -> list.add(RunRecorder.resultJson(r)));
        body.put("passed", outcome == Outcome.PASSED);
        body.put("outcome", outcome.wire());
        body.put("startedAt", startedAt.toString());
        body.put("finishedAt", Instant.now(clock).toString());
        return body;
    }

    private static Result documentation(
            RunRecorder recorder, Snapshot snapshot, ValidationBlock validation, Clock clock) {
        ObjectNode body = RunRecorder.receiptHead(snapshot, validation, "documentation");
        body.put("noRuntimeReason", validation.noRuntimeReason().orElse(""));
        body.putArray("boundaryDrift");
        body.putArray("results");
        body.put("passed", false);
        body.put("outcome", Outcome.NO_RUNTIME_VALIDATION.wire());
        body.put("startedAt", Instant.now(clock).toString());
        body.put("finishedAt", Instant.now(clock).toString());
        return recorder.finished(Outcome.NO_RUNTIME_VALIDATION, "documentation", List.of(), List.of(), body, List.of());
    }

    private static Path outputFile(Workspace workspace) {
        try {
            Path dir = Files.createDirectories(workspace.ensureLocalDir().resolve("tmp"));
            return Files.createTempFile(dir, "judge-run-", ".out");
        } catch (IOException e) {
            throw new Failure(
                    Failure.Kind.CONFIG,
                    "cannot create a file for command output in .workflow/local/tmp: " + e.getMessage(),
                    List.of("check that .workflow/local/ is writable"));
        }
    }

    private static void deleteQuietly(Path file) {
        try {
            Files.deleteIfExists(file);
        } catch (IOException ignored) {
            // A leftover temporary file in .workflow/local/tmp is harmless.
        }
    }

    static String wbVersion() {
        return WbVersion.current();
    }

    static ObjectNode newObject() {
        return CanonicalJson.objectNode();
    }
}
