package dev.wb.commands.checks;

import java.util.List;
import java.util.Locale;

/**
 * The gate's verdict over every selected command. A required toolchain missing (a command
 * {@link CheckOutcome#UNAVAILABLE unavailable}) or every check skipped leaves the gate incomplete: the
 * task goes to manual, because an agent cannot install a host's toolchain. Otherwise any quality
 * failure sends the task back to fixing; else it passes, also when nothing was selected.
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

    public String wireName() {
        return name().toLowerCase(Locale.ROOT);
    }

    /** The rule above; a run that wb's own interruption cut short is never more than incomplete. */
    public static ChecksVerdict of(List<CheckResult> results, boolean interrupted) {
        if (interrupted || results.stream().anyMatch(r -> r.outcome() == CheckOutcome.UNAVAILABLE)) {
            return INCOMPLETE;
        }
        if (!results.isEmpty() && results.stream().allMatch(r -> r.outcome() == CheckOutcome.SKIPPED)) {
            return INCOMPLETE;
        }
        return results.stream().anyMatch(r -> r.outcome().qualityFailure()) ? FAIL : PASS;
    }
}
