package dev.wb.projections.events;

/**
 * Which of {@code wb hooks install|uninstall} ran: {@link HooksConfigured}'s {@code action}.
 *
 * <p>A value this wb does not know reads as {@link #UNINSTALL}: failing closed, a run that cannot be read
 * is never taken to have put wb's checks into a host's settings.
 */
public enum HooksAction implements WireName {
    /** {@code wb hooks install HOST}. */
    INSTALL("install"),
    /** {@code wb hooks uninstall HOST}. */
    UNINSTALL("uninstall");

    private final String wire;

    HooksAction(String wire) {
        this.wire = wire;
    }

    @Override
    public String wireName() {
        return wire;
    }
}
