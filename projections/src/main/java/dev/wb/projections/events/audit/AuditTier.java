package dev.wb.projections.events.audit;

import dev.wb.projections.events.WireName;

/**
 * How much of a plan an audit asks for, computed, never declared: light is at most two files, none in a
 * critical zone, no handover owed, and waives {@code steps} and {@code product}, nothing else. The tier
 * {@code plan.audited} records, {@code wb sdd audit} and {@code wb route} print. A reader takes an unknown
 * wire name for {@link #STANDARD}, which waives nothing.
 */
public enum AuditTier implements WireName {
    /** At most two files, none in a critical zone, no handover owed. */
    LIGHT("light"),
    /** Everything else: every section applies. */
    STANDARD("standard");

    private final String wireName;

    AuditTier(String wireName) {
        this.wireName = wireName;
    }

    @Override
    public String wireName() {
        return wireName;
    }
}
