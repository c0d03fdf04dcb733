package dev.wb.projections.events.audit;

import dev.wb.projections.events.WireName;

/**
 * Whether a planned file that is not an add exists, as {@code plan.audited}'s file checks record it. A
 * reader takes an unknown wire name for {@link #MISSING}, which fails.
 */
public enum FileCheckVerdict implements WireName {
    /** It exists in the tree the audit read. */
    EXISTS("exists"),
    /** A delete's or a rename's path that is gone now but was at the baseline commit. */
    BASELINE("baseline"),
    /** It is nowhere the audit looked. Fails. */
    MISSING("missing");

    private final String wireName;

    FileCheckVerdict(String wireName) {
        this.wireName = wireName;
    }

    @Override
    public String wireName() {
        return wireName;
    }
}
