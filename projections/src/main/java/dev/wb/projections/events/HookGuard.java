package dev.wb.projections.events;

/**
 * What {@code wb hooks install|uninstall} did to the judge's guard entry (Claude Code only): {@link
 * HooksConfigured}'s {@code guard}.
 *
 * <p>A value this wb does not know reads as {@link #NONE}: failing closed, a change that cannot be read is
 * not claimed, so the guard is never taken to be in place on its strength.
 */
public enum HookGuard implements WireName {
    /** Added: the judge is enabled and no guard was there. */
    ADDED("added"),
    /** Already there (from wb judge enable or an earlier install). */
    PRESENT("present"),
    /** Left in place on uninstall: the judge is enabled, and wb judge disable removes it. */
    KEPT("kept"),
    /** Taken out on uninstall: the judge is not enabled and the entry is the one install writes. */
    REMOVED("removed"),
    /** Not this host's, or the judge is not enabled. */
    NONE("none");

    private final String wire;

    HookGuard(String wire) {
        this.wire = wire;
    }

    @Override
    public String wireName() {
        return wire;
    }
}
