package dev.wb.commands.judge.record;

import dev.wb.commands.base.Failure;
import dev.wb.commands.base.Workspace;
import dev.wb.commands.capsule.Capsule;
import dev.wb.commands.capsule.DeclaredCommand;
import dev.wb.commands.capsule.ValidationBlock;
import dev.wb.commands.config.WorkspaceConfig;
import dev.wb.commands.judge.core.ReviewRecord;
import dev.wb.commands.judge.core.Timings;
import dev.wb.commands.judge.run.CommandApprovals;
import dev.wb.commands.judge.run.CommandRun;
import dev.wb.commands.judge.run.JudgeRun;
import dev.wb.commands.judge.run.NodeInstall;
import dev.wb.commands.judge.snapshot.Candidate;
import dev.wb.commands.judge.snapshot.IsolatedCopy;
import dev.wb.commands.judge.snapshot.Snapshot;
import dev.wb.commands.judge.snapshot.Snapshots;
import dev.wb.commands.policy.ReadPolicy;
import dev.wb.commands.process.Redactor;
import dev.wb.engine.TaskKey;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;

/**
 * A fresh run of the declared commands a record claims passed, after approval of the declared list,
 * in a disposable copy of the snapshot with dependencies installed from its lockfile — never in the
 * live tree, and never in the snapshot, which stays immutable. Only declared commands run: a record
 * has no path to a shell. Used by a catch-up capture that strongly verifies its parent without a
 * pinned receipt.
 */
final class Reexecution {

    private Reexecution() {}

    /**
     * What a re-execution runs with: the workspace, the approvals given for the declared list (flags,
     * or a terminal to ask at), the environment and the timings it is measured into.
     */
    record Context(
            Workspace workspace,
            List<String> approvals,
            Optional<CommandApprovals.Terminal> terminal,
            Map<String, String> env,
            Timings timings) {}

    /**
     * Re-runs the validation the record's snapshot candidate declares, in that snapshot: its capsule read
     * from the snapshot's own worktree, under this workspace's read policy.
     */
    static RecordVerification.Observed inSnapshot(Context context, ReviewRecord record) {
        Workspace workspace = context.workspace();
        Snapshot snapshot = Snapshots.load(workspace, Candidate.snapshotId(record.candidate()), context.env());
        Capsule capsule = Capsule.read(
                snapshot.worktree(), TaskKey.parse(snapshot.taskId()).orElseThrow(), ReadPolicy.load(workspace));
        return run(context, snapshot, capsule.validation(), record);
    }

    static RecordVerification.Observed run(
            Context context, Snapshot snapshot, ValidationBlock validation, ReviewRecord record) {
        if (!validation.shape().approvable() || validation.shape() == ValidationBlock.Shape.DOCUMENTATION) {
            return new RecordVerification.Observed(new LinkedHashMap<>(), List.of());
        }
        approve(context, TaskKey.parse(snapshot.taskId()).orElseThrow(), validation);
        Timings timings = context.timings();
        try (IsolatedCopy copy = timings.phase("copy", () -> IsolatedCopy.of(snapshot))) {
            installDependencies(context, copy);
            Map<String, String> statuses = new LinkedHashMap<>();
            List<JudgeRun.CommandResult> results = runClaimed(context, copy, validation, record, statuses);
            return new RecordVerification.Observed(statuses, copy.drift(snapshot), results);
        }
    }

    /** Requires the approval of the declared list; without it, nothing runs and the user is told how. */
    private static void approve(Context context, TaskKey key, ValidationBlock validation) {
        try {
            context.timings()
                    .phase(
                            "approval",
                            () -> new CommandApprovals(context.workspace())
                                    .require(
                                            key,
                                            validation.normalizedCommands(),
                                            context.approvals(),
                                            context.terminal()));
        } catch (CommandApprovals.Missing | CommandApprovals.Mismatch e) {
            throw new Failure(
                    Failure.Kind.USAGE,
                    e.getMessage(),
                    List.of(
                            "approve the list once: wb task" + " approve-commands " + key
                                    + ", or pass one --approve-commands per command, in declared order",
                            "or pin the receipt you observed: --receipt-digest sha256:<hex>"));
        }
    }

    /** Installs the copy's Node dependencies from its lockfile, when it declares any. */
    private static void installDependencies(Context context, IsolatedCopy copy) {
        Map<String, String> env = context.env();
        Duration limit =
                Duration.ofSeconds(WorkspaceConfig.load(context.workspace()).verifyTimeoutSeconds());
        context.timings()
                .phase(
                        "dependencies",
                        () -> NodeInstall.plan(copy.dir(), env).ifPresent(argv -> {
                            Path output = copy.dir().resolveSibling(copy.dir().getFileName() + ".install.out");
                            NodeInstall.run(argv, copy.dir(), env, limit, output); // kept for the user if it fails
                            try {
                                Files.deleteIfExists(output);
                            } catch (IOException ignored) {
                                // a temporary file in the system's temporary folder
                            }
                        }));
    }

    /**
     * Runs, in the copy, each declared command the record claims passed; records every command's status
     * in {@code statuses} ({@code not-run} for one not claimed) and returns the results of those that ran.
     */
    private static List<JudgeRun.CommandResult> runClaimed(
            Context context,
            IsolatedCopy copy,
            ValidationBlock validation,
            ReviewRecord record,
            Map<String, String> statuses) {
        Redactor redactor = Redactor.forWorkspace(context.workspace(), context.env());
        CommandRun.Setting setting = new CommandRun.Setting(
                context.workspace(), copy.dir(), context.env(), redactor, context.timings(), JudgeRun.Progress.NONE);
        List<DeclaredCommand> declared = validation.commands();
        List<JudgeRun.CommandResult> results = new ArrayList<>();
        for (int i = 0; i < declared.size(); i++) {
            DeclaredCommand command = declared.get(i);
            boolean claimed = record.tests().stream()
                    .anyMatch(t -> t.status().equals("passed")
                            && validation.find(t.command()).equals(Optional.of(command)));
            if (!claimed) {
                statuses.put(command.normalized(), "not-run");
                continue;
            }
            JudgeRun.CommandResult result = CommandRun.run(setting, i + 1, declared.size(), command);
            statuses.merge(command.normalized(), result.status().wireName(), (a, b) -> a.equals("passed") ? b : a);
            results.add(result);
        }
        return results;
    }
}
