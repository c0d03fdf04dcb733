package dev.wb.projections.events.judge;

import dev.wb.projections.events.WireName;

/**
 * How a {@code wb judge run} ended, as its events, its receipt and its {@code --json} name it: one set for
 * {@link JudgeRunRefused} (nothing ran), {@link JudgeRunFinished} and {@link JudgeReceiptWritten}. The exit
 * code each one ends the process with is the cli's (its one table of exit codes).
 *
 * <p>An outcome this wb does not know reads as {@link #FAILED}: failing closed, a run whose outcome cannot
 * be read passes nothing.
 */
public enum JudgeRunOutcome implements WireName {
    /** Every required command passed, and the tree stayed the snapshot. */
    PASSED("passed"),
    /** A required command failed, none passed, or (isolated) the run rewrote reviewed files. */
    FAILED("failed"),
    /** Refused: the commands were not approved. */
    APPROVAL_MISSING("approval-missing"),
    /** Refused: another run holds the run lock. */
    LOCK_BUSY("lock-busy"),
    /** In place, a command changed a covered path: the snapshot no longer stands for the tree. */
    INVALIDATED("invalidated"),
    /** Refused: in place, the live tree differs from the snapshot. */
    TREE_MISMATCH("tree-mismatch"),
    /** The capsule declares no runtime validation: a documentation receipt, nothing ran. */
    NO_RUNTIME_VALIDATION("no-runtime-validation");

    private final String wire;

    JudgeRunOutcome(String wire) {
        this.wire = wire;
    }

    @Override
    public String wireName() {
        return wire;
    }
}
