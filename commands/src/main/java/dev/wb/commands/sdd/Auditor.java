package dev.wb.commands.sdd;

import dev.wb.commands.sdd.AuditReport.CitationFinding;
import dev.wb.commands.sdd.AuditReport.FileFinding;
import dev.wb.commands.sdd.AuditReport.Mode;
import dev.wb.commands.sdd.AuditReport.Tier;
import dev.wb.projections.audit.PlannedFile;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Optional;
import java.util.OptionalInt;
import java.util.SortedSet;
import java.util.TreeMap;
import java.util.TreeSet;

/**
 * Checks a plan against the code: every citation as the seed's table says, every planned file
 * that is not an {@code add}, the tier, and the shape rules that depend on the tier.
 */
public final class Auditor {

    /** The repository as it was at the baseline commit: a file's text, when it was there and text. */
    @FunctionalInterface
    public interface BaselineFiles {
        Optional<SourceText> text(String path);

        /** Whether the path was a file at the baseline, text or not (a deleted binary counts). */
        default boolean exists(String path) {
            return text(path).isPresent();
        }

        BaselineFiles NONE = path -> Optional.empty();
    }

    private static final List<String> NEVER_LIGHT = List.of("bug", "incident");

    private final WorkingTree tree;
    private final CriticalZones zones;

    public Auditor(Path root, CriticalZones zones) {
        this.tree = new WorkingTree(root);
        this.zones = zones;
    }

    /**
     * Audits a plan that could be read. Under way, {@code baseline} reads the anchored commit; in a
     * strict audit it is never consulted.
     */
    public AuditReport audit(Plan plan, List<String> readerProblems, Mode mode, Optional<String> anchor,
            BaselineFiles baseline) {
        return audit(plan, readerProblems, mode, anchor, baseline, 0);
    }

    /**
     * @param planBytes the size of sdd.json, for the shape rule that keeps its audit recordable
     */
    public AuditReport audit(Plan plan, List<String> readerProblems, Mode mode, Optional<String> anchor,
            BaselineFiles baseline, long planBytes) {
        BaselineFiles lookup = mode.strict() ? BaselineFiles.NONE : cached(baseline);
        // A planned delete (or a rename's old path) done since the anchor is the plan carried out,
        // in a strict rebaseline too: it is looked up at the anchor whatever the mode.
        BaselineFiles deletions = mode == Mode.FIRST ? BaselineFiles.NONE : cached(baseline);
        List<CitationFinding> citations = new ArrayList<>();
        for (Plan.Citation citation : plan.evidence()) {
            citations.add(check(citation, mode, lookup));
        }
        List<FileFinding> files = new ArrayList<>();
        for (int i = 0; i < plan.files().size(); i++) {
            PlannedFile file = plan.files().get(i);
            if (!file.change().equals("add")) {
                files.add(exists(i, file, deletions));
            }
        }
        Map<String, SortedSet<String>> touched = new TreeMap<>();
        for (PlannedFile file : plan.files()) {
            for (String path : file.claimed()) {
                zones.zonesOf(path).forEach(z -> touched.computeIfAbsent(z, k -> new TreeSet<>()).add(path));
            }
        }
        boolean neverLight = plan.ticketType().map(t -> NEVER_LIGHT.contains(t.toLowerCase(Locale.ROOT))).orElse(false);
        // A folder entry may hold any zone, so it never makes a light plan.
        boolean folder = plan.files().stream().anyMatch(f -> f.path().endsWith("/"));
        Tier tier = plan.files().size() <= 2 && touched.isEmpty() && !neverLight && !folder ? Tier.LIGHT
                : Tier.STANDARD;
        List<String> structure = new ArrayList<>(readerProblems);
        if (planBytes > PlanReader.MAX_PLAN_BYTES) {
            structure.add("sdd.json is " + planBytes + " bytes; a plan of at most " + PlanReader.MAX_PLAN_BYTES
                    + " bytes is audited (its audit is recorded whole)");
        }
        if (tier == Tier.STANDARD && plan.steps().isEmpty()) {
            structure.add("steps is empty: a standard-tier plan lists its steps (only a light plan may leave them out)");
        }
        if (tier == Tier.STANDARD && plan.product().isEmpty()) {
            structure.add("product is empty: a standard-tier plan says what changes for its users");
        }
        touched.forEach((zone, paths) -> {
            if (!plan.zones().contains(zone)) {
                structure.add("files touch the critical zone " + zone + " (" + String.join(", ", paths)
                        + "): declare it in zones");
            }
        });
        return new AuditReport(mode, anchor, citations, files, structure, tier, new TreeSet<>(touched.keySet()),
                plan.files());
    }

    private CitationFinding check(Plan.Citation c, Mode mode, BaselineFiles baseline) {
        Optional<String> path = PlanPaths.normalize(c.file());
        if (path.isEmpty()) {
            return finding(c, CitationVerdict.MISSING_FILE, false, null, "the path leaves the repository");
        }
        String quote = SourceText.normalize(c.quote());
        WorkingTree.Found found = tree.read(path.get());
        if (found instanceof WorkingTree.Unreadable unreadable) {
            return finding(c, CitationVerdict.UNREADABLE, false, null, unreadable.why());
        }
        if (found instanceof WorkingTree.Missing missing) {
            if (atBaseline(baseline, path.get(), quote)) {
                return finding(c, CitationVerdict.BASELINE, true, null, "the file is gone; the quote is at the baseline");
            }
            return finding(c, CitationVerdict.MISSING_FILE, false, null, missing.why());
        }
        SourceText text = ((WorkingTree.Text) found).text();
        if (text.matchesAt(c.line(), quote)) {
            return finding(c, CitationVerdict.OK, true, null, "");
        }
        OptionalInt nearest = text.nearest(c.line(), quote);
        if (nearest.isPresent()) {
            return finding(c, CitationVerdict.MOVED, !mode.strict(), nearest.getAsInt(),
                    "now at line " + nearest.getAsInt());
        }
        if (atBaseline(baseline, path.get(), quote)) {
            return finding(c, CitationVerdict.BASELINE, true, null, "found only at the baseline commit");
        }
        if (c.line() > text.lineCount()) {
            return finding(c, CitationVerdict.OUT_OF_RANGE, false, null,
                    "line " + c.line() + " is past the end of the file (" + text.lineCount() + " lines)");
        }
        return finding(c, CitationVerdict.MISMATCH, false, null, "the quote is nowhere in the file");
    }

    private static boolean atBaseline(BaselineFiles baseline, String path, String quote) {
        return baseline.text(path).map(t -> t.nearest(1, quote).isPresent()).orElse(false);
    }

    private FileFinding exists(int index, PlannedFile file, BaselineFiles baseline) {
        if (tree.exists(file.path())) {
            return new FileFinding(index, file.path(), file.change(), "exists", true);
        }
        if (baseline.exists(file.path())) {
            return new FileFinding(index, file.path(), file.change(), "baseline", true);
        }
        return new FileFinding(index, file.path(), file.change(), "missing", false);
    }

    private static CitationFinding finding(Plan.Citation c, CitationVerdict verdict, boolean passes, Integer at,
            String detail) {
        return new CitationFinding(c.index(), c.file(), c.line(), verdict, passes, Optional.ofNullable(at), detail);
    }

    private static BaselineFiles cached(BaselineFiles files) {
        Map<String, Optional<SourceText>> texts = new HashMap<>();
        Map<String, Boolean> found = new HashMap<>();
        return new BaselineFiles() {
            @Override
            public Optional<SourceText> text(String path) {
                return texts.computeIfAbsent(path, files::text);
            }

            @Override
            public boolean exists(String path) {
                return found.computeIfAbsent(path, files::exists);
            }
        };
    }
}
