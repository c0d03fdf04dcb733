package dev.wb.commands.judge.record;

import dev.wb.commands.InputFiles;
import dev.wb.commands.base.Failure;
import dev.wb.commands.base.Workspace;
import dev.wb.commands.judge.core.ReviewRecord;
import dev.wb.commands.judge.core.Timings;
import dev.wb.commands.judge.run.CommandApprovals;
import dev.wb.commands.judge.snapshot.Snapshot;
import dev.wb.commands.judge.snapshot.SnapshotBuilder;
import dev.wb.commands.judge.snapshot.SnapshotCapture;
import dev.wb.commands.policy.ReadPolicy;
import dev.wb.engine.TaskKey;
import java.nio.file.Path;
import java.time.Clock;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Optional;

/**
 * {@code wb judge snapshot KEY --from-review <record>}: after an approved review, captures only the
 * newer changes. The parent record is verified strongly first — against the receipt digest the
 * caller pinned, or by re-running its claimed commands after approval — and the new snapshot's base
 * is the parent's candidate commit, fetched from the parent snapshot. It inherits the parent's
 * included tasks, binds the parent's id and the record's digest into its own id, and can be loaded
 * only while every ancestor is intact. It approves nothing: the delta needs its own run and review.
 */
public final class CatchUpCapture {

    public record Request(
            TaskKey key,
            Path record,
            Optional<String> receiptDigest,
            List<String> approvals,
            boolean allowEmpty,
            Optional<CommandApprovals.Terminal> terminal) {}

    private CatchUpCapture() {}

    public static SnapshotCapture.Result capture(
            Workspace workspace, Request request, Map<String, String> env, Clock clock, Timings timings) {
        workspace.ensureLocalDir();
        if (request.receiptDigest().isPresent() && !request.approvals().isEmpty()) {
            throw Failure.usage(
                    "--receipt-digest and --approve-commands cannot be combined",
                    "pin the receipt you observed (executes nothing), or approve a fresh run of the parent's commands");
        }
        RecordVerification.Evidence evidence = request.receiptDigest()
                .<RecordVerification.Evidence>map(RecordVerification.Pinned::new)
                .orElseGet(() -> timings.phase("reexecution", () -> rerun(workspace, request, env, timings)));
        RecordVerification.Outcome parent = timings.phase(
                "verify-parent", () -> RecordVerification.verify(workspace, request.record(), evidence, env));
        if (!parent.approved()) {
            List<String> why = new ArrayList<>(parent.reasons());
            parent.record()
                    .filter(r -> !r.approved())
                    .ifPresent(r -> why.add(0, "the verdict is " + r.verdict() + ", not APPROVED"));
            throw new Failure(
                    Failure.Kind.CHECK_FAILED,
                    "the parent review " + request.record() + " is not a verified approval: " + String.join("; ", why),
                    List.of("a catch-up capture needs an APPROVED record whose evidence verifies; otherwise capture"
                            + " a full snapshot: wb judge snapshot " + request.key() + " --base REF"));
        }
        ReviewRecord record = parent.record().orElseThrow();
        Snapshot parentSnapshot = parent.snapshot().orElseThrow();
        if (!record.taskId().equals(request.key().value())) {
            throw Failure.usage(
                    "the parent review is of " + record.taskId() + ", not " + request.key(),
                    "catch up the task it reviewed: wb judge snapshot " + record.taskId() + " --from-review "
                            + request.record());
        }
        List<TaskKey> includes = new ArrayList<>();
        parentSnapshot
                .scope()
                .includedTaskIds()
                .forEach(t -> includes.add(TaskKey.parse(t).orElseThrow()));
        SnapshotBuilder.Plan plan = new SnapshotBuilder.Plan(
                request.key(),
                parentSnapshot.candidateCommit(),
                Optional.of(parentSnapshot.label()),
                parentSnapshot.worktree(),
                includes,
                request.allowEmpty(),
                Optional.empty(),
                Optional.of(parentSnapshot.id()),
                Optional.of(record.digest()),
                Optional.empty());
        return SnapshotCapture.publishBuilt(
                new SnapshotBuilder.Context(workspace, ReadPolicy.load(workspace), env, clock, timings),
                plan,
                built -> {});
    }

    private static RecordVerification.Evidence rerun(
            Workspace workspace, Request request, Map<String, String> env, Timings timings) {
        byte[] bytes;
        try {
            bytes = RecordVerification.read(workspace, request.record())
                    .orElseThrow(() -> Failure.missing(
                            "no review record at " + request.record(),
                            "give the path of the record the judge returned, under .workflow/local/judge/"));
        } catch (InputFiles.Unusable e) {
            throw e.failure(Failure.Kind.MISSING);
        }
        ReviewRecord.Reading reading = ReviewRecord.read(bytes);
        if (reading.record().isEmpty() || !reading.record().get().candidate().startsWith("SNAPSHOT:")) {
            // Verification reports exactly what is wrong; there is nothing to re-run.
            return new RecordVerification.Observed(Map.of(), List.of());
        }
        ReviewRecord record = reading.record().get();
        return Reexecution.inSnapshot(
                new Reexecution.Context(workspace, request.approvals(), request.terminal(), env, timings), record);
    }
}
