package dev.wb.commands.judge.run;

import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.wb.commands.Session;
import dev.wb.commands.base.Failure;
import dev.wb.commands.base.Workspace;
import dev.wb.commands.capsule.Capsule;
import dev.wb.commands.capsule.ValidationBlock;
import dev.wb.commands.judge.core.KebabName;
import dev.wb.commands.judge.core.Timings;
import dev.wb.commands.judge.lock.RunLock;
import dev.wb.commands.judge.snapshot.Snapshot;
import dev.wb.commands.judge.snapshot.Snapshots;
import dev.wb.commands.policy.ReadPolicy;
import dev.wb.commands.process.LiveProcesses;
import dev.wb.engine.EventEnvelope;
import dev.wb.engine.TaskKey;
import dev.wb.engine.WbVersion;
import dev.wb.engine.json.CanonicalJson;
import dev.wb.projections.events.judge.JudgeRunFinished.CommandStatus;
import dev.wb.projections.events.judge.JudgeRunMode;
import dev.wb.projections.events.judge.JudgeRunOutcome;
import java.time.Clock;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicBoolean;

/**
 * {@code wb judge run}: every command the snapshot's capsule declares, once, in order, after
 * approval, under the run lock. In place (the default) the live tree must equal the snapshot before
 * the first command, after each one and at the end; {@code --isolated} runs in a disposable copy with
 * Node dependencies installed from the lockfile. A run that started writes a receipt; its digest is
 * what the caller pins. A capsule that declares no runtime validation gets a documentation receipt
 * and runs nothing.
 */
public final class JudgeRun {

    public record Request(
            TaskKey key,
            String snapshotId,
            List<String> approvals,
            boolean isolated,
            boolean breakLock,
            Optional<CommandApprovals.Terminal> terminal) {}

    /** One declared command's result. */
    public record CommandResult(
            int index,
            String command,
            boolean optional,
            CommandStatus status,
            int exitCode,
            String ended,
            long durationMs,
            Optional<String> evidence) {}

    public record Result(
            JudgeRunOutcome outcome,
            Snapshot snapshot,
            JudgeRunMode mode,
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
    static final AtomicBoolean INTERRUPTED = new AtomicBoolean();

    private JudgeRun() {}

    public static Result run(
            Session session,
            Request request,
            Map<String, String> env,
            Clock clock,
            Timings timings,
            Progress progress) {
        Workspace workspace = session.workspace();
        Snapshot snapshot = timings.phase("load-snapshot", () -> Snapshots.load(workspace, request.snapshotId(), env));
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
        refuseNothingToRun(request.key(), snapshot, validation);
        List<String> commands = validation.normalizedCommands();
        CommandApprovals.Approval approval;
        try {
            approval = timings.phase(
                    "approval",
                    () -> new CommandApprovals(workspace)
                            .require(request.key(), commands, request.approvals(), request.terminal()));
        } catch (CommandApprovals.Missing | CommandApprovals.Mismatch e) {
            return recorder.refused(JudgeRunOutcome.APPROVAL_MISSING, e.getMessage(), List.of(), request.isolated());
        }
        RunLock lock;
        try {
            lock = RunLock.acquire(workspace, request.key(), snapshot.id(), request.breakLock(), clock);
        } catch (RunLock.Busy e) {
            return recorder.refused(JudgeRunOutcome.LOCK_BUSY, e.getMessage(), List.of(), request.isolated());
        }
        return underLock(
                lock,
                new ApprovedRun.Approved(snapshot, validation, approval),
                new ApprovedRun.Context(workspace, env, clock, timings, progress),
                recorder,
                request.isolated());
    }

    /** Refuses a capsule whose validation declares nothing to run (and is no documentation receipt either). */
    private static void refuseNothingToRun(TaskKey key, Snapshot snapshot, ValidationBlock validation) {
        if (validation.shape() != ValidationBlock.Shape.REQUIRED
                && validation.shape() != ValidationBlock.Shape.OPTIONAL_ONLY) {
            List<String> problems = new ArrayList<>();
            validation.problems().forEach(p -> problems.add(p.render()));
            throw Failure.usage(
                    "the capsule of " + key + " in " + snapshot.label() + " declares nothing to run ("
                            + KebabName.of(validation.shape()) + " validation"
                            + (problems.isEmpty() ? "" : ": " + String.join("; ", problems)) + ")",
                    (validation.shape() == ValidationBlock.Shape.MALFORMED
                                    ? "correct the lines named above"
                                    : "declare the commands in a fenced block under ## Validation")
                            + " in .workflow/"
                            + key + "/task.md (docs/CAPSULE.md), then capture a new snapshot");
        }
    }

    /**
     * The approved run, under the lock: a shutdown (Ctrl-C, SIGTERM) stops the commands, lets the run
     * record itself as interrupted, then releases the lock.
     */
    private static Result underLock(
            RunLock lock,
            ApprovedRun.Approved approved,
            ApprovedRun.Context context,
            RunRecorder recorder,
            boolean isolated) {
        CountDownLatch recorded = new CountDownLatch(1);
        Thread hook = new Thread(
                () -> {
                    INTERRUPTED.set(true);
                    LiveProcesses.killAll();
                    try {
                        // Let the run record itself as interrupted (and write its receipt) before the JVM goes.
                        recorded.await(10, TimeUnit.SECONDS);
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
            ApprovedRun run = new ApprovedRun(approved, context, recorder, notices);
            return isolated ? run.isolated() : run.inPlace();
        } finally {
            recorded.countDown();
            try {
                Runtime.getRuntime().removeShutdownHook(hook);
            } catch (IllegalStateException shuttingDown) {
                // The hook is running and releases the lock itself.
            }
        }
    }

    private static Result documentation(
            RunRecorder recorder, Snapshot snapshot, ValidationBlock validation, Clock clock) {
        ObjectNode body = RunRecorder.receiptHead(snapshot, validation, JudgeRunMode.DOCUMENTATION);
        body.put("noRuntimeReason", validation.noRuntimeReason().orElse(""));
        body.putArray("boundaryDrift");
        body.putArray("results");
        body.put("passed", false);
        body.put("outcome", JudgeRunOutcome.NO_RUNTIME_VALIDATION.wireName());
        body.put("startedAt", Instant.now(clock).toString());
        body.put("finishedAt", Instant.now(clock).toString());
        return recorder.finished(
                JudgeRunOutcome.NO_RUNTIME_VALIDATION,
                JudgeRunMode.DOCUMENTATION,
                List.of(),
                List.of(),
                body,
                List.of());
    }

    static String wbVersion() {
        return WbVersion.current();
    }

    static ObjectNode newObject() {
        return CanonicalJson.objectNode();
    }
}
