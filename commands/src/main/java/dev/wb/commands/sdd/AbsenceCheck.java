package dev.wb.commands.sdd;

import dev.wb.commands.plan.Plan;
import dev.wb.commands.sdd.AuditReport.CitationFinding;
import dev.wb.git.TreeSearch;
import dev.wb.projections.events.audit.CitationVerdict;
import java.util.List;
import java.util.Optional;

/**
 * An absence claim checked at the anchored commit: the files that hold its fixed string, less those
 * it allows, must be none ({@code found} names them otherwise). A search stopped at its bounds
 * proves nothing, so it fails as {@code unreadable}.
 */
final class AbsenceCheck {

    /** Files named in a {@code found} finding's detail; the rest are counted. */
    static final int NAMED = 10;

    private AbsenceCheck() {}

    static CitationFinding check(Plan.Citation c, Plan.Absence absence, Auditor.BaselineFiles anchor) {
        Optional<TreeSearch> searched =
                anchor.search(new TreeSearch.Query(absence.pattern(), absence.paths(), absence.word()));
        if (searched.isEmpty()) {
            return finding(c, CitationVerdict.OK, true, "no commit yet: nothing to search");
        }
        TreeSearch search = searched.get();
        TreeSearch.Query allowed = new TreeSearch.Query("", absence.allow(), false);
        List<String> hits =
                search.hits().stream().filter(path -> !allowed.coversPath(path)).toList();
        if (!hits.isEmpty()) {
            String named = String.join(", ", hits.subList(0, Math.min(NAMED, hits.size())))
                    + (hits.size() > NAMED ? " and " + (hits.size() - NAMED) + " more" : "");
            return finding(c, CitationVerdict.FOUND, false, "found in " + named);
        }
        if (!search.complete()) {
            return finding(
                    c,
                    CitationVerdict.UNREADABLE,
                    false,
                    "the search stopped after " + search.filesRead() + " files; narrow search.paths");
        }
        return finding(c, CitationVerdict.OK, true, "absent from the " + search.filesRead() + " files searched");
    }

    private static CitationFinding finding(Plan.Citation c, CitationVerdict verdict, boolean passes, String detail) {
        return new CitationFinding(c.index(), c.file(), c.line(), verdict, passes, Optional.empty(), detail);
    }
}
