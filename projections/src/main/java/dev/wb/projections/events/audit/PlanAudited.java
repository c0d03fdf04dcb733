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
import dev.wb.projections.events.WbEvent;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;

/**
 * {@code wb sdd audit} ran: the verdict, the tier, the mode (first, under way, rebaseline), the baseline
 * it was anchored to, every citation and file finding (passing ones too), the structure problems, the
 * plan's files, and the digest of the canonical plan that was audited.
 *
 * @param verdict {@link #PASS} or {@link #FAIL}
 * @param tierReason why the tier (absent in audits recorded before it was added)
 * @param baseline the anchor after this audit (null in the payload when there is none)
 * @param head HEAD when the audit ran (null in a repository without commits)
 * @param citations one per readable citation
 * @param fileChecks every planned file that is not an add
 * @param notices what the audit says without failing (read as empty from audits recorded before it)
 * @param compact whether the findings dropped their paths to keep the event small (written only when true)
 */
public record PlanAudited(
        String verdict,
        String tier,
        Optional<String> tierReason,
        String mode,
        boolean underWay,
        boolean rebaseline,
        Optional<String> baseline,
        Optional<String> head,
        String planDigest,
        List<PlannedFile> files,
        List<String> zones,
        List<Citation> citations,
        List<FileCheck> fileChecks,
        List<String> structure,
        List<String> notices,
        boolean compact)
        implements WbEvent {

    public static final String PASS = "pass";
    public static final String FAIL = "fail";
    /** The mode that tolerates drift: every other mode is strict. */
    public static final String UNDER_WAY = "under-way";

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
     * One citation's outcome.
     *
     * @param file the cited file (absent from a compact audit: the stored plan has it)
     * @param verdict {@code ok}, {@code moved}, {@code baseline}, {@code mismatch}, {@code missing_file},
     *     {@code out_of_range}, {@code unreadable}, {@code artifact}, {@code uncommitted} or {@code found}
     *     (an absence claim: its file empty and its line 0)
     * @param at the line a moved quote is at now
     */
    public record Citation(
            int index, Optional<String> file, int line, String verdict, boolean passes, Optional<Integer> at) {

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
            node.put(VERDICT, verdict);
            node.put(PASSES, passes);
            at.ifPresent(a -> node.put(AT, a));
            return node;
        }

        static Citation read(JsonNode node) {
            return new Citation(
                    node.path(INDEX).asInt(),
                    PayloadValues.optional(node.get(FILE)),
                    node.path(LINE).asInt(),
                    node.path(VERDICT).asText(),
                    node.path(PASSES).asBoolean(),
                    node.hasNonNull(AT) ? Optional.of(node.get(AT).asInt()) : Optional.empty());
        }
    }

    /**
     * Whether a planned file that is not an add exists.
     *
     * @param path the planned path, and {@code change} its kind of change (both absent from a compact audit)
     * @param verdict {@code exists}, {@code baseline} or {@code missing}
     */
    public record FileCheck(int index, Optional<String> path, Optional<String> change, String verdict, boolean passes) {

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
            node.put(VERDICT, verdict);
            node.put(PASSES, passes);
            return node;
        }

        static FileCheck read(JsonNode node) {
            return new FileCheck(
                    node.path(INDEX).asInt(),
                    PayloadValues.optional(node.get(PATH)),
                    PayloadValues.optional(node.get(CHANGE)),
                    node.path(VERDICT).asText(),
                    node.path(PASSES).asBoolean());
        }
    }

    /** What a status fold needs of an audit: read from the bytes without decoding the rest. */
    public record Outline(String verdict, String planDigest, List<String> citationVerdicts) {
        public Outline {
            citationVerdicts = List.copyOf(citationVerdicts);
        }
    }

    private static final PayloadFields OUTLINE =
            PayloadFields.of(VERDICT, PLAN_DIGEST, CITATIONS + "[]." + Citation.VERDICT);

    public PlanAudited {
        files = List.copyOf(files);
        zones = List.copyOf(zones);
        citations = List.copyOf(citations);
        fileChecks = List.copyOf(fileChecks);
        structure = List.copyOf(structure);
        notices = List.copyOf(notices);
    }

    public boolean passed() {
        return PASS.equals(verdict);
    }

    /** Whether the audit read citations at their lines (first, rebaseline) rather than tolerating drift. */
    public boolean strict() {
        return !UNDER_WAY.equals(mode);
    }

    /**
     * The same audit without the paths the stored plan already holds: citations keep their index, line,
     * verdict and where they moved, file checks their index and verdict.
     */
    public PlanAudited compacted() {
        return new PlanAudited(
                verdict,
                tier,
                tierReason,
                mode,
                underWay,
                rebaseline,
                baseline,
                head,
                planDigest,
                files,
                zones,
                citations.stream()
                        .map(c -> new Citation(c.index(), Optional.empty(), c.line(), c.verdict(), c.passes(), c.at()))
                        .toList(),
                fileChecks.stream()
                        .map(f -> new FileCheck(f.index(), Optional.empty(), Optional.empty(), f.verdict(), f.passes()))
                        .toList(),
                structure,
                notices,
                true);
    }

    @Override
    public EventType<PlanAudited> eventType() {
        return TYPE;
    }

    @Override
    public ObjectNode payload() {
        ObjectNode p = CanonicalJson.objectNode();
        p.put(VERDICT, verdict);
        p.put(TIER, tier);
        tierReason.ifPresent(r -> p.put(TIER_REASON, r));
        p.put(MODE, mode);
        p.put(UNDER_WAY_FIELD, underWay);
        p.put(REBASELINE, rebaseline);
        PayloadValues.putOrNull(p, BASELINE, baseline);
        PayloadValues.putOrNull(p, HEAD, head);
        p.put(PLAN_DIGEST, planDigest);
        ArrayNode filesNode = p.putArray(FILES);
        files.forEach(f -> filesNode.add(f.toJson()));
        zones.forEach(p.putArray(ZONES)::add);
        ArrayNode citationsNode = p.putArray(CITATIONS);
        citations.forEach(c -> citationsNode.add(c.toJson()));
        ArrayNode checksNode = p.putArray(FILE_CHECKS);
        fileChecks.forEach(f -> checksNode.add(f.toJson()));
        structure.forEach(p.putArray(STRUCTURE)::add);
        notices.forEach(p.putArray(NOTICES)::add);
        if (compact) {
            p.put(COMPACT, true);
        }
        return p;
    }

    /** The verdict, plan digest and citation verdicts of an audit, streamed from its bytes. */
    public static Outline outline(EventEnvelope event) {
        ObjectNode p = OUTLINE.read(event);
        List<String> verdicts = new ArrayList<>();
        p.path(CITATIONS).forEach(c -> verdicts.add(c.path(Citation.VERDICT).asText()));
        return new Outline(p.path(VERDICT).asText(), p.path(PLAN_DIGEST).asText(), verdicts);
    }

    private static PlanAudited read(ObjectNode p) {
        List<PlannedFile> files = new ArrayList<>();
        p.path(FILES).forEach(f -> files.add(PlannedFile.fromJson(f)));
        List<Citation> citations = new ArrayList<>();
        p.path(CITATIONS).forEach(c -> citations.add(Citation.read(c)));
        List<FileCheck> checks = new ArrayList<>();
        p.path(FILE_CHECKS).forEach(f -> checks.add(FileCheck.read(f)));
        return new PlanAudited(
                p.path(VERDICT).asText(),
                p.path(TIER).asText(),
                PayloadValues.textual(p.get(TIER_REASON)),
                p.path(MODE).asText(),
                p.path(UNDER_WAY_FIELD).asBoolean(),
                p.path(REBASELINE).asBoolean(),
                PayloadValues.optional(p.get(BASELINE)),
                PayloadValues.optional(p.get(HEAD)),
                p.path(PLAN_DIGEST).asText(),
                files,
                PayloadValues.texts(p.path(ZONES)),
                citations,
                checks,
                PayloadValues.texts(p.path(STRUCTURE)),
                PayloadValues.texts(p.path(NOTICES)),
                p.path(COMPACT).asBoolean());
    }
}
