package dev.wb.commands.judge.record;

import com.fasterxml.jackson.databind.JsonNode;
import dev.wb.commands.InputFiles;
import dev.wb.commands.Workspace;
import dev.wb.commands.capsule.Capsule;
import dev.wb.commands.capsule.DeclaredCommand;
import dev.wb.commands.capsule.ValidationBlock;
import dev.wb.commands.judge.core.ReviewRecord;
import dev.wb.commands.judge.run.JudgeRun;
import dev.wb.commands.judge.run.Lockfiles;
import dev.wb.commands.judge.run.Receipt;
import dev.wb.commands.judge.snapshot.Snapshot;
import dev.wb.engine.Digests;
import dev.wb.engine.json.CanonicalJson;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;

/**
 * Verification of a review record: its shape (schema 6, or the legacy 5), its boundary recomputed
 * (a snapshot and every ancestor intact, or a commit or working-tree scope computed again), the wb
 * version that wrote it, the capsule's defects, and — for an APPROVED verdict — everything approval
 * requires. What backs the record's claims that commands passed is the {@link Evidence}: nothing
 * (plain: taken on trust, said in a notice), a pinned receipt (executes nothing), or a fresh run.
 * Reasons reject the record; notices never do.
 */
public final class RecordVerification {

    /**
     * The outcome: valid when there is no reason; approved when valid and APPROVED. {@code runtime}
     * is what is known now of runtime validation: {@code verified} (a pinned receipt or a fresh run
     * backs it), {@code trusted} (the record's own claims), {@code unknown} (a legacy capsule without
     * a validation section) or {@code not-applicable-to-runtime} (a documentation capsule).
     */
    public record Outcome(
            Optional<ReviewRecord> record,
            Optional<Snapshot> snapshot,
            List<String> reasons,
            List<String> notices,
            String runtime) {
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
        List<String> reasons = new ArrayList<>();
        List<String> notices = new ArrayList<>();
        byte[] bytes;
        try {
            Optional<byte[]> read = read(workspace, recordFile);
            if (read.isEmpty()) {
                return new Outcome(
                        Optional.empty(),
                        Optional.empty(),
                        List.of("the record " + recordFile + " does not exist"),
                        List.of(),
                        "unknown");
            }
            bytes = read.get();
        } catch (InputFiles.Unusable e) {
            return new Outcome(
                    Optional.empty(),
                    Optional.empty(),
                    List.of("the record " + e.getMessage() + " (fix: " + e.fix() + ")"),
                    List.of(),
                    "unknown");
        }
        ReviewRecord.Reading reading = ReviewRecord.read(bytes);
        if (reading.record().isEmpty()) {
            return new Outcome(Optional.empty(), Optional.empty(), reading.problems(), List.of(), "unknown");
        }
        ReviewRecord record = reading.record().get();
        if (record.legacy()) {
            notices.add("Review record uses legacy schema version " + ReviewRecord.LEGACY_VERSION + "; per-criterion"
                    + " results are not enforced for it.");
        }
        if (!record.taskId().equals(record.scope().path("taskId").asText())) {
            reasons.add("record.taskId does not match scope.taskId.");
        }
        Boundary boundary = Boundary.of(workspace, record, evidence, env, reasons);
        if (boundary == null) {
            return new Outcome(Optional.of(record), Optional.empty(), reasons, notices, "unknown");
        }
        VersionGate.check(record.scope().path("cliVersion").asText(""), reasons, notices);
        Capsule capsule = boundary.capsule();
        capsule.problems().forEach(p -> reasons.add("capsule defect: " + p.render()));
        ValidationBlock validation = capsule.validation();
        Optional<Map<String, String>> observed = Optional.empty();
        if (evidence instanceof Pinned pinned) {
            Optional<JsonNode> receipt = receipt(boundary.snapshot().orElseThrow(), pinned.digest(), reasons);
            if (record.receiptDigest().isPresent()
                    && !record.receiptDigest().get().equals(pinned.digest())) {
                reasons.add("the record's receiptDigest "
                        + record.receiptDigest().get() + " is not the pinned " + pinned.digest());
            }
            receipt.ifPresent(r -> bindings(r, boundary.snapshot().orElseThrow(), validation, reasons));
            receipt.ifPresent(r -> notices.add("receipt mode: "
                    + (r.path("receiptVersion").asInt() == 1
                            ? "isolated" + " (a version 1 receipt)"
                            : r.path("mode").asText())
                    + switch (r.path("mode").asText("isolated")) {
                        case "in-place" ->
                            ": passed in the developer's own environment, which may not match the" + " lockfile";
                        case "isolated" -> ": passed in a disposable copy with dependencies from the lockfile";
                        default -> ": no runtime validation was run";
                    }));
            observed = receipt.map(RecordVerification::statuses);
        } else if (evidence instanceof Observed run) {
            run.drift().forEach(path -> reasons.add("re-execution changed reviewed content: " + path));
            observed = Optional.of(run.statuses());
        }
        String runtime = runtime(validation, evidence);
        if (record.approved()) {
            tests(record, validation, observed, reasons, notices);
            if (record.legacy()) {
                issues(record, reasons);
            }
        }
        if (!record.legacy()) {
            criteria(record, capsule, reasons);
        }
        if (record.approved() && !record.legacy()) {
            proofs(record, capsule, observed, reasons);
        }
        if (evidence instanceof Plain
                && validation.shape().approvable()
                && validation.shape() != ValidationBlock.Shape.DOCUMENTATION) {
            record.tests().stream()
                    .filter(t -> t.status().equals("passed")
                            && validation.find(t.command()).isPresent())
                    .forEach(t -> notices.add("execution not observed: " + t.command() + " accepted on trust (pin the"
                            + " receipt with --receipt-digest, or re-run with --run-tests)"));
        }
        notices.addAll(ProofDocs.notices(capsule, boundary.reader(), workspace));
        notices.addAll(CapsuleNotices.openQuestions(capsule));
        notices.addAll(boundary.clarification());
        if (!record.independent()) {
            notices.add("the record says independent: false (the reviewer implemented the task, or had no isolation)");
        }
        return new Outcome(Optional.of(record), boundary.snapshot(), reasons, notices, runtime);
    }

    private static String runtime(ValidationBlock validation, Evidence evidence) {
        if (validation.shape() == ValidationBlock.Shape.LEGACY) {
            return "unknown";
        }
        if (validation.shape() == ValidationBlock.Shape.DOCUMENTATION) {
            return "not-applicable-to-runtime";
        }
        return evidence instanceof Plain ? "trusted" : "verified";
    }

    /**
     * The judge's per-criterion rules: exactly one result per declared identifier, whatever the
     * verdict (duplicates are a shape problem already); for APPROVED, every one {@code pass}.
     */
    private static void criteria(ReviewRecord record, Capsule capsule, List<String> reasons) {
        List<String> declared = capsule.criteria().ids();
        List<String> reported =
                record.criteria().stream().map(ReviewRecord.Criterion::id).toList();
        List<String> missing =
                declared.stream().filter(id -> !reported.contains(id)).toList();
        List<String> unexpected =
                reported.stream().filter(id -> !declared.contains(id)).toList();
        if (!missing.isEmpty()) {
            reasons.add(
                    "The review record reports no result for declared criteria: " + String.join(", ", missing) + ".");
        }
        if (!unexpected.isEmpty()) {
            reasons.add("The review record reports criteria the capsule does not declare: "
                    + String.join(", ", unexpected) + ".");
        }
        if (record.approved()) {
            List<String> blocking = record.criteria().stream()
                    .filter(c -> !c.status().equals("pass"))
                    .map(c -> c.id() + " (" + c.status() + ")")
                    .toList();
            if (!blocking.isEmpty()) {
                reasons.add("APPROVED requires every declared criterion to pass; these did not: "
                        + String.join(", ", blocking) + ".");
            }
        }
    }

    private static Optional<JsonNode> receipt(Snapshot snapshot, String pinned, List<String> reasons) {
        if (!Digests.isDigest(pinned)) {
            reasons.add("the pinned receipt digest is not sha256:<64 hex>: " + pinned);
            return Optional.empty();
        }
        Path file = snapshot.receipts().resolve(Digests.hex(pinned) + ".json");
        try {
            byte[] bytes = Files.readAllBytes(file);
            if (!Digests.sha256(bytes).equals(pinned)) {
                reasons.add("the receipt's bytes no longer hash to the pinned digest " + pinned);
                return Optional.empty();
            }
            return Optional.of(CanonicalJson.parse(bytes));
        } catch (IOException | RuntimeException e) {
            reasons.add("no receipt of " + snapshot.label() + " has the pinned digest " + pinned);
            return Optional.empty();
        }
    }

    private static void bindings(
            JsonNode receipt, Snapshot snapshot, ValidationBlock validation, List<String> reasons) {
        int version = receipt.path("receiptVersion").asInt(-1);
        String mode = receipt.path("mode").asText("");
        if (version != Receipt.VERSION && version != 1) {
            reasons.add("receipt binding: receipt version " + version + " is not one this wb reads");
        }
        boolean documentation = validation.shape() == ValidationBlock.Shape.DOCUMENTATION;
        if (!java.util.Set.of("in-place", "isolated", "documentation").contains(mode) && version == Receipt.VERSION) {
            reasons.add("receipt binding: its mode " + mode + " is unknown");
        }
        String outcome = receipt.path("outcome").asText("");
        if (documentation
                ? !outcome.equals("no-runtime-validation")
                : !outcome.equals("passed") || !receipt.path("passed").asBoolean(false)) {
            reasons.add("receipt binding: the run it records did not pass (outcome " + outcome + ")");
        }
        if (receipt.path("boundaryDrift").size() > 0) {
            reasons.add("receipt binding: the run changed reviewed content: " + receipt.path("boundaryDrift"));
        }
        if (!receipt.path("snapshot").asText().equals(snapshot.id())) {
            reasons.add("receipt binding: it is of snapshot "
                    + receipt.path("snapshot").asText() + ", not " + snapshot.id());
        }
        JsonNode digests = receipt.path("reviewDigests");
        if (!digests.path("scopeDigest").asText().equals(snapshot.scope().scopeDigest())
                || !digests.path("taskDigest").asText().equals(snapshot.scope().taskDigest())
                || !digests.path("contentDigest").asText().equals(snapshot.contentDigest())) {
            reasons.add("receipt binding: its review digests are not the snapshot's");
        }
        List<String> commands = new ArrayList<>();
        receipt.path("commands").forEach(c -> commands.add(c.asText()));
        if (!commands.equals(validation.normalizedCommands())) {
            reasons.add("receipt binding: its command list " + commands + " is not the capsule's "
                    + validation.normalizedCommands());
        }
        if (!receipt.path("lockfileDigest").asText().equals(Lockfiles.digest(snapshot.worktree()))) {
            reasons.add("receipt binding: its lockfile digest is not the snapshot's lockfiles'");
        }
        if (validation.shape() == ValidationBlock.Shape.DOCUMENTATION
                && (!receipt.path("mode").asText().equals("documentation")
                        || !receipt.path("noRuntimeReason")
                                .asText()
                                .equals(validation.noRuntimeReason().orElse("")))) {
            reasons.add("receipt binding: it is not the documentation receipt of this capsule's reason");
        }
    }

    /** Each command's status; a command declared twice counts as passed only if every run of it passed. */
    private static Map<String, String> statuses(JsonNode receipt) {
        Map<String, String> statuses = new HashMap<>();
        receipt.path("results")
                .forEach(r -> statuses.merge(
                        r.path("command").asText(), r.path("status").asText(), (a, b) -> a.equals("passed") ? b : a));
        return statuses;
    }

    /**
     * What APPROVED requires of the validation evidence, in the judge's words (its reasons 6 and 7),
     * then wb's receipt rule: a claimed pass needs a passing observed run when one is pinned or made.
     */
    private static void tests(
            ReviewRecord record,
            ValidationBlock validation,
            Optional<Map<String, String>> receipt,
            List<String> reasons,
            List<String> notices) {
        if (validation.shape() == ValidationBlock.Shape.DOCUMENTATION) {
            if (!record.tests().isEmpty()) {
                reasons.add("the capsule declares no runtime validation, but the record reports tests");
            }
            return;
        }
        List<String> blocking = new ArrayList<>();
        for (ReviewRecord.Test test : record.tests()) {
            if (!test.status().equals("failed")) {
                continue;
            }
            if (validation.find(test.command()).map(DeclaredCommand::optional).orElse(false)) {
                notices.add("Optional command `" + test.command() + "` failed; it does not block approval.");
            } else if (!blocking.contains(test.command())) {
                blocking.add(test.command());
            }
        }
        if (!blocking.isEmpty()) {
            reasons.add("Judge record contains failed validation: " + String.join(", ", blocking) + ".");
        }
        List<ReviewRecord.Test> passing =
                record.tests().stream().filter(t -> t.status().equals("passed")).toList();
        if (passing.isEmpty()) {
            reasons.add("APPROVED requires at least one validation command that passed.");
        }
        if (validation.shape() == ValidationBlock.Shape.LEGACY) {
            notices.add("verifiedNow: unknown (The task capsule predates the `## Validation` section.)");
            return;
        }
        if (!validation.shape().approvable()) {
            reasons.add("The task capsule has an empty or malformed `## Validation` block; declare the commands.");
            return;
        }
        List<String> missing = validation.commands().stream()
                .filter(c -> !c.optional())
                .filter(c -> passing.stream()
                        .noneMatch(t -> validation.find(t.command()).equals(Optional.of(c))))
                .map(DeclaredCommand::normalized)
                .toList();
        boolean declaredPass =
                passing.stream().anyMatch(t -> validation.find(t.command()).isPresent());
        if (missing.isEmpty() && !declaredPass && !passing.isEmpty()) {
            reasons.add("APPROVED requires a passing run of a command the task capsule declares: "
                    + String.join(", ", validation.normalizedCommands()) + ".");
        }
        if (!missing.isEmpty()) {
            reasons.add("APPROVED requires every command the task capsule declares as required to pass; these did"
                    + " not: " + String.join(", ", missing) + ".");
        }
        receipt.ifPresent(observed -> observedRuns(record, validation, observed, reasons, notices));
    }

    /** wb's receipt rule: each declared command the record claims passed must have passed when observed. */
    private static void observedRuns(
            ReviewRecord record,
            ValidationBlock validation,
            Map<String, String> observed,
            List<String> reasons,
            List<String> notices) {
        for (DeclaredCommand command : validation.commands()) {
            boolean claimed = record.tests().stream()
                    .anyMatch(t -> t.status().equals("passed")
                            && validation.find(t.command()).equals(Optional.of(command)));
            String seen = observed.getOrDefault(command.normalized(), "not-run");
            if (claimed && !seen.equals("passed")) {
                String why = "the record claims " + command.normalized() + " passed, but "
                        + (observed.containsKey(command.normalized())
                                ? "the observed run has it " + seen
                                : "no observed run backs it");
                if (command.optional()) {
                    notices.add("optional command " + command.normalized() + ": " + why);
                } else {
                    reasons.add(why);
                }
            }
        }
    }

    /** A version 5 record approves only with no unresolved issue (version 5's rule; version 6 has criteria). */
    private static void issues(ReviewRecord record, List<String> reasons) {
        if (!record.issues().isEmpty()) {
            reasons.add("APPROVED records must not list unresolved issues.");
        }
    }

    /** The judge's proof rules (its reason 10), in its words; wb applies them to APPROVED records. */
    private static void proofs(
            ReviewRecord record, Capsule capsule, Optional<Map<String, String>> receipt, List<String> reasons) {
        for (ReviewRecord.Criterion c : record.criteria()) {
            capsule.criteria()
                    .criterion(c.id())
                    .filter(criterion -> !criterion.proofCommands().isEmpty())
                    .ifPresent(criterion -> {
                        if (c.status().equals("not-evaluated")) {
                            reasons.add(c.id() + ": criterion not evaluated.");
                        }
                        if (c.status().equals("fail")) {
                            return; // a criterion reported failing claims no pass a proof could block
                        }
                        criterion.proofCommands().stream()
                                .distinct()
                                .forEach(proof -> proof(record, capsule, receipt, c.id(), proof, reasons));
                    });
        }
    }

    private static void proof(
            ReviewRecord record,
            Capsule capsule,
            Optional<Map<String, String>> receipt,
            String id,
            String proof,
            List<String> reasons) {
        Optional<DeclaredCommand> declared = capsule.validation().find(proof);
        String shown = "`" + declared.map(DeclaredCommand::normalized).orElse(proof.strip()) + "`";
        if (declared.isEmpty()) {
            reasons.add(id + ": proof requirement unmet: " + shown + " is not a command the capsule declares under"
                    + " ## Validation.");
            return;
        }
        List<String> entries = record.tests().stream()
                .filter(t -> capsule.validation().find(t.command()).equals(declared))
                .map(ReviewRecord.Test::status)
                .toList();
        if (!entries.contains("passed") || entries.contains("failed")) {
            String state = entries.stream()
                    .filter(st -> !st.equals("passed"))
                    .findFirst()
                    .orElse("absent");
            reasons.add(id + ": proof requirement unmet: " + shown + " has no passing evidence in the review record ("
                    + state + ").");
        } else if (receipt.isPresent()
                && !"passed".equals(receipt.get().get(declared.get().normalized()))) {
            reasons.add(id + ": proof requirement unmet: " + shown + " failed its independent re-run.");
        }
    }
}
