package dev.wb.commands.sdd;

import dev.wb.projections.events.PlannedFile;
import dev.wb.projections.events.audit.AuditMode;
import dev.wb.projections.events.audit.AuditTier;
import dev.wb.projections.events.audit.CitationVerdict;
import dev.wb.projections.events.audit.FileCheckVerdict;
import java.util.List;
import java.util.Optional;
import java.util.SortedSet;

/** Everything one audit found, before it becomes an event: its mode, tier and verdicts are the event's own enums. */
public record AuditReport(
        AuditMode mode,
        Optional<String> anchor,
        List<CitationFinding> citations,
        List<FileFinding> files,
        List<String> structure,
        AuditTier tier,
        String tierReason,
        SortedSet<String> zones,
        List<PlannedFile> plannedFiles,
        List<String> notices) {

    /** One citation's outcome; {@code at} is where the quote is now, when it moved. */
    public record CitationFinding(
            int index,
            String file,
            int line,
            CitationVerdict verdict,
            boolean passes,
            Optional<Integer> at,
            String detail) {

        /** A passing citation that no longer describes the current code at its line. */
        public boolean drifted() {
            return passes && (verdict == CitationVerdict.MOVED || verdict == CitationVerdict.BASELINE);
        }
    }

    /** Whether a planned file that is not an {@code add} exists. */
    public record FileFinding(int index, String path, String change, FileCheckVerdict verdict, boolean passes) {}

    public AuditReport {
        citations = List.copyOf(citations);
        files = List.copyOf(files);
        structure = List.copyOf(structure);
        plannedFiles = List.copyOf(plannedFiles);
        notices = List.copyOf(notices);
    }

    public boolean passed() {
        return structure.isEmpty()
                && citations.stream().allMatch(CitationFinding::passes)
                && files.stream().allMatch(FileFinding::passes);
    }

    public long failures() {
        return structure.size()
                + citations.stream().filter(c -> !c.passes()).count()
                + files.stream().filter(f -> !f.passes()).count();
    }
}
