package dev.wb.projections.events.judge;

import dev.wb.projections.events.WireName;

/**
 * How consent to run a task's declared validation commands was given: one set for {@link
 * TaskCommandsApproved} and {@link JudgeRunStarted}.
 *
 * <p>Nothing decides on it once written: it is shown, never trusted. A value this wb does not know reads
 * as {@link #STORED}, the only consent {@code task.commands.approved} writes, which still names the list
 * digest the consent was bound to, so an unknown value never widens what was approved.
 */
public enum CommandsApproval implements WireName {
    /** A task-bound preapproval {@code wb task approve-commands} stored. */
    STORED("stored"),
    /** The exact list approved by flags on the command line. */
    FLAGS("flags"),
    /** Approved interactively at the terminal. */
    TERMINAL("terminal");

    private final String wire;

    CommandsApproval(String wire) {
        this.wire = wire;
    }

    @Override
    public String wireName() {
        return wire;
    }
}
