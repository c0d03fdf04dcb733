package dev.wb.commands.judge.record;

import dev.wb.commands.InputFiles;
import dev.wb.commands.Workspace;
import dev.wb.commands.capsule.Capsule;
import dev.wb.commands.capsule.ValidationBlock;
import dev.wb.commands.judge.core.ReviewRecord;
import dev.wb.commands.judge.run.JudgeRun;
import dev.wb.commands.judge.snapshot.Snapshot;
import dev.wb.projections.events.judge.RuntimeValidation;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Optional;

/**
 * Verification of a review record: its shape (schema 6, or the legacy 5), its boundary recomputed
 * (a snapshot and every ancestor intact, or a commit or working-tree scope computed again), the wb
 * version that wrote it, the capsule's defects, and — for an APPROVED verdict — everything approval
 * requires ({@link RecordRules}). What backs the record's claims that commands passed is the
 * {@link Evidence}: nothing (plain: taken on trust, said in a notice), a pinned receipt (executes nothing;
 * {@link PinnedReceipt}), or a fresh run.
 * Reasons reject the record; notices never do.
 */
public final class RecordVerification {

    /**
     * The outcome: valid when there is no reason; approved when valid and APPROVED. {@code runtime}
     * is what is known now of runtime validation: verified (a pinned receipt or a fresh run backs it),
     * trusted (the record's own claims), unknown (a legacy capsule without a validation section) or not
     * applicable (a documentation capsule).
     */
    public record Outcome(
            Optional<ReviewRecord> record,
            Optional<Snapshot> snapshot,
            List<String> reasons,
            List<String> notices,
            RuntimeValidation runtime) {
        public boolean valid() {
            return reasons.isEmpty();
        }

        public boolean approved() {
            return valid() && record.map(ReviewRecord::approved).orElse(false);
        }
    }

    /** What backs the record's claims that commands passed. */
    public sealed interface Evidence {}

    /** Nothing: the record's claims are taken on trust, and each is named in a notice. */
    public record Plain() implements Evidence {}

    /** A receipt whose digest the caller observed {@code wb judge run} print. */
    public record Pinned(String digest) implements Evidence {}

    /**
     * A fresh run's statuses by normalised command ({@code passed}, {@code failed}, {@code not-run}),
     * the reviewed files it changed, and each command's result.
     */
    public record Observed(Map<String, String> statuses, List<String> drift, List<JudgeRun.CommandResult> results)
            implements Evidence {
        public Observed(Map<String, String> statuses, List<String> drift) {
            this(statuses, drift, List.of());
        }
    }

    private RecordVerification() {}

    public static Outcome withReceipt(
            Workspace workspace, Path recordFile, String pinnedDigest, Map<String, String> env) {
        return verify(workspace, recordFile, new Pinned(pinnedDigest), env);
    }

    /**
     * A review record's bytes, read as every input is (InputFiles): inside the repository (records are
     * saved under .workflow/local/judge/), a regular file of at most 4 MiB, UTF-8; empty when there is none.
     */
    public static Optional<byte[]> read(Workspace workspace, Path recordFile) throws InputFiles.Unusable {
        return InputFiles.read(workspace.root(), recordFile, InputFiles.Kind.REVIEW_RECORD)
                .map(InputFiles.Content::textBytes);
    }

    public static Outcome verify(Workspace workspace, Path recordFile, Evidence evidence, Map<String, String> env) {
        byte[] bytes;
        try {
            Optional<byte[]> read = read(workspace, recordFile);
            if (read.isEmpty()) {
                return unread(List.of("the record " + recordFile + " does not exist"));
            }
            bytes = read.get();
        } catch (InputFiles.Unusable e) {
            return unread(List.of("the record " + e.getMessage() + " (fix: " + e.fix() + ")"));
        }
        ReviewRecord.Reading reading = ReviewRecord.read(bytes);
        if (reading.record().isEmpty()) {
            return unread(reading.problems());
        }
        return verify(workspace, reading.record().get(), evidence, env);
    }

    /** The outcome of a record that could not be read: only why. */
    private static Outcome unread(List<String> reasons) {
        return new Outcome(Optional.empty(), Optional.empty(), reasons, List.of(), RuntimeValidation.UNKNOWN);
    }

    /** Checks a record that was read against its boundary, its capsule and the evidence of its tests. */
    private static Outcome verify(
            Workspace workspace, ReviewRecord record, Evidence evidence, Map<String, String> env) {
        List<String> reasons = new ArrayList<>();
        List<String> notices = new ArrayList<>();
        if (record.legacy()) {
            notices.add("Review record uses legacy schema version " + ReviewRecord.LEGACY_VERSION + "; per-criterion"
                    + " results are not enforced for it.");
        }
        if (!record.taskId().equals(record.scope().path("taskId").asText())) {
            reasons.add("record.taskId does not match scope.taskId.");
        }
        Boundary boundary = Boundary.of(workspace, record, evidence, env, reasons);
        if (boundary == null) {
            return new Outcome(Optional.of(record), Optional.empty(), reasons, notices, RuntimeValidation.UNKNOWN);
        }
        VersionGate.check(record.scope().path("cliVersion").asText(""), reasons, notices);
        Capsule capsule = boundary.capsule();
        capsule.problems().forEach(p -> reasons.add("capsule defect: " + p.render()));
        ValidationBlock validation = capsule.validation();
        Optional<Map<String, String>> observed = Optional.empty();
        if (evidence instanceof Pinned pinned) {
            observed = PinnedReceipt.check(
                    boundary.snapshot().orElseThrow(), pinned.digest(), record, validation, reasons, notices);
        } else if (evidence instanceof Observed run) {
            run.drift().forEach(path -> reasons.add("re-execution changed reviewed content: " + path));
            observed = Optional.of(run.statuses());
        }
        RuntimeValidation runtime = runtime(validation, evidence);
        applyRules(record, capsule, observed, reasons, notices);
        if (evidence instanceof Plain) {
            notices.addAll(onTrust(record, validation));
        }
        notices.addAll(ProofDocs.notices(capsule, boundary.reader(), workspace));
        notices.addAll(CapsuleNotices.openQuestions(capsule));
        notices.addAll(boundary.clarification());
        if (!record.independent()) {
            notices.add("the record says independent: false (the reviewer implemented the task, or had no isolation)");
        }
        return new Outcome(Optional.of(record), boundary.snapshot(), reasons, notices, runtime);
    }

    /** The record's rules: its tests, issues, criteria and proofs, each as far as its schema and verdict bind it. */
    private static void applyRules(
            ReviewRecord record,
            Capsule capsule,
            Optional<Map<String, String>> observed,
            List<String> reasons,
            List<String> notices) {
        if (record.approved()) {
            RecordRules.tests(record, capsule.validation(), observed, reasons, notices);
            if (record.legacy()) {
                RecordRules.issues(record, reasons);
            }
        }
        if (!record.legacy()) {
            RecordRules.criteria(record, capsule, reasons);
        }
        if (record.approved() && !record.legacy()) {
            RecordRules.proofs(record, capsule, observed, reasons);
        }
    }

    /** A notice for each passed declared command a plain verification accepts without observing it. */
    private static List<String> onTrust(ReviewRecord record, ValidationBlock validation) {
        if (!validation.shape().approvable() || validation.shape() == ValidationBlock.Shape.DOCUMENTATION) {
            return List.of();
        }
        return record.tests().stream()
                .filter(t -> t.status().equals("passed")
                        && validation.find(t.command()).isPresent())
                .map(t -> "execution not observed: " + t.command() + " accepted on trust (pin the"
                        + " receipt with --receipt-digest, or re-run with --run-tests)")
                .toList();
    }

    private static RuntimeValidation runtime(ValidationBlock validation, Evidence evidence) {
        if (validation.shape() == ValidationBlock.Shape.LEGACY) {
            return RuntimeValidation.UNKNOWN;
        }
        if (validation.shape() == ValidationBlock.Shape.DOCUMENTATION) {
            return RuntimeValidation.NOT_APPLICABLE;
        }
        return evidence instanceof Plain ? RuntimeValidation.TRUSTED : RuntimeValidation.VERIFIED;
    }
}
