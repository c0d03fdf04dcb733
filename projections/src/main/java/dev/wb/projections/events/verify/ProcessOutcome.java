package dev.wb.projections.events.verify;

import dev.wb.projections.events.WireName;

/**
 * How a process wb ran for verify ended, as {@code verify.command.ran} and each side of
 * {@code verify.regression.ran} record it. Only {@link #EXITED} carries an exit code; the others are why
 * there is none, and none of them passes. A reader takes an unknown wire name for {@link #NOT_STARTED}: it
 * passes nothing, carries no exit code, and claims neither a run nor an interruption it has no record of.
 */
public enum ProcessOutcome implements WireName {
    /** The process ended by itself; its exit code says whether it passed. */
    EXITED("exited"),
    /** It ran past the time limit and was killed with everything it started. */
    TIMED_OUT("timed_out"),
    /** wb was interrupted and killed it on the way out: not the command's failure. */
    INTERRUPTED("interrupted"),
    /** It never ran: the program was not found or could not be started. */
    NOT_STARTED("not_started");

    private final String wireName;

    ProcessOutcome(String wireName) {
        this.wireName = wireName;
    }

    @Override
    public String wireName() {
        return wireName;
    }
}
