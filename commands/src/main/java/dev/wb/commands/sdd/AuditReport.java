package dev.wb.commands.sdd;

import dev.wb.projections.events.PlannedFile;
import java.util.List;
import java.util.Optional;
import java.util.SortedSet;

/** Everything one audit found, before it becomes an event. */
public record AuditReport(
        Mode mode,
        Optional<String> anchor,
        List<CitationFinding> citations,
        List<FileFinding> files,
        List<String> structure,
        Tier tier,
        String tierReason,
        SortedSet<String> zones,
        List<PlannedFile> plannedFiles,
        List<String> notices) {

    /** How strictly citations are read. */
    public enum Mode {
        /** The first audit: every citation at its line in the working tree. */
        FIRST("first"),
        /** After a passing strict audit: drift is reported, and passes, against the baseline. */
        UNDER_WAY("under-way"),
        /** {@code --rebaseline}: strict again, against the current tree. */
        REBASELINE("rebaseline");

        private final String wireName;

        Mode(String wireName) {
            this.wireName = wireName;
        }

        public String wireName() {
            return wireName;
        }

        public boolean strict() {
            return this != UNDER_WAY;
        }
    }

    /**
     * Computed, never declared: light is at most two files, none in a critical zone, no handover owed;
     * light waives {@code steps} and {@code product}, nothing else.
     */
    public enum Tier {
        LIGHT,
        STANDARD;

        public String wireName() {
            return this == LIGHT ? "light" : "standard";
        }
    }

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
    public record FileFinding(int index, String path, String change, String verdict, boolean passes) {}

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
