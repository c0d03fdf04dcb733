package dev.wb.projections.events;

/**
 * How a step of a {@code wb git} series ended, and so how its series ended: the status
 * {@code git.step.ran} and {@code git.series.finished} share. A reader takes an unknown wire name for
 * {@link #FAILED}: it is not ok, so it counts as nothing done, and it claims no refusal it has no reason for.
 */
public enum GitStatus implements WireName {
    /** git ran and exited 0 (a series: every step did). */
    OK("ok"),
    /** git ran and exited non-zero, could not start, or was stopped at its time limit. */
    FAILED("failed"),
    /** wb refused the step before git ran. */
    REFUSED("refused");

    private final String wireName;

    GitStatus(String wireName) {
        this.wireName = wireName;
    }

    @Override
    public String wireName() {
        return wireName;
    }
}
