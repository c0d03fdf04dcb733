package dev.wb.projections.events;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.wb.engine.EventEnvelope;
import dev.wb.engine.json.CanonicalJson;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;

/**
 * {@code wb impl check} compared the changed paths with the plans: each path's status, the verdict.
 *
 * @param verdict {@link Verdict#PASS} or {@link Verdict#DEVIATION}; an unknown one reads as a deviation, which
 *     passes nothing
 * @param mode what was compared with HEAD
 * @param base {@code --base}: the ref as typed and the commit it resolved to (null in the payload without it)
 * @param planDigest the plan whose audit opened the gate
 * @param counts how many paths had each status, listed or not
 * @param paths the paths listed, deviations first
 * @param unlisted paths left out of {@code paths} to keep the event small
 * @param zones every critical zone a deviating path touches
 */
public record ScopeChecked(
        Verdict verdict,
        Mode mode,
        Optional<Base> base,
        String planDigest,
        Counts counts,
        List<PathEntry> paths,
        int unlisted,
        List<String> zones)
        implements WbEvent {

    /**
     * What a check compared with HEAD. An unknown wire name reads as {@link #WORKTREE}, the wider of the two:
     * it decides nothing, only how the check is shown.
     */
    public enum Mode implements WireName {
        /** Every change in the working tree, staged or not. */
        WORKTREE("worktree"),
        /** The staged changes only ({@code --staged}). */
        STAGED("staged");

        private final String wireName;

        Mode(String wireName) {
            this.wireName = wireName;
        }

        @Override
        public String wireName() {
            return wireName;
        }
    }

    /**
     * A path's standing. An unknown wire name reads as {@link #DEVIATION}: a path nothing accounts for.
     */
    public enum PathStatus implements WireName {
        /** Changed, and not accounted for by any audited plan. */
        DEVIATION("deviation"),
        /** In this plan and claimed by another audited plan too. */
        OVERLAP("overlap"),
        /** Not this task's work, but claimed by another audited plan. */
        OTHER("other"),
        /** Changed, and in this plan. */
        OK("ok"),
        /** In this plan, untouched so far. */
        PENDING("pending");

        private final String wireName;

        PathStatus(String wireName) {
            this.wireName = wireName;
        }

        @Override
        public String wireName() {
            return wireName;
        }
    }

    /**
     * The part of a check ahead of its paths: the verdict, the mode, {@code --base}, the plan and the counts
     * (what {@link #listing} counts the listing's size from).
     */
    public record Summary(Verdict verdict, Mode mode, Optional<Base> base, String planDigest, Counts counts) {}

    static final String VERDICT = "verdict";
    static final String MODE = "mode";
    static final String BASE = "base";
    static final String PLAN_DIGEST = "planDigest";
    static final String COUNTS = "counts";
    static final String PATHS = "paths";
    static final String UNLISTED = "unlisted";
    static final String ZONES = "zones";

    public static final EventType<ScopeChecked> TYPE = EventType.of(
            "scope.checked",
            List.of(VERDICT, MODE, BASE, PLAN_DIGEST, COUNTS, PATHS, UNLISTED, ZONES),
            ScopeChecked::read);

    /** {@code --base}: the ref as the user typed it and the commit it resolved to. */
    public record Base(String ref, String commit) {
        static final String REF = "ref";
        static final String COMMIT = "commit";
    }

    /** How many paths had each status; {@code excluded} counts the paths no plan is asked about. */
    public record Counts(long deviation, long overlap, long other, long ok, long pending, long excluded) {

        static final String EXCLUDED = "excluded";

        /** Every count by its name, in the order the payload and the replay list them. */
        public Map<String, Long> byName() {
            Map<String, Long> counts = new LinkedHashMap<>();
            counts.put(PathStatus.DEVIATION.wireName(), deviation);
            counts.put(PathStatus.OVERLAP.wireName(), overlap);
            counts.put(PathStatus.OTHER.wireName(), other);
            counts.put(PathStatus.OK.wireName(), ok);
            counts.put(PathStatus.PENDING.wireName(), pending);
            counts.put(EXCLUDED, excluded);
            return counts;
        }

        static Counts read(JsonNode node) {
            return new Counts(
                    node.path(PathStatus.DEVIATION.wireName()).asLong(),
                    node.path(PathStatus.OVERLAP.wireName()).asLong(),
                    node.path(PathStatus.OTHER.wireName()).asLong(),
                    node.path(PathStatus.OK.wireName()).asLong(),
                    node.path(PathStatus.PENDING.wireName()).asLong(),
                    node.path(EXCLUDED).asLong());
        }
    }

    /**
     * One path's standing.
     *
     * @param change how it changed; empty for a pending path (and then absent from the payload)
     * @param tasks the other plans claiming it (absent from the payload when none)
     * @param zones the critical zones of a deviating path (absent from the payload when none)
     */
    public record PathEntry(String path, PathStatus status, String change, List<String> tasks, List<String> zones) {

        static final String PATH = "path";
        static final String STATUS = "status";
        static final String CHANGE = "change";
        static final String TASKS = "tasks";
        static final String ZONES = "zones";

        public PathEntry {
            tasks = List.copyOf(tasks);
            zones = List.copyOf(zones);
        }

        public boolean deviates() {
            return status == PathStatus.DEVIATION;
        }

        ObjectNode toJson() {
            ObjectNode node = CanonicalJson.objectNode();
            node.put(PATH, path);
            node.put(STATUS, status.wireName());
            if (!change.isEmpty()) {
                node.put(CHANGE, change);
            }
            if (!tasks.isEmpty()) {
                tasks.forEach(node.putArray(TASKS)::add);
            }
            if (!zones.isEmpty()) {
                zones.forEach(node.putArray(ZONES)::add);
            }
            return node;
        }

        static PathEntry read(JsonNode node) {
            return new PathEntry(
                    node.path(PATH).asText(),
                    WireName.of(PathStatus.class, node.path(STATUS).asText(), PathStatus.DEVIATION),
                    node.path(CHANGE).asText(""),
                    PayloadValues.texts(node.path(TASKS)),
                    PayloadValues.texts(node.path(ZONES)));
        }
    }

    /** What a status fold needs of a check: read from the bytes without decoding the paths. */
    public record Outline(Verdict verdict, String planDigest) {}

    private static final PayloadFields OUTLINE = PayloadFields.of(VERDICT, PLAN_DIGEST);

    public ScopeChecked {
        paths = List.copyOf(paths);
        zones = List.copyOf(zones);
    }

    /**
     * A check listing as many of {@code all} as fit in {@code maxListedBytes} of payload (counted from
     * the payload's head, each path's JSON and a separator); the rest are only counted as unlisted.
     */
    public static ScopeChecked listing(Summary summary, List<PathEntry> all, List<String> zones, int maxListedBytes) {
        int bytes = CanonicalJson.bytes(head(summary)).length;
        int listed = 0;
        for (PathEntry entry : all) {
            bytes += CanonicalJson.bytes(entry.toJson()).length + 1;
            if (bytes > maxListedBytes) {
                break;
            }
            listed++;
        }
        return new ScopeChecked(
                summary.verdict(),
                summary.mode(),
                summary.base(),
                summary.planDigest(),
                summary.counts(),
                all.subList(0, listed),
                all.size() - listed,
                zones);
    }

    /** Whether the check did not pass: a deviation (or a verdict this wb does not know). */
    public boolean deviates() {
        return !verdict.passes();
    }

    @Override
    public EventType<ScopeChecked> eventType() {
        return TYPE;
    }

    @Override
    public ObjectNode payload() {
        ObjectNode p = head(new Summary(verdict, mode, base, planDigest, counts));
        ArrayNode listed = (ArrayNode) p.get(PATHS);
        paths.forEach(entry -> listed.add(entry.toJson()));
        p.put(UNLISTED, unlisted);
        zones.forEach(p.putArray(ZONES)::add);
        return p;
    }

    /** The verdict and plan digest of a check, streamed from its bytes. */
    public static Outline outline(EventEnvelope event) {
        ObjectNode p = OUTLINE.read(event);
        return new Outline(verdict(p), p.path(PLAN_DIGEST).asText());
    }

    /** The payload up to an empty {@code paths}: what the listing's size is counted from. */
    private static ObjectNode head(Summary summary) {
        ObjectNode p = CanonicalJson.objectNode();
        p.put(VERDICT, summary.verdict().wireName());
        p.put(MODE, summary.mode().wireName());
        if (summary.base().isPresent()) {
            ObjectNode node = p.putObject(BASE);
            node.put(Base.REF, summary.base().get().ref());
            node.put(Base.COMMIT, summary.base().get().commit());
        } else {
            p.putNull(BASE);
        }
        p.put(PLAN_DIGEST, summary.planDigest());
        ObjectNode byName = p.putObject(COUNTS);
        summary.counts().byName().forEach(byName::put);
        p.putArray(PATHS);
        return p;
    }

    /** The verdict a payload holds; an unknown one reads as a deviation, which passes nothing. */
    private static Verdict verdict(ObjectNode p) {
        return WireName.of(Verdict.class, p.path(VERDICT).asText(), Verdict.DEVIATION);
    }

    private static ScopeChecked read(ObjectNode p) {
        JsonNode base = p.path(BASE);
        List<PathEntry> paths = new ArrayList<>();
        p.path(PATHS).forEach(node -> paths.add(PathEntry.read(node)));
        return new ScopeChecked(
                verdict(p),
                WireName.of(Mode.class, p.path(MODE).asText(), Mode.WORKTREE),
                base.isObject()
                        ? Optional.of(new Base(
                                base.path(Base.REF).asText(),
                                base.path(Base.COMMIT).asText()))
                        : Optional.empty(),
                p.path(PLAN_DIGEST).asText(),
                Counts.read(p.path(COUNTS)),
                paths,
                p.path(UNLISTED).asInt(),
                PayloadValues.texts(p.path(ZONES)));
    }
}
