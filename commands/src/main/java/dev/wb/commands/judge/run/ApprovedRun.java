package dev.wb.commands.judge.run;

import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.wb.commands.base.Workspace;
import dev.wb.commands.capsule.DeclaredCommand;
import dev.wb.commands.capsule.ValidationBlock;
import dev.wb.commands.config.WorkspaceConfig;
import dev.wb.commands.judge.core.Timings;
import dev.wb.commands.judge.run.JudgeRun.CommandResult;
import dev.wb.commands.judge.run.JudgeRun.Progress;
import dev.wb.commands.judge.run.JudgeRun.Result;
import dev.wb.commands.judge.snapshot.IsolatedCopy;
import dev.wb.commands.judge.snapshot.LiveTree;
import dev.wb.commands.judge.snapshot.Snapshot;
import dev.wb.commands.judge.snapshot.Snapshots;
import dev.wb.commands.process.Redactor;
import dev.wb.projections.events.judge.JudgeRunFinished.CommandStatus;
import dev.wb.projections.events.judge.JudgeRunMode;
import dev.wb.projections.events.judge.JudgeRunOutcome;
import java.nio.file.Path;
import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;

/**
 * The approved commands of one run, under the run lock: in place, against the live tree compared
 * with the snapshot before, during and after; or in a disposable copy with Node dependencies
 * installed. Each ends in the run's verdict and its receipt.
 */
final class ApprovedRun {

    private final Workspace workspace;
    private final Snapshot snapshot;
    private final ValidationBlock validation;
    private final CommandApprovals.Approval approval;
    private final RunRecorder recorder;
    private final Map<String, String> env;
    private final Clock clock;
    private final Timings timings;
    private final Progress progress;
    private final List<String> notices;

    /** What was approved to run: the snapshot, its capsule's validation and the approval of its list. */
    record Approved(Snapshot snapshot, ValidationBlock validation, CommandApprovals.Approval approval) {}

    /** What a run runs with: the workspace, the environment, the clock, the timings and the progress drawn. */
    record Context(Workspace workspace, Map<String, String> env, Clock clock, Timings timings, Progress progress) {}

    ApprovedRun(Approved approved, Context context, RunRecorder recorder, List<String> notices) {
        this.workspace = context.workspace();
        this.snapshot = approved.snapshot();
        this.validation = approved.validation();
        this.approval = approved.approval();
        this.recorder = recorder;
        this.env = context.env();
        this.clock = context.clock();
        this.timings = context.timings();
        this.progress = context.progress();
        this.notices = notices;
    }

    Result inPlace() {
        LiveTree.Comparison before = timings.phase("compare-before", () -> LiveTree.compare(workspace, snapshot, env));
        if (!before.matches()) {
            return recorder.refused(
                    JudgeRunOutcome.TREE_MISMATCH,
                    "the working tree no longer matches " + snapshot.label() + ": "
                            + Snapshots.sample(before.changed()),
                    before.changed(),
                    false);
        }
        Instant startedAt = Instant.now(clock);
        recorder.started(JudgeRunMode.IN_PLACE, validation, approval);
        List<CommandResult> results = new ArrayList<>();
        List<String> changed = List.of();
        List<DeclaredCommand> declared = validation.commands();
        Redactor redactor = Redactor.forWorkspace(workspace, env);
        for (int i = 0; i < declared.size(); i++) {
            DeclaredCommand command = declared.get(i);
            results.add(CommandRun.run(setting(workspace.root(), redactor), i + 1, declared.size(), command));
            if (JudgeRun.INTERRUPTED.get()) {
                notices.add("interrupted (Ctrl-C or SIGTERM): the commands after " + (i + 1) + " did not run");
                for (int k = i + 1; k < declared.size(); k++) {
                    results.add(CommandRun.notRun(k + 1, declared.get(k)));
                }
                break;
            }
            LiveTree.Comparison during =
                    timings.phase("compare-during", () -> LiveTree.compare(workspace, snapshot, env));
            if (!during.matches()) {
                changed = during.changed();
                for (int k = i + 1; k < declared.size(); k++) {
                    results.add(CommandRun.notRun(k + 1, declared.get(k)));
                }
                break;
            }
        }
        LiveTree.Comparison after = timings.phase("compare-after", () -> LiveTree.compare(workspace, snapshot, env));
        if (changed.isEmpty() && !after.matches()) {
            changed = after.changed();
        }
        JudgeRunOutcome outcome = !changed.isEmpty() ? JudgeRunOutcome.INVALIDATED : verdict(results);
        ObjectNode receipt = receiptBody(results, JudgeRunMode.IN_PLACE, changed, startedAt, outcome);
        receipt.put("contentBefore", before.contentDigest());
        receipt.put("contentAfter", after.contentDigest());
        return recorder.finished(outcome, JudgeRunMode.IN_PLACE, results, changed, receipt, notices);
    }

    Result isolated() {
        Instant startedAt = Instant.now(clock);
        try (IsolatedCopy copy = timings.phase("copy", () -> IsolatedCopy.of(snapshot))) {
            Duration limit = Duration.ofSeconds(WorkspaceConfig.load(workspace).verifyTimeoutSeconds());
            timings.phase(
                    "dependencies",
                    () -> NodeInstall.plan(copy.dir(), env).ifPresent(argv -> {
                        Path output = CommandRun.outputFile(workspace);
                        NodeInstall.run(argv, copy.dir(), env, limit, output); // kept for the user if it fails
                        CommandRun.deleteQuietly(output);
                    }));
            recorder.started(JudgeRunMode.ISOLATED, validation, approval);
            List<CommandResult> results = new ArrayList<>();
            List<DeclaredCommand> declared = validation.commands();
            Redactor redactor = Redactor.forWorkspace(workspace, env);
            for (int i = 0; i < declared.size(); i++) {
                if (JudgeRun.INTERRUPTED.get()) {
                    notices.add("interrupted (Ctrl-C or SIGTERM): the commands from " + (i + 1) + " on did not run");
                    results.add(CommandRun.notRun(i + 1, declared.get(i)));
                    continue;
                }
                results.add(CommandRun.run(setting(copy.dir(), redactor), i + 1, declared.size(), declared.get(i)));
            }
            List<String> drift = timings.phase("drift", () -> copy.drift(snapshot));
            JudgeRunOutcome outcome = drift.isEmpty() ? verdict(results) : JudgeRunOutcome.FAILED;
            if (!drift.isEmpty()) {
                notices.add("validation changed reviewed content in the disposable copy: " + Snapshots.sample(drift));
            }
            ObjectNode receipt = receiptBody(results, JudgeRunMode.ISOLATED, drift, startedAt, outcome);
            return timings.phase(
                    "cleanup",
                    () -> recorder.finished(outcome, JudgeRunMode.ISOLATED, results, drift, receipt, notices));
        }
    }

    private CommandRun.Setting setting(Path dir, Redactor redactor) {
        return new CommandRun.Setting(workspace, dir, env, redactor, timings, progress);
    }

    private static JudgeRunOutcome verdict(List<CommandResult> results) {
        if (JudgeRun.INTERRUPTED.get()) {
            return JudgeRunOutcome.FAILED;
        }
        boolean requiredFailed = results.stream().anyMatch(r -> !r.optional() && r.status() != CommandStatus.PASSED);
        boolean anyPassed = results.stream().anyMatch(r -> r.status() == CommandStatus.PASSED);
        return requiredFailed || !anyPassed ? JudgeRunOutcome.FAILED : JudgeRunOutcome.PASSED;
    }

    private ObjectNode receiptBody(
            List<CommandResult> results,
            JudgeRunMode mode,
            List<String> drift,
            Instant startedAt,
            JudgeRunOutcome outcome) {
        ObjectNode body = RunRecorder.receiptHead(snapshot, validation, mode);
        body.put("approval", approval.how().wireName());
        body.put("approvedListDigest", approval.listDigest());
        drift.forEach(body.putArray("boundaryDrift")::add);
        if (drift.isEmpty()) {
            body.putArray("boundaryDrift");
        }
        ArrayNode list = body.putArray("results");
        results.forEach(r -> list.add(RunRecorder.resultJson(r)));
        body.put("passed", outcome == JudgeRunOutcome.PASSED);
        body.put("outcome", outcome.wireName());
        body.put("startedAt", startedAt.toString());
        body.put("finishedAt", Instant.now(clock).toString());
        return body;
    }
}
