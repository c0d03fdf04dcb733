package dev.wb.projections.events;

/**
 * The original tool that wrote a verdict {@code wb import} brought in: {@link ImportVerdictRecorded}'s
 * {@code tool}.
 *
 * <p>Nothing decides on an imported verdict, so the fallback only names it: a tool this wb does not know
 * reads as {@link #JUDGE}, the original of {@link ImportedKind#REVIEW}, the kind an unknown one reads as.
 */
public enum OriginalTool implements WireName {
    /** The original workbench: audit.json, evidence.json, git.log.json. */
    WORKBENCH("workbench"),
    /** The original judge: review records. */
    JUDGE("judge");

    private final String wire;

    OriginalTool(String wire) {
        this.wire = wire;
    }

    @Override
    public String wireName() {
        return wire;
    }
}
