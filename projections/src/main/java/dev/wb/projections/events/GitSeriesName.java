package dev.wb.projections.events;

/**
 * Which {@code wb git} command planned a series: the {@code series} {@link GitStepRan} and
 * {@link GitSeriesFinished} share.
 *
 * <p>A name this wb does not know reads as {@link #START}: failing closed, a series that cannot be named is
 * never taken to have committed, pushed or carried anything, so {@code wb status} does not count it as a
 * commit.
 */
public enum GitSeriesName implements WireName {
    /** {@code wb git start KEY}: a branch of the task's own. */
    START("start"),
    /** {@code wb git commit KEY} (and {@code wb run}'s publish): what is staged, committed. */
    COMMIT("commit"),
    /** {@code wb git push}: the current branch published. */
    PUSH("push"),
    /** {@code wb git carry KEY --to TARGET}: the task's commits cherry-picked onto another branch. */
    CARRY("carry");

    private final String wire;

    GitSeriesName(String wire) {
        this.wire = wire;
    }

    @Override
    public String wireName() {
        return wire;
    }
}
