package dev.wb.commands.judge.reproduce;

import dev.wb.commands.InputFiles;
import dev.wb.commands.Session;
import dev.wb.commands.base.Failure;
import dev.wb.commands.base.Workspace;
import dev.wb.commands.judge.core.ReviewRecord;
import dev.wb.commands.judge.record.RecordFacts;
import dev.wb.commands.judge.record.RecordLog;
import dev.wb.commands.judge.record.RecordVerification;
import dev.wb.commands.judge.record.VersionGate;
import dev.wb.commands.judge.snapshot.Candidate;
import dev.wb.commands.judge.snapshot.Snapshot;
import dev.wb.commands.judge.snapshot.Snapshots;
import java.nio.file.Files;
import java.nio.file.LinkOption;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Optional;

/**
 * The generator's review, as {@code wb judge reproduce} accepts it: a verified APPROVED record of a
 * snapshot. A record that names a {@code receiptDigest} is verified strongly against that receipt
 * ({@link RecordVerification}, executes nothing); one without gets the checks that need no receipt:
 * its shape, its snapshot and every ancestor intact, its task, the wb version it was made under, its
 * scope digest recomputed from the snapshot, and the verdict APPROVED. The snapshot's tree is the
 * reviewed content the generator's inputs are compared with.
 */
final class ReproduceReview {

    /** The verified record's snapshot, or the reasons it is refused. */
    record Outcome(Optional<Snapshot> snapshot, Optional<ReviewRecord> record, List<String> reasons) {}

    private ReproduceReview() {}

    static Outcome verify(Session session, Path file, Map<String, String> env) {
        Workspace workspace = session.workspace();
        String shown = workspace.root().relativize(file).toString();
        if (!Files.isRegularFile(file, LinkOption.NOFOLLOW_LINKS)) {
            return refused("the generator review " + shown + " is not a file (a link is not followed)");
        }
        byte[] bytes;
        try {
            Optional<byte[]> read = RecordVerification.read(workspace, file);
            if (read.isEmpty()) {
                return refused("the generator review " + shown + " does not exist");
            }
            bytes = read.get();
        } catch (InputFiles.Unusable e) {
            return refused("the generator review " + e.getMessage());
        }
        RecordLog.noteRead(session, file, RecordFacts.of(bytes));
        ReviewRecord.Reading reading = ReviewRecord.read(bytes);
        if (reading.record().isEmpty()) {
            return refused("the generator review " + shown + " is not a review record: "
                    + String.join("; ", reading.problems()));
        }
        ReviewRecord record = reading.record().get();
        String prefix = "the generator review " + shown + ": ";
        if (record.receiptDigest().isPresent()) {
            RecordVerification.Outcome strong = RecordVerification.verify(
                    workspace,
                    file,
                    new RecordVerification.Pinned(record.receiptDigest().get()),
                    env);
            List<String> reasons = new ArrayList<>();
            strong.reasons().forEach(r -> reasons.add(prefix + r));
            return new Outcome(strong.snapshot(), Optional.of(record), reasons);
        }
        return unpinned(workspace, record, prefix, env);
    }

    /** A record without a pinned receipt: an approval of the snapshot it names, its scope recomputed. */
    private static Outcome unpinned(Workspace workspace, ReviewRecord record, String prefix, Map<String, String> env) {
        List<String> reasons = new ArrayList<>();
        if (record.legacy()) {
            reasons.add(prefix + "a legacy (schema 5) record is not a verified approval");
        }
        if (!record.candidate().startsWith("SNAPSHOT:")) {
            reasons.add(prefix + "its candidate is " + record.candidate() + ", not a snapshot");
            return new Outcome(Optional.empty(), Optional.of(record), reasons);
        }
        Snapshot snapshot;
        try {
            snapshot = Snapshots.load(workspace, Candidate.snapshotId(record.candidate()), env);
        } catch (Failure e) {
            reasons.add(prefix + e.getMessage());
            return new Outcome(Optional.empty(), Optional.of(record), reasons);
        }
        if (!record.taskId().equals(snapshot.taskId())) {
            reasons.add(prefix + "it is for " + record.taskId() + " but its snapshot is of " + snapshot.taskId());
        }
        VersionGate.reason(record.scope().path("cliVersion").asText("")).ifPresent(r -> reasons.add(prefix + r));
        try {
            String recomputed = Snapshots.scopeOf(snapshot, env).scopeDigest();
            if (!recomputed.equals(record.scopeDigest())) {
                reasons.add(
                        prefix + "its scopeDigest " + record.scopeDigest() + " is not the snapshot's " + recomputed);
            }
        } catch (Failure e) {
            reasons.add(prefix + "its scope cannot be recomputed from its snapshot: " + e.getMessage());
        }
        if (!record.approved()) {
            reasons.add(prefix + "the verdict is " + record.verdict() + ", not APPROVED");
        }
        return new Outcome(Optional.of(snapshot), Optional.of(record), reasons);
    }

    private static Outcome refused(String reason) {
        return new Outcome(Optional.empty(), Optional.empty(), List.of(reason));
    }
}
