package dev.wb.projections.events.judge;

import dev.wb.projections.events.WireName;

/**
 * Where a reviewed snapshot stands against the live workspace, as {@code wb judge current} classifies it:
 * one set for {@link JudgeCurrentClassified}'s {@code status} and {@code reviewBoundary} and for
 * {@link JudgeRecordVerified.VerifiedNow#reviewBoundary()}, which also says when nothing was classified.
 *
 * <p>A status this wb does not know reads as {@link #DIVERGED}: failing closed, a boundary whose standing
 * cannot be read is taken as one whose history moved away, never as current.
 */
public enum BoundaryStatus implements WireName {
    /** The snapshot's HEAD is the live HEAD or its ancestor, and the covered content is the snapshot's. */
    CURRENT("CURRENT"),
    /** The same lineage, other content over the snapshot's coverage. */
    NEWER_CHANGES("NEWER_CHANGES"),
    /** The snapshot's HEAD is not in the live history (rewritten, or unrelated). */
    DIVERGED("DIVERGED"),
    /** A verification that classified nothing: the record is not an approved snapshot record. */
    NOT_CLASSIFIED("not classified for this boundary type");

    private final String wire;

    BoundaryStatus(String wire) {
        this.wire = wire;
    }

    @Override
    public String wireName() {
        return wire;
    }

    /** The status a payload names, read totally: {@link #DIVERGED} for one this wb does not know. */
    static BoundaryStatus read(String wire) {
        return WireName.of(BoundaryStatus.class, wire, DIVERGED);
    }
}
