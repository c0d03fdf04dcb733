package dev.wb.projections.events.judge;

import dev.wb.projections.events.WireName;

/**
 * Which kind of review a record's candidate snapshot was, from that snapshot's own metadata: {@link
 * JudgeRecordRead}'s {@code category}, and each round {@code wb judge rounds} counts.
 *
 * <p>A category this wb does not know reads as {@link #UNKNOWN}: failing closed, a record whose category
 * cannot be read is claimed neither ordinary nor catch-up.
 */
public enum RecordCategory implements WireName {
    /** The candidate snapshot has no parent: a review of the work itself. */
    ORDINARY("ordinary"),
    /** The candidate snapshot has a parent: a catch-up review of what changed since an earlier one. */
    CATCH_UP("catch-up"),
    /** The candidate is not a snapshot, or its metadata cannot be read (or copies disagree). */
    UNKNOWN("unknown");

    private final String wire;

    RecordCategory(String wire) {
        this.wire = wire;
    }

    @Override
    public String wireName() {
        return wire;
    }

    /** The category a payload names, read totally: {@link #UNKNOWN} for one this wb does not know. */
    static RecordCategory read(String wire) {
        return WireName.of(RecordCategory.class, wire, UNKNOWN);
    }
}
