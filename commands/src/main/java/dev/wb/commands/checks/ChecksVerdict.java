package dev.wb.commands.checks;

import dev.wb.projections.events.CheckOutcome;
import dev.wb.projections.events.ChecksRan;
import dev.wb.projections.events.Verdict;
import java.util.List;

/**
 * The gate's verdict over every selected command. A required toolchain missing (a command
 * {@link CheckOutcome#UNAVAILABLE unavailable}) or every check skipped leaves the gate incomplete: the
 * task goes to manual, because an agent cannot install a host's toolchain. Otherwise any quality
 * failure sends the task back to fixing; else a check that changed the working tree sends it to manual;
 * else it passes, also when nothing was selected.
 */
public enum ChecksVerdict {
    PASS("pass"),
    FAIL("fail (fixing)"),
    INCOMPLETE("incomplete (manual)");

    private final String label;

    ChecksVerdict(String label) {
        this.label = label;
    }

    /** The verdict line's words: {@code pass}, {@code fail (fixing)}, {@code incomplete (manual)}. */
    public String label() {
        return label;
    }

    /** The verdict {@code checks.ran} records: pass, fail or incomplete. */
    public Verdict verdict() {
        return switch (this) {
            case PASS -> Verdict.PASS;
            case FAIL -> Verdict.FAIL;
            case INCOMPLETE -> Verdict.INCOMPLETE;
        };
    }

    /** The verdict's wire name, as {@code checks.ran} and {@code --json} write it. */
    public String wireName() {
        return verdict().wireName();
    }

    /** The rule above; a run that wb's own interruption cut short is never more than incomplete. */
    public static ChecksVerdict of(List<ChecksRan.Command> results, boolean interrupted) {
        return of(results, interrupted, false);
    }

    /**
     * The rule above, then the orchestrator's third step: a run that would pass but changed the working
     * tree ({@code mutated}) goes to a person too, since its verdict is on code no one reviewed. A quality
     * failure still goes to fixing: the fix round starts from the tree as the check left it.
     */
    public static ChecksVerdict of(List<ChecksRan.Command> results, boolean interrupted, boolean mutated) {
        ChecksVerdict verdict = gate(results, interrupted);
        return verdict == PASS && mutated ? INCOMPLETE : verdict;
    }

    private static ChecksVerdict gate(List<ChecksRan.Command> results, boolean interrupted) {
        if (interrupted || results.stream().anyMatch(r -> r.outcome() == CheckOutcome.UNAVAILABLE)) {
            return INCOMPLETE;
        }
        if (!results.isEmpty() && results.stream().allMatch(r -> r.outcome() == CheckOutcome.SKIPPED)) {
            return INCOMPLETE;
        }
        return results.stream().anyMatch(r -> qualityFailure(r.outcome())) ? FAIL : PASS;
    }

    /** A quality failure: the code is wrong, and an agent can fix it. */
    private static boolean qualityFailure(CheckOutcome outcome) {
        return outcome == CheckOutcome.FAILED || outcome == CheckOutcome.TIMED_OUT;
    }
}
