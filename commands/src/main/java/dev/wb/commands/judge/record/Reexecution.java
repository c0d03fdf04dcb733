package dev.wb.commands.judge.record;

import dev.wb.commands.Failure;
import dev.wb.commands.Workspace;
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
     * Re-runs the validation the record's snapshot candidate declares, in that snapshot: its capsule read
     * from the snapshot's own worktree, under this workspace's read policy.
     */
    static RecordVerification.Observed inSnapshot(
            Workspace workspace,
            ReviewRecord record,
            List<String> approvals,
            Optional<CommandApprovals.Terminal> terminal,
            Map<String, String> env,
            Timings timings) {
        Snapshot snapshot = Snapshots.load(workspace, Candidate.snapshotId(record.candidate()), env);
        Capsule capsule = Capsule.read(
                snapshot.worktree(), TaskKey.parse(snapshot.taskId()).orElseThrow(), ReadPolicy.load(workspace));
        return run(workspace, snapshot, capsule.validation(), record, approvals, terminal, env, timings);
    }

    static RecordVerification.Observed run(
            Workspace workspace,
            Snapshot snapshot,
            ValidationBlock validation,
            ReviewRecord record,
            List<String> approvals,
            Optional<CommandApprovals.Terminal> terminal,
            Map<String, String> env,
            Timings timings) {
        Map<String, String> statuses = new LinkedHashMap<>();
        if (!validation.shape().approvable() || validation.shape() == ValidationBlock.Shape.DOCUMENTATION) {
            return new RecordVerification.Observed(statuses, List.of());
        }
        TaskKey key = TaskKey.parse(snapshot.taskId()).orElseThrow();
        try {
            timings.phase(
                    "approval",
                    () -> new CommandApprovals(workspace)
                            .require(key, validation.normalizedCommands(), approvals, terminal));
        } catch (CommandApprovals.Missing | CommandApprovals.Mismatch e) {
            throw new Failure(
                    Failure.Kind.USAGE,
                    e.getMessage(),
                    List.of(
                            "approve the list once: wb task" + " approve-commands " + key
                                    + ", or pass one --approve-commands per command, in declared order",
                            "or pin the receipt you observed: --receipt-digest sha256:<hex>"));
        }
        Redactor redactor = Redactor.forWorkspace(workspace, env);
        try (IsolatedCopy copy = timings.phase("copy", () -> IsolatedCopy.of(snapshot))) {
            Duration limit = Duration.ofSeconds(WorkspaceConfig.load(workspace).verifyTimeoutSeconds());
            timings.phase(
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
                JudgeRun.CommandResult result = CommandRun.run(
                        workspace,
                        i + 1,
                        declared.size(),
                        command,
                        copy.dir(),
                        env,
                        redactor,
                        timings,
                        JudgeRun.Progress.NONE);
                statuses.merge(command.normalized(), result.status().wireName(), (a, b) -> a.equals("passed") ? b : a);
                results.add(result);
            }
            return new RecordVerification.Observed(statuses, copy.drift(snapshot), results);
        }
    }
}
