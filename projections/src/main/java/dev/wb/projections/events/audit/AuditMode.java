package dev.wb.projections.events.audit;

import dev.wb.projections.events.WireName;

/**
 * How strictly an audit read the citations, as {@code plan.audited} records it. A reader takes an unknown
 * wire name for {@link #UNDER_WAY}: it claims no strict pass, so it anchors nothing and makes no later audit
 * lenient; and its flags, written for another mode, disagree with it ({@link PlanAudited.Anchor#consistent}),
 * so no other replica's claim in it is audited again here.
 */
public enum AuditMode implements WireName {
    /** The first audit: every citation at its line in the working tree. */
    FIRST("first"),
    /** After a passing strict audit: drift is reported, and passes, against the baseline. */
    UNDER_WAY("under-way"),
    /** {@code --rebaseline}: strict again, against the current tree. */
    REBASELINE("rebaseline");

    private final String wireName;

    AuditMode(String wireName) {
        this.wireName = wireName;
    }

    @Override
    public String wireName() {
        return wireName;
    }

    /** Whether citations are read at their lines (first, rebaseline) rather than tolerating drift. */
    public boolean strict() {
        return this != UNDER_WAY;
    }
}
