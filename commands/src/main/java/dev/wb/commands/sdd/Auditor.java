package dev.wb.commands.sdd;

import dev.wb.commands.plan.CriticalZones;
import dev.wb.commands.plan.Plan;
import dev.wb.commands.plan.PlanPaths;
import dev.wb.commands.plan.PlanReader;
import dev.wb.commands.plan.PresetBar;
import dev.wb.commands.sdd.AuditReport.CitationFinding;
import dev.wb.commands.sdd.AuditReport.FileFinding;
import dev.wb.git.TreeSearch;
import dev.wb.projections.events.PlannedFile;
import dev.wb.projections.events.audit.AuditMode;
import dev.wb.projections.events.audit.AuditTier;
import dev.wb.projections.events.audit.CitationVerdict;
import dev.wb.projections.events.audit.FileCheckVerdict;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.OptionalInt;
import java.util.Set;
import java.util.SortedMap;
import java.util.SortedSet;
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

        /**
         * The files of the commit that hold a fixed string ({@code git grep -l -F}); empty when there is
         * no commit to search.
         */
        default Optional<TreeSearch> search(TreeSearch.Query query) {
            return Optional.empty();
        }

        BaselineFiles NONE = path -> Optional.empty();
    }

    /** What each required handover field is for (the original's words). */
    private static final Map<String, String> HANDOVER_WHY = Map.of(
            "symptom_plain", "what the reporter saw, in their words, no jargon",
            "qa_steps", "numbered steps QA follows to confirm it, ending in the expected result");

    /** Light is at most this many files. */
    static final int LIGHT_MAX_FILES = 2;

    private final WorkingTree tree;
    private final CriticalZones zones;
    private final PresetBar bar;
    private final Optional<BaselineFiles> head;

    public Auditor(Path root, CriticalZones zones) {
        this(root, zones, PresetBar.NONE);
    }

    public Auditor(Path root, CriticalZones zones, PresetBar bar) {
        this(root, zones, bar, Optional.empty());
    }

    /**
     * @param head the files as committed at HEAD, where there is a commit: a quote the working tree
     *     holds but no commit the audit trusts does is {@code uncommitted}
     */
    public Auditor(Path root, CriticalZones zones, PresetBar bar, Optional<BaselineFiles> head) {
        this(new WorkingTree(root), zones, bar, head);
    }

    private Auditor(WorkingTree tree, CriticalZones zones, PresetBar bar, Optional<BaselineFiles> head) {
        this.tree = tree;
        this.zones = zones;
        this.bar = bar;
        this.head = head.map(Auditor::cached);
    }

    /**
     * An auditor whose tree is the files as committed at one commit ({@code committed}), which is
     * also its HEAD: what re-deriving an audit recorded against that commit reads.
     */
    static Auditor atCommit(BaselineFiles committed, CriticalZones zones, PresetBar bar) {
        BaselineFiles files = cached(committed);
        return new Auditor(WorkingTree.committed(files), zones, bar, Optional.of(files));
    }

    /**
     * A plan that could be read, as the audit takes it.
     *
     * @param readerProblems what reading the plan found wrong
     * @param readerNotices what reading the plan noticed without failing it
     * @param planBytes the size of sdd.json, for the shape rule that keeps its audit recordable
     */
    public record Input(Plan plan, List<String> readerProblems, List<String> readerNotices, long planBytes) {}

    /**
     * Audits a plan that could be read. Under way, {@code baseline} reads the anchored commit; in a
     * strict audit it is never consulted.
     */
    public AuditReport audit(
            Plan plan, List<String> readerProblems, AuditMode mode, Optional<String> anchor, BaselineFiles baseline) {
        return audit(plan, readerProblems, mode, anchor, baseline, 0);
    }

    public AuditReport audit(
            Plan plan,
            List<String> readerProblems,
            AuditMode mode,
            Optional<String> anchor,
            BaselineFiles baseline,
            long planBytes) {
        return audit(new Input(plan, readerProblems, List.of(), planBytes), mode, anchor, baseline);
    }

    /**
     * Audits the plan against the repository.
     *
     * @param input the plan read, what reading it found, and the size of its file
     */
    public AuditReport audit(Input input, AuditMode mode, Optional<String> anchor, BaselineFiles baseline) {
        Plan plan = input.plan();
        BaselineFiles lookup = mode.strict() ? BaselineFiles.NONE : cached(baseline);
        // A planned delete (or a rename's old path) done since the anchor is the plan carried out,
        // in a strict rebaseline too: it is looked up at the anchor whatever the mode. A gone edit
        // is not: the plan said the file stays.
        BaselineFiles deletions = mode == AuditMode.FIRST ? BaselineFiles.NONE : cached(baseline);
        List<CitationFinding> citations = new ArrayList<>();
        // An absence claim is searched at the anchor: HEAD in a strict audit, the baseline under way.
        BaselineFiles anchorCommit = mode.strict() ? head.orElse(BaselineFiles.NONE) : lookup;
        for (Plan.Citation citation : plan.evidence()) {
            citations.add(
                    citation.search().isPresent()
                            ? AbsenceCheck.check(citation, citation.search().get(), anchorCommit)
                            : check(citation, mode, lookup));
        }
        List<FileFinding> files = new ArrayList<>();
        for (int i = 0; i < plan.files().size(); i++) {
            PlannedFile file = plan.files().get(i);
            if (!file.change().equals("add")) {
                files.add(exists(i, file, deletions));
            }
        }
        Set<String> claimed = new LinkedHashSet<>();
        plan.files().forEach(f -> claimed.addAll(f.claimed()));
        SortedMap<String, SortedSet<String>> touched = zones.touched(claimed);
        Rigour tier = tier(plan, touched);
        List<String> structure = structure(plan, input.readerProblems(), input.planBytes(), tier);
        List<String> notices = new ArrayList<>(input.readerNotices());
        ZoneFindings.add(zones, plan, claimed, touched, structure, notices);
        if (!bar.applies() && !plan.preset().isEmpty() && !PresetBar.known(plan.preset())) {
            notices.add("preset '" + plan.preset() + "' is not one of: " + String.join(", ", PresetBar.PRESETS)
                    + " (config.json records no preset, so no bar holds it)");
        }
        return new AuditReport(
                mode,
                anchor,
                citations,
                files,
                structure,
                tier.tier(),
                tier.reason(),
                new TreeSet<>(touched.keySet()),
                plan.files(),
                PlanReader.bounded(notices));
    }

    /** The plan's shape problems, after what reading it found: its size, its steps, product, handover, bar. */
    private List<String> structure(Plan plan, List<String> readerProblems, long planBytes, Rigour tier) {
        List<String> structure = new ArrayList<>(readerProblems);
        if (planBytes > PlanReader.MAX_PLAN_BYTES) {
            structure.add("sdd.json is " + planBytes + " bytes; a plan of at most " + PlanReader.MAX_PLAN_BYTES
                    + " bytes is audited (its audit is recorded whole)");
        }
        boolean light = tier.tier() == AuditTier.LIGHT;
        if (!light && plan.steps().isEmpty()) {
            structure.add("steps is empty: an unordered plan cannot be executed or reviewed (only a light plan may"
                    + " leave them out)");
        }
        productProblem(plan, light).ifPresent(structure::add);
        structure.addAll(handoverProblems(plan));
        bar.problem(plan.preset(), plan.files().stream().map(PlannedFile::path).toList())
                .ifPresent(structure::add);
        return structure;
    }

    /**
     * Citations on their own ({@code wb cite check}), exactly as a first audit checks them: the working
     * tree for {@code ok} and {@code moved} (which fails), HEAD for {@code uncommitted} and absence claims.
     */
    public List<CitationFinding> citations(List<Plan.Citation> evidence) {
        List<CitationFinding> findings = new ArrayList<>();
        BaselineFiles anchorCommit = head.orElse(BaselineFiles.NONE);
        for (Plan.Citation citation : evidence) {
            findings.add(
                    citation.search().isPresent()
                            ? AbsenceCheck.check(citation, citation.search().get(), anchorCommit)
                            : check(citation, AuditMode.FIRST, BaselineFiles.NONE));
        }
        return findings;
    }

    /** The tier and why: the original's rules in its order, and wb's folder entries never light. */
    record Rigour(AuditTier tier, String reason) {}

    private static Rigour tier(Plan plan, SortedMap<String, SortedSet<String>> touched) {
        int count = plan.files().size();
        if (count > LIGHT_MAX_FILES) {
            return standard(count + " files (light is up to " + LIGHT_MAX_FILES + ")");
        }
        if (!touched.isEmpty()) {
            return standard("touches " + String.join(", ", touched.keySet()));
        }
        if (plan.needsHandover()) {
            return standard(plan.ticketTypeOrSupport() + " work has a non-engineering audience");
        }
        if (count == 0) {
            return standard("no files listed");
        }
        // A folder entry may hold any zone, so it never makes a light plan.
        for (PlannedFile file : plan.files()) {
            if (file.path().endsWith("/")) {
                return standard(file.path() + " is a folder: it may hold any zone");
            }
        }
        return new Rigour(AuditTier.LIGHT, count + " file(s), no critical zone");
    }

    private static Rigour standard(String reason) {
        return new Rigour(AuditTier.STANDARD, reason);
    }

    /** solo-saas and startup plans say which metric they move and who asked, unless light. */
    private static Optional<String> productProblem(Plan plan, boolean light) {
        if (light || !PresetBar.PRODUCT_REQUIRED.contains(plan.preset())) {
            return Optional.empty();
        }
        List<String> missing = new ArrayList<>();
        if (plan.product().metric().isEmpty()) {
            missing.add("metric");
        }
        if (plan.product().whoAsked().isEmpty()) {
            missing.add("who_asked");
        }
        return missing.isEmpty()
                ? Optional.empty()
                : Optional.of("preset " + plan.preset() + " requires product.{" + String.join(", ", missing)
                        + "}: which metric this moves, and who asked for it");
    }

    /** A plan that owes a handover has its symptom_plain and qa_steps. */
    private static List<String> handoverProblems(Plan plan) {
        List<String> problems = new ArrayList<>();
        if (!plan.needsHandover()) {
            return problems;
        }
        boolean symptom = plan.handover().map(h -> !h.symptomPlain().isEmpty()).orElse(false);
        boolean steps = plan.handover().map(h -> !h.qaSteps().isEmpty()).orElse(false);
        for (String field : List.of("symptom_plain", "qa_steps")) {
            if (field.equals("symptom_plain") ? !symptom : !steps) {
                problems.add("a " + plan.ticketTypeOrSupport() + " ticket needs handover." + field + ": "
                        + HANDOVER_WHY.get(field));
            }
        }
        return problems;
    }

    private CitationFinding check(Plan.Citation c, AuditMode mode, BaselineFiles baseline) {
        Optional<String> path = PlanPaths.normalize(c.file());
        if (path.isEmpty()) {
            return finding(c, CitationVerdict.MISSING_FILE, false, null, "the path leaves the repository");
        }
        if (path.get().equals(".workflow") || path.get().startsWith(".workflow/")) {
            return finding(
                    c, CitationVerdict.ARTIFACT, false, null, "it cites wb's records in .workflow/, not the code");
        }
        String quote = SourceText.normalize(c.quote());
        WorkingTree.Found found = tree.read(path.get());
        if (found instanceof WorkingTree.Unreadable unreadable) {
            return finding(c, CitationVerdict.UNREADABLE, false, null, unreadable.why());
        }
        if (found instanceof WorkingTree.Missing missing) {
            if (atBaseline(baseline, path.get(), quote)) {
                return finding(
                        c, CitationVerdict.BASELINE, true, null, "the file is gone; the quote is at the baseline");
            }
            return finding(c, CitationVerdict.MISSING_FILE, false, null, missing.why());
        }
        SourceText text = ((WorkingTree.Text) found).text();
        if (text.matchesAt(c.line(), quote)) {
            return uncommitted(c, path.get(), quote, baseline)
                    .orElseGet(() -> finding(c, CitationVerdict.OK, true, null, ""));
        }
        OptionalInt nearest = text.nearest(c.line(), quote);
        if (nearest.isPresent()) {
            return uncommitted(c, path.get(), quote, baseline)
                    .orElseGet(() -> finding(
                            c,
                            CitationVerdict.MOVED,
                            !mode.strict(),
                            nearest.getAsInt(),
                            "now at line " + nearest.getAsInt()));
        }
        if (atBaseline(baseline, path.get(), quote)) {
            return finding(c, CitationVerdict.BASELINE, true, null, "found only at the baseline commit");
        }
        if (c.line() > text.lineCount()) {
            return finding(
                    c,
                    CitationVerdict.OUT_OF_RANGE,
                    false,
                    null,
                    "line " + c.line() + " is past the end of the file (" + text.lineCount() + " lines)");
        }
        return finding(c, CitationVerdict.MISMATCH, false, null, "the quote is nowhere in the file");
    }

    /**
     * A quote the working tree holds that no commit the audit trusts holds: not at HEAD, and (under way)
     * not at the baseline either. Without a commit there is nothing to hold it against.
     */
    private Optional<CitationFinding> uncommitted(Plan.Citation c, String path, String quote, BaselineFiles baseline) {
        if (head.isEmpty() || atBaseline(head.get(), path, quote) || atBaseline(baseline, path, quote)) {
            return Optional.empty();
        }
        return Optional.of(
                finding(
                        c,
                        CitationVerdict.UNCOMMITTED,
                        false,
                        null,
                        "the quote is only in an uncommitted edit, not in the commit: commit it, or cite the code as committed"));
    }

    private static boolean atBaseline(BaselineFiles baseline, String path, String quote) {
        return baseline.text(path).map(t -> t.nearest(1, quote).isPresent()).orElse(false);
    }

    private FileFinding exists(int index, PlannedFile file, BaselineFiles baseline) {
        if (tree.exists(file.path())) {
            return new FileFinding(index, file.path(), file.change(), FileCheckVerdict.EXISTS, true);
        }
        // Only a delete or a rename says the path goes: an edit whose file is gone is a missing path,
        // under way too, as the original reports it.
        if (!file.change().equals("edit") && baseline.exists(file.path())) {
            return new FileFinding(index, file.path(), file.change(), FileCheckVerdict.BASELINE, true);
        }
        return new FileFinding(index, file.path(), file.change(), FileCheckVerdict.MISSING, false);
    }

    private static CitationFinding finding(
            Plan.Citation c, CitationVerdict verdict, boolean passes, Integer at, String detail) {
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

            @Override
            public Optional<TreeSearch> search(TreeSearch.Query query) {
                return files.search(query);
            }
        };
    }
}
