package dev.wb.projections.events;

/**
 * Where a task's ticket lives, as {@code wb task get} reads it and {@link TaskFetched}'s {@code provider}
 * (and triage.json's) names it.
 *
 * <p>A provider this wb does not know reads as {@link #LOCAL}: failing closed, a fetch whose provider cannot
 * be read is never taken to have come from a tracker, only from the repository's own backlog file.
 */
public enum TicketProvider implements WireName {
    /** A GitHub issue, read with {@code gh issue view}. */
    GITHUB("github"),
    /** The local backlog: {@code .workflow/tasks/KEY.json}. */
    LOCAL("local");

    private final String wire;

    TicketProvider(String wire) {
        this.wire = wire;
    }

    @Override
    public String wireName() {
        return wire;
    }
}
