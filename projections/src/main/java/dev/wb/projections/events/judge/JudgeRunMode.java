package dev.wb.projections.events.judge;

import dev.wb.projections.events.WireName;

/**
 * Where a {@code wb judge run} ran its commands, as its events and its receipt name it: one set for
 * {@link JudgeRunStarted}, {@link JudgeRunRefused}, {@link JudgeRunFinished} and {@link JudgeReceiptWritten}.
 *
 * <p>A mode this wb does not know reads as {@link #DOCUMENTATION}: failing closed, a run whose mode cannot
 * be read is taken to have run nothing rather than to have validated the tree.
 */
public enum JudgeRunMode implements WireName {
    /** In the live tree, which must equal the snapshot before, between and after the commands. */
    IN_PLACE("in-place"),
    /** In a disposable copy, with dependencies installed from the lockfile. */
    ISOLATED("isolated"),
    /** Nowhere: the capsule declares no runtime validation. */
    DOCUMENTATION("documentation");

    private final String wire;

    JudgeRunMode(String wire) {
        this.wire = wire;
    }

    @Override
    public String wireName() {
        return wire;
    }
}
