package dev.wb.projections.events.judge;

import dev.wb.projections.events.WireName;

/**
 * What {@code wb judge enable|disable} did (or, in a dry run, would do) to the Claude Code guard hook in
 * {@code .claude/settings.local.json}: {@link JudgeAgentsConfigured}'s {@code hook}.
 *
 * <p>A value this wb does not know reads as {@link #UNCHANGED}: failing closed, a change that cannot be
 * read is not claimed, so the guard is neither said to be installed nor to be gone.
 */
public enum JudgeHookAction implements WireName {
    /** Written into the settings (enable). */
    INSTALLED("installed"),
    /** Taken out of the settings (disable). */
    REMOVED("removed"),
    /** Left as it was: already there, not there, or not wb's to change. */
    UNCHANGED("unchanged");

    private final String wire;

    JudgeHookAction(String wire) {
        this.wire = wire;
    }

    @Override
    public String wireName() {
        return wire;
    }
}
