package dev.wb.projections.events.judge;

import dev.wb.projections.events.WireName;

/**
 * What the task's continuation sidecar ({@code .workflow/KEY/continuation.json}) did between a snapshot's
 * capture and the live workspace, as {@code wb judge current} and {@code wb judge verify} name it:
 * {@link JudgeCurrentClassified}'s and {@link JudgeRecordVerified.VerifiedNow}'s {@code executionMetadata}.
 *
 * <p>A state this wb does not know reads as {@link #ADVANCED}: failing closed, a sidecar whose state cannot
 * be read is taken to have changed since the capture, never to have been left alone.
 */
public enum ExecutionMetadata implements WireName {
    /** No sidecar at capture, none now. */
    ABSENT("ABSENT"),
    /** The same bytes at capture and now. */
    UNCHANGED("UNCHANGED"),
    /** None at capture, one now. */
    CREATED("CREATED"),
    /** One at capture, none now. */
    REMOVED("REMOVED"),
    /** One at capture and now, with other bytes. */
    ADVANCED("ADVANCED");

    private final String wire;

    ExecutionMetadata(String wire) {
        this.wire = wire;
    }

    @Override
    public String wireName() {
        return wire;
    }

    /** The state a payload names, read totally: {@link #ADVANCED} for one this wb does not know. */
    static ExecutionMetadata read(String wire) {
        return WireName.of(ExecutionMetadata.class, wire, ADVANCED);
    }
}
