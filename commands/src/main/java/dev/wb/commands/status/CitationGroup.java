package dev.wb.commands.status;

import com.google.common.collect.ImmutableList;
import dev.wb.projections.events.audit.CitationVerdict;
import java.util.List;
import java.util.Locale;
import java.util.Map;

/**
 * The two kinds of citation trouble {@code wb status --stats} counts over every audit, as the original
 * workbench's {@code history.citations} does (0.12): a citation that is wrong, and one that drifted.
 */
public enum CitationGroup {
    /** The quote is not there, or its file is not: the plan cites what the code does not say. */
    WRONG(ImmutableList.of(CitationVerdict.MISMATCH, CitationVerdict.MISSING_FILE)),
    /** The quote moved, or its line is past the end of the file: the code changed under the plan. */
    DRIFTED(ImmutableList.of(CitationVerdict.MOVED, CitationVerdict.OUT_OF_RANGE));

    private final ImmutableList<CitationVerdict> verdicts;

    CitationGroup(ImmutableList<CitationVerdict> verdicts) {
        this.verdicts = verdicts;
    }

    /** The citation verdicts ({@code plan.audited}'s {@code citations[].verdict}) this group adds up. */
    public List<CitationVerdict> verdicts() {
        return verdicts;
    }

    /** {@code wrong}, {@code drifted}: the word in text and {@code --json}. */
    public String word() {
        return name().toLowerCase(Locale.ROOT);
    }

    /** This group's count among citation counts by verdict (by its wire name). */
    public long count(Map<String, Long> byVerdict) {
        long n = 0;
        for (CitationVerdict verdict : verdicts) {
            Long count = byVerdict.get(verdict.wireName());
            n += count == null ? 0 : count;
        }
        return n;
    }
}
