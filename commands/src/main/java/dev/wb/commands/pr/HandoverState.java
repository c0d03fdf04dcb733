package dev.wb.commands.pr;

/** Where the handover a pull request may owe stands, as {@code pr.checked} records it. */
public enum HandoverState {
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

    public String wireName() {
        return wireName;
    }

    /** Whether a check passes with the handover in this state. */
    public boolean passes() {
        return passes;
    }
}
