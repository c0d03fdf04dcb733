package dev.wb.projections.events.judge;

import dev.wb.projections.events.WireName;

/**
 * What backed the claims of a record {@code wb judge verify} checked, as {@link JudgeRecordVerified} names
 * it.
 *
 * <p>A mode this wb does not know reads as {@link #PLAIN}: failing closed, a verification whose evidence
 * cannot be read is taken to have rested on the record alone, not on a receipt or a fresh run.
 */
public enum JudgeVerifyMode implements WireName {
    /** The record alone: its claims were checked against nothing run or pinned. */
    PLAIN("plain"),
    /** A receipt {@code wb judge run} wrote, pinned by its digest. */
    RECEIPT("receipt"),
    /** A fresh run of the claimed commands in a disposable copy of the snapshot. */
    RUN_TESTS("run-tests");

    private final String wire;

    JudgeVerifyMode(String wire) {
        this.wire = wire;
    }

    @Override
    public String wireName() {
        return wire;
    }
}
