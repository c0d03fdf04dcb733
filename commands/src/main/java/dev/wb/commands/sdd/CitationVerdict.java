package dev.wb.commands.sdd;

import java.util.Locale;

/** What the audit found for one citation; see the table in docs/PLAN.md. */
public enum CitationVerdict {
    /** The quote is at the cited line. */
    OK,
    /** The quote is elsewhere in the file: fails a strict audit, passes (with its line) once under way. */
    MOVED,
    /** The quote is only in the file as it was at the baseline commit: passes once under way. */
    BASELINE,
    /** The quote is nowhere: not in the file now, not at the baseline. Always fails. */
    MISMATCH,
    /** No such file (or the path leaves the repository). */
    MISSING_FILE,
    /** The cited line is past the end of the file, and the quote is nowhere else. */
    OUT_OF_RANGE,
    /** Over 5 MiB, or not text. */
    UNREADABLE,
    /** The citation is into {@code .workflow/}: wb's records, not the code. Always fails. */
    ARTIFACT,
    /**
     * The quote is in the working tree but in no commit the audit trusts (HEAD, and under way the
     * baseline): only in an uncommitted edit. Always fails.
     */
    UNCOMMITTED,
    /** An absence claim's fixed string is in a file it searched, outside {@code allow}. Fails. */
    FOUND;

    /** The name in events, audit.json and output: {@code missing_file}. */
    public String wireName() {
        return name().toLowerCase(Locale.ROOT);
    }
}
