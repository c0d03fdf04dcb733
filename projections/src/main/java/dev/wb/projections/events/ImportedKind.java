package dev.wb.projections.events;

/**
 * Which of the originals' files an imported verdict came from: {@link ImportVerdictRecorded}'s {@code kind}.
 * Each is one original's ({@link #tool()}).
 *
 * <p>Nothing decides on an imported verdict (it is never verified; wb re-runs the check to count it), so
 * the fallback only names it: a kind this wb does not know reads as {@link #REVIEW}, failing closed as a
 * judge's record, which counts for nothing until {@code wb judge verify} has checked the record itself.
 */
public enum ImportedKind implements WireName {
    /** The workbench's audit.json: its plan audit. */
    AUDIT("audit", OriginalTool.WORKBENCH),
    /** The workbench's evidence.json: its verify run. */
    EVIDENCE("evidence", OriginalTool.WORKBENCH),
    /** The workbench's git.log.json: its git series. */
    GIT_LOG("git-log", OriginalTool.WORKBENCH),
    /** A judge's review record. */
    REVIEW("review", OriginalTool.JUDGE);

    private final String wire;
    private final OriginalTool tool;

    ImportedKind(String wire, OriginalTool tool) {
        this.wire = wire;
        this.tool = tool;
    }

    @Override
    public String wireName() {
        return wire;
    }

    /** The original that writes files of this kind. */
    public OriginalTool tool() {
        return tool;
    }
}
