package dev.wb.projections.events;

/**
 * How one command of a command set ended, as {@code checks.ran} records it and {@code wb checks --json}
 * prints it. A reader takes an unknown wire name for {@link #FAILED}: a command whose end cannot be read
 * passes nothing.
 */
public enum CheckOutcome implements WireName {
    /** It ran and exited 0. */
    PASSED("passed"),
    /** It ran and exited non-zero, was refused by {@code security.denied_commands}, or was interrupted. */
    FAILED("failed"),
    /** It ran past the set's time limit and was killed with everything it started. */
    TIMED_OUT("timed-out"),
    /** Its program cannot launch and its set is required: a toolchain is missing on this host. */
    UNAVAILABLE("unavailable"),
    /** Its program cannot launch and its set is {@code skip_if_unavailable}: not run, said loudly. */
    SKIPPED("skipped");

    private final String wireName;

    CheckOutcome(String wireName) {
        this.wireName = wireName;
    }

    @Override
    public String wireName() {
        return wireName;
    }
}
