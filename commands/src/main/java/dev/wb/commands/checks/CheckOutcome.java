package dev.wb.commands.checks;

import java.util.Locale;

/** How one command of a command set ended, as {@code checks.ran} records it. */
public enum CheckOutcome {
    /** It ran and exited 0. */
    PASSED,
    /** It ran and exited non-zero, was refused by {@code security.denied_commands}, or was interrupted. */
    FAILED,
    /** It ran past the set's time limit and was killed with everything it started. */
    TIMED_OUT,
    /** Its program cannot launch and its set is required: a toolchain is missing on this host. */
    UNAVAILABLE,
    /** Its program cannot launch and its set is {@code skip_if_unavailable}: not run, said loudly. */
    SKIPPED;

    /** {@code passed}, {@code timed-out}…: the word the event and {@code --json} carry. */
    public String wireName() {
        return name().toLowerCase(Locale.ROOT).replace('_', '-');
    }

    /** A quality failure: the code is wrong, and an agent can fix it. */
    boolean qualityFailure() {
        return this == FAILED || this == TIMED_OUT;
    }
}
