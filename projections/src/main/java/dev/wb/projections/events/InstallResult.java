package dev.wb.projections.events;

/**
 * What {@code wb hooks install|uninstall} did to wb's entries in a host's file, or to a host's skills:
 * {@link HooksConfigured}'s {@code result}.
 *
 * <p>A value this wb does not know reads as {@link #ABSENT}: failing closed, a result that cannot be read is
 * never taken to have left wb's entries in place.
 */
public enum InstallResult implements WireName {
    /** Written where there were none. */
    INSTALLED("installed"),
    /** Rewritten: some were there, not as this wb writes them. */
    UPDATED("updated"),
    /** Already there as this wb writes them. */
    UNCHANGED("unchanged"),
    /** Taken out. */
    REMOVED("removed"),
    /** Not there, and nothing to take out. */
    ABSENT("absent");

    private final String wire;

    InstallResult(String wire) {
        this.wire = wire;
    }

    @Override
    public String wireName() {
        return wire;
    }
}
