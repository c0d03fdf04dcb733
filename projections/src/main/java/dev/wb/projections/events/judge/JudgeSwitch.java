package dev.wb.projections.events.judge;

import dev.wb.projections.events.WireName;

/**
 * Which way {@code wb judge enable|disable} turned the judge's switch ({@code agents.judge.enabled}):
 * {@link JudgeAgentsConfigured}'s {@code action}.
 *
 * <p>A value this wb does not know reads as {@link #DISABLE}: failing closed, a change that cannot be read
 * is never taken to have put a judge on guard.
 */
public enum JudgeSwitch implements WireName {
    /** {@code wb judge enable}: the judge is on, its agent files written. */
    ENABLE("enable"),
    /** {@code wb judge disable}: the judge is off; its agent files are kept. */
    DISABLE("disable");

    private final String wire;

    JudgeSwitch(String wire) {
        this.wire = wire;
    }

    @Override
    public String wireName() {
        return wire;
    }
}
