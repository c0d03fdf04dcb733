package dev.wb.projections.events.audit;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.wb.engine.EventEnvelope;
import dev.wb.engine.json.CanonicalJson;
import dev.wb.projections.events.EventType;
import dev.wb.projections.events.PayloadFields;
import dev.wb.projections.events.PayloadValues;
import dev.wb.projections.events.PlannedFile;
import dev.wb.projections.events.Verdict;
import dev.wb.projections.events.WbEvent;
import dev.wb.projections.events.WireName;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;

/**
 * {@code wb sdd audit} ran: the verdict, the tier, the mode (first, under way, rebaseline), the baseline
 * it was anchored to, every citation and file finding (passing ones too), the structure problems, the
 * plan's files, and the digest of the canonical plan that was audited. Its parts are named; the payload
 * keeps its flat fields.
 *
 * @param verdict {@link Verdict#PASS} or {@link Verdict#FAIL}; a value this wb does not know reads as
 *     {@link Verdict#FAIL}, which passes nothing
 * @param compact whether the findings dropped their paths to keep the event small (written only when true)
 */
public record PlanAudited(
        Verdict verdict, Rigour rigour, Anchor anchor, AuditedPlan plan, Findings findings, boolean compact)
        implements WbEvent {

    static final String VERDICT = "verdict";
    static final String TIER = "tier";
    static final String TIER_REASON = "tierReason";
    static final String MODE = "mode";
    static final String UNDER_WAY_FIELD = "underWay";
    static final String REBASELINE = "rebaseline";
    static final String BASELINE = "baseline";
    static final String HEAD = "head";
    static final String PLAN_DIGEST = "planDigest";
    static final String FILES = "files";
    static final String ZONES = "zones";
    static final String CITATIONS = "citations";
    static final String FILE_CHECKS = "fileChecks";
    static final String STRUCTURE = "structure";
    static final String NOTICES = "notices";
    static final String COMPACT = "compact";

    public static final EventType<PlanAudited> TYPE = EventType.of(
            "plan.audited",
            List.of(
                    VERDICT,
                    TIER,
                    TIER_REASON,
                    MODE,
                    UNDER_WAY_FIELD,
                    REBASELINE,
                    BASELINE,
                    HEAD,
                    PLAN_DIGEST,
                    FILES,
                    ZONES,
                    CITATIONS,
                    FILE_CHECKS,
                    STRUCTURE,
                    NOTICES,
                    COMPACT),
            PlanAudited::read);

    /**
     * The tier and why.
     *
     * @param reason why the tier (absent in audits recorded before it was added)
     */
    public record Rigour(AuditTier tier, Optional<String> reason) {}

    /**
     * What the audit ran in and against: its mode with the flags written beside it, and the commits.
     *
     * @param baseline the anchor after this audit (null in the payload when there is none)
     * @param head HEAD when the audit ran (null in a repository without commits)
     */
    public record Anchor(
            AuditMode mode, boolean underWay, boolean rebaseline, Optional<String> baseline, Optional<String> head) {

        /** An audit in {@code mode}, its flags as wb writes them. */
        public static Anchor of(AuditMode mode, Optional<String> baseline, Optional<String> head) {
            return new Anchor(mode, mode == AuditMode.UNDER_WAY, mode == AuditMode.REBASELINE, baseline, head);
        }

        /**
         * Whether the flags say what the mode says, as wb always writes them: a mode this wb does not know
         * reads as under way, and the flags written for it do not agree.
         */
        public boolean consistent() {
            return underWay == (mode == AuditMode.UNDER_WAY) && rebaseline == (mode == AuditMode.REBASELINE);
        }
    }

    /**
     * The plan that was audited.
     *
     * @param digest the canonical plan's digest
     * @param files its files
     * @param zones the critical zones they touch
     */
    public record AuditedPlan(String digest, List<PlannedFile> files, List<String> zones) {
        public AuditedPlan {
            files = List.copyOf(files);
            zones = List.copyOf(zones);
        }
    }

    /**
     * What the audit found, passing or not.
     *
     * @param citations one per readable citation
     * @param fileChecks every planned file that is not an add
     * @param structure what is wrong with the plan's shape
     * @param notices what the audit says without failing (read as empty from audits recorded before it)
     */
    public record Findings(
            List<Citation> citations, List<FileCheck> fileChecks, List<String> structure, List<String> notices) {
        public Findings {
            citations = List.copyOf(citations);
            fileChecks = List.copyOf(fileChecks);
            structure = List.copyOf(structure);
            notices = List.copyOf(notices);
        }
    }

    /**
     * One citation's outcome.
     *
     * @param file the cited file (absent from a compact audit: the stored plan has it)
     * @param verdict an absence claim's is {@link CitationVerdict#OK} or {@link CitationVerdict#FOUND} (its
     *     file empty and its line 0); a value this wb does not know reads as {@link CitationVerdict#MISMATCH}
     * @param at the line a moved quote is at now
     */
    public record Citation(
            int index, Optional<String> file, int line, CitationVerdict verdict, boolean passes, Optional<Integer> at) {

        static final String INDEX = "index";
        static final String FILE = "file";
        static final String LINE = "line";
        static final String VERDICT = "verdict";
        static final String PASSES = "passes";
        static final String AT = "at";

        ObjectNode toJson() {
            ObjectNode node = CanonicalJson.objectNode();
            node.put(INDEX, index);
            file.ifPresent(f -> node.put(FILE, f));
            node.put(LINE, line);
            node.put(VERDICT, verdict.wireName());
            node.put(PASSES, passes);
            at.ifPresent(a -> node.put(AT, a));
            return node;
        }

        static Citation read(JsonNode node) {
            return new Citation(
                    node.path(INDEX).asInt(),
                    PayloadValues.optional(node.get(FILE)),
                    node.path(LINE).asInt(),
                    verdict(node),
                    node.path(PASSES).asBoolean(),
                    node.hasNonNull(AT) ? Optional.of(node.get(AT).asInt()) : Optional.empty());
        }

        static CitationVerdict verdict(JsonNode node) {
            return WireName.of(CitationVerdict.class, node.path(VERDICT).asText(), CitationVerdict.MISMATCH);
        }
    }

    /**
     * Whether a planned file that is not an add exists.
     *
     * @param path the planned path, and {@code change} its kind of change (both absent from a compact audit)
     * @param verdict a value this wb does not know reads as {@link FileCheckVerdict#MISSING}
     */
    public record FileCheck(
            int index, Optional<String> path, Optional<String> change, FileCheckVerdict verdict, boolean passes) {

        static final String INDEX = "index";
        static final String PATH = "path";
        static final String CHANGE = "change";
        static final String VERDICT = "verdict";
        static final String PASSES = "passes";

        ObjectNode toJson() {
            ObjectNode node = CanonicalJson.objectNode();
            node.put(INDEX, index);
            path.ifPresent(p -> node.put(PATH, p));
            change.ifPresent(c -> node.put(CHANGE, c));
            node.put(VERDICT, verdict.wireName());
            node.put(PASSES, passes);
            return node;
        }

        static FileCheck read(JsonNode node) {
            return new FileCheck(
                    node.path(INDEX).asInt(),
                    PayloadValues.optional(node.get(PATH)),
                    PayloadValues.optional(node.get(CHANGE)),
                    WireName.of(FileCheckVerdict.class, node.path(VERDICT).asText(), FileCheckVerdict.MISSING),
                    node.path(PASSES).asBoolean());
        }
    }

    /** What a status fold needs of an audit: read from the bytes without decoding the rest. */
    public record Outline(Verdict verdict, String planDigest, List<CitationVerdict> citationVerdicts) {
        public Outline {
            citationVerdicts = List.copyOf(citationVerdicts);
        }
    }

    private static final PayloadFields OUTLINE =
            PayloadFields.of(VERDICT, PLAN_DIGEST, CITATIONS + "[]." + Citation.VERDICT);

    public boolean passed() {
        return verdict.passes();
    }

    /** Whether the audit read citations at their lines (first, rebaseline) rather than tolerating drift. */
    public boolean strict() {
        return anchor.mode().strict();
    }

    /**
     * The same audit without the paths the stored plan already holds: citations keep their index, line,
     * verdict and where they moved, file checks their index and verdict.
     */
    public PlanAudited compacted() {
        Findings compacted = new Findings(
                findings.citations().stream()
                        .map(c -> new Citation(c.index(), Optional.empty(), c.line(), c.verdict(), c.passes(), c.at()))
                        .toList(),
                findings.fileChecks().stream()
                        .map(f -> new FileCheck(f.index(), Optional.empty(), Optional.empty(), f.verdict(), f.passes()))
                        .toList(),
                findings.structure(),
                findings.notices());
        return new PlanAudited(verdict, rigour, anchor, plan, compacted, true);
    }

    @Override
    public EventType<PlanAudited> eventType() {
        return TYPE;
    }

    @Override
    public ObjectNode payload() {
        ObjectNode p = CanonicalJson.objectNode();
        p.put(VERDICT, verdict.wireName());
        p.put(TIER, rigour.tier().wireName());
        rigour.reason().ifPresent(r -> p.put(TIER_REASON, r));
        p.put(MODE, anchor.mode().wireName());
        p.put(UNDER_WAY_FIELD, anchor.underWay());
        p.put(REBASELINE, anchor.rebaseline());
        PayloadValues.putOrNull(p, BASELINE, anchor.baseline());
        PayloadValues.putOrNull(p, HEAD, anchor.head());
        p.put(PLAN_DIGEST, plan.digest());
        ArrayNode filesNode = p.putArray(FILES);
        plan.files().forEach(f -> filesNode.add(f.toJson()));
        plan.zones().forEach(p.putArray(ZONES)::add);
        ArrayNode citationsNode = p.putArray(CITATIONS);
        findings.citations().forEach(c -> citationsNode.add(c.toJson()));
        ArrayNode checksNode = p.putArray(FILE_CHECKS);
        findings.fileChecks().forEach(f -> checksNode.add(f.toJson()));
        findings.structure().forEach(p.putArray(STRUCTURE)::add);
        findings.notices().forEach(p.putArray(NOTICES)::add);
        if (compact) {
            p.put(COMPACT, true);
        }
        return p;
    }

    /** The verdict, plan digest and citation verdicts of an audit, streamed from its bytes. */
    public static Outline outline(EventEnvelope event) {
        ObjectNode p = OUTLINE.read(event);
        List<CitationVerdict> verdicts = new ArrayList<>();
        p.path(CITATIONS).forEach(c -> verdicts.add(Citation.verdict(c)));
        return new Outline(verdict(p), p.path(PLAN_DIGEST).asText(), verdicts);
    }

    private static Verdict verdict(JsonNode p) {
        return WireName.of(Verdict.class, p.path(VERDICT).asText(), Verdict.FAIL);
    }

    private static PlanAudited read(ObjectNode p) {
        List<PlannedFile> files = new ArrayList<>();
        p.path(FILES).forEach(f -> files.add(PlannedFile.fromJson(f)));
        List<Citation> citations = new ArrayList<>();
        p.path(CITATIONS).forEach(c -> citations.add(Citation.read(c)));
        List<FileCheck> checks = new ArrayList<>();
        p.path(FILE_CHECKS).forEach(f -> checks.add(FileCheck.read(f)));
        return new PlanAudited(
                verdict(p),
                new Rigour(
                        WireName.of(AuditTier.class, p.path(TIER).asText(), AuditTier.STANDARD),
                        PayloadValues.textual(p.get(TIER_REASON))),
                new Anchor(
                        WireName.of(AuditMode.class, p.path(MODE).asText(), AuditMode.UNDER_WAY),
                        p.path(UNDER_WAY_FIELD).asBoolean(),
                        p.path(REBASELINE).asBoolean(),
                        PayloadValues.optional(p.get(BASELINE)),
                        PayloadValues.optional(p.get(HEAD))),
                new AuditedPlan(p.path(PLAN_DIGEST).asText(), files, PayloadValues.texts(p.path(ZONES))),
                new Findings(
                        citations,
                        checks,
                        PayloadValues.texts(p.path(STRUCTURE)),
                        PayloadValues.texts(p.path(NOTICES))),
                p.path(COMPACT).asBoolean());
    }
}
