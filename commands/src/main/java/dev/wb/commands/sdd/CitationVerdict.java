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
    UNREADABLE;

    /** The name in events, audit.json and output: {@code missing_file}. */
    public String wireName() {
        return name().toLowerCase(Locale.ROOT);
    }
}
