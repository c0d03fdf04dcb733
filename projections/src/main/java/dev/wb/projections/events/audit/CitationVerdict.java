package dev.wb.projections.events.audit;

import dev.wb.projections.events.WireName;

/**
 * What an audit found for one citation; see the table in docs/PLAN.md. The verdict {@code plan.audited} and
 * {@code citations.checked} record, audit.json and {@code wb sdd audit} print. A reader takes an unknown wire
 * name for {@link #MISMATCH}, which always fails.
 */
public enum CitationVerdict implements WireName {
    /** The quote is at the cited line. */
    OK("ok"),
    /** The quote is elsewhere in the file: fails a strict audit, passes (with its line) once under way. */
    MOVED("moved"),
    /** The quote is only in the file as it was at the baseline commit: passes once under way. */
    BASELINE("baseline"),
    /** The quote is nowhere: not in the file now, not at the baseline. Always fails. */
    MISMATCH("mismatch"),
    /** No such file (or the path leaves the repository). */
    MISSING_FILE("missing_file"),
    /** The cited line is past the end of the file, and the quote is nowhere else. */
    OUT_OF_RANGE("out_of_range"),
    /** Over 5 MiB, or not text. */
    UNREADABLE("unreadable"),
    /** The citation is into {@code .workflow/}: wb's records, not the code. Always fails. */
    ARTIFACT("artifact"),
    /**
     * The quote is in the working tree but in no commit the audit trusts (HEAD, and under way the
     * baseline): only in an uncommitted edit. Always fails.
     */
    UNCOMMITTED("uncommitted"),
    /** An absence claim's fixed string is in a file it searched, outside {@code allow}. Fails. */
    FOUND("found");

    private final String wireName;

    CitationVerdict(String wireName) {
        this.wireName = wireName;
    }

    @Override
    public String wireName() {
        return wireName;
    }
}
