package dev.wb.projections.events.draft;

import dev.wb.projections.events.WireName;

/**
 * Where the handover a pull request may owe stands, as {@code wb pr check} finds it and {@link PrChecked}'s
 * {@code handover} records it.
 *
 * <p>A state this wb does not know reads as {@link #MISSING}: failing closed, a handover whose state cannot
 * be read is taken as owed and not written, so it never lets a check pass.
 */
public enum HandoverState implements WireName {
    /** The work owes no handover. */
    NOT_OWED("not-owed", true),
    /** It is owed and written, and matches the latest {@code handover.written} when one is recorded. */
    READY("ready", true),
    /** It is owed and .workflow/KEY/handover.md does not exist. */
    MISSING("missing", false),
    /** It is owed, and the file differs from the one the latest {@code handover.written} recorded. */
    STALE("stale", false),
    /** No key was given, so no task to owe one. */
    NO_TASK("no-task", true);

    private final String wireName;
    private final boolean passes;

    HandoverState(String wireName, boolean passes) {
        this.wireName = wireName;
        this.passes = passes;
    }

    @Override
    public String wireName() {
        return wireName;
    }

    /** Whether a check passes with the handover in this state. */
    public boolean passes() {
        return passes;
    }
}
