package dev.wb.commands.judge.record;

import dev.wb.commands.capsule.Capsule;
import dev.wb.commands.capsule.DeclaredCommand;
import dev.wb.commands.capsule.ValidationBlock;
import dev.wb.commands.judge.core.ReviewRecord;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Optional;

/**
 * What a review record's verdict must satisfy against its capsule: a result per declared criterion and,
 * for APPROVED, every criterion passing, the validation evidence (failed, missing and observed runs), the
 * proofs each criterion names, and no unresolved issue in a legacy record.
 */
final class RecordRules {

    private RecordRules() {}

    /**
     * The judge's per-criterion rules: exactly one result per declared identifier, whatever the
     * verdict (duplicates are a shape problem already); for APPROVED, every one {@code pass}.
     */
    static void criteria(ReviewRecord record, Capsule capsule, List<String> reasons) {
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

    /**
     * What APPROVED requires of the validation evidence, in the judge's words (its reasons 6 and 7),
     * then wb's receipt rule: a claimed pass needs a passing observed run when one is pinned or made.
     */
    static void tests(
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
        receipt.ifPresent(observed -> observedRuns(record, validation, observed, reasons));
    }

    /**
     * wb's receipt rule (the judge's TASK-072 design): every command the record claims passed — required,
     * optional or not declared at all — needs a passing entry in the observed run; a claim it does not back
     * rejects the record, naming the command.
     */
    private static void observedRuns(
            ReviewRecord record, ValidationBlock validation, Map<String, String> observed, List<String> reasons) {
        List<String> named = new ArrayList<>();
        for (ReviewRecord.Test test : record.tests()) {
            String command = validation
                    .find(test.command())
                    .map(DeclaredCommand::normalized)
                    .orElse(DeclaredCommand.normalize(test.command()));
            String seen = observed.getOrDefault(command, "not-run");
            if (test.status().equals("passed") && !seen.equals("passed") && !named.contains(command)) {
                named.add(command);
                reasons.add("the record claims " + command + " passed, but "
                        + (observed.containsKey(command)
                                ? "the observed run has it " + seen
                                : "the observed run has no entry for it"));
            }
        }
    }

    /** A version 5 record approves only with no unresolved issue (version 5's rule; version 6 has criteria). */
    static void issues(ReviewRecord record, List<String> reasons) {
        if (!record.issues().isEmpty()) {
            reasons.add("APPROVED records must not list unresolved issues.");
        }
    }

    /** The judge's proof rules (its reason 10), in its words; wb applies them to APPROVED records. */
    static void proofs(
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
