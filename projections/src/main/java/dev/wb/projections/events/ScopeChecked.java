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
 * @param verdict {@link #PASS} or {@link #DEVIATION}
 * @param mode {@link #WORKTREE} or {@link #STAGED}: what was compared with HEAD
 * @param base {@code --base}: the ref as typed and the commit it resolved to (null in the payload without it)
 * @param planDigest the plan whose audit opened the gate
 * @param counts how many paths had each status, listed or not
 * @param paths the paths listed, deviations first
 * @param unlisted paths left out of {@code paths} to keep the event small
 * @param zones every critical zone a deviating path touches
 */
public record ScopeChecked(
        String verdict,
        String mode,
        Optional<Base> base,
        String planDigest,
        Counts counts,
        List<PathEntry> paths,
        int unlisted,
        List<String> zones)
        implements WbEvent {

    public static final String PASS = "pass";
    /** The verdict of a check that found a stray path, and the status of such a path. */
    public static final String DEVIATION = "deviation";

    public static final String WORKTREE = "worktree";
    public static final String STAGED = "staged";

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

        static final String OVERLAP = "overlap";
        static final String OTHER = "other";
        static final String OK = "ok";
        static final String PENDING = "pending";
        static final String EXCLUDED = "excluded";

        /** Every count by its name, in the order the payload and the replay list them. */
        public Map<String, Long> byName() {
            Map<String, Long> counts = new LinkedHashMap<>();
            counts.put(DEVIATION, deviation);
            counts.put(OVERLAP, overlap);
            counts.put(OTHER, other);
            counts.put(OK, ok);
            counts.put(PENDING, pending);
            counts.put(EXCLUDED, excluded);
            return counts;
        }

        static Counts read(JsonNode node) {
            return new Counts(
                    node.path(DEVIATION).asLong(),
                    node.path(OVERLAP).asLong(),
                    node.path(OTHER).asLong(),
                    node.path(OK).asLong(),
                    node.path(PENDING).asLong(),
                    node.path(EXCLUDED).asLong());
        }
    }

    /**
     * One path's standing.
     *
     * @param status {@code deviation}, {@code overlap}, {@code other}, {@code ok} or {@code pending}
     * @param change how it changed; empty for a pending path (and then absent from the payload)
     * @param tasks the other plans claiming it (absent from the payload when none)
     * @param zones the critical zones of a deviating path (absent from the payload when none)
     */
    public record PathEntry(String path, String status, String change, List<String> tasks, List<String> zones) {

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
            return DEVIATION.equals(status);
        }

        ObjectNode toJson() {
            ObjectNode node = CanonicalJson.objectNode();
            node.put(PATH, path);
            node.put(STATUS, status);
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
                    node.path(STATUS).asText(),
                    node.path(CHANGE).asText(""),
                    PayloadValues.texts(node.path(TASKS)),
                    PayloadValues.texts(node.path(ZONES)));
        }
    }

    /** What a status fold needs of a check: read from the bytes without decoding the paths. */
    public record Outline(String verdict, String planDigest) {}

    private static final PayloadFields OUTLINE = PayloadFields.of(VERDICT, PLAN_DIGEST);

    public ScopeChecked {
        paths = List.copyOf(paths);
        zones = List.copyOf(zones);
    }

    /**
     * A check listing as many of {@code all} as fit in {@code maxListedBytes} of payload (counted from
     * the payload's head, each path's JSON and a separator); the rest are only counted as unlisted.
     */
    public static ScopeChecked listing(
            String verdict,
            String mode,
            Optional<Base> base,
            String planDigest,
            Counts counts,
            List<PathEntry> all,
            List<String> zones,
            int maxListedBytes) {
        int bytes = CanonicalJson.bytes(head(verdict, mode, base, planDigest, counts)).length;
        int listed = 0;
        for (PathEntry entry : all) {
            bytes += CanonicalJson.bytes(entry.toJson()).length + 1;
            if (bytes > maxListedBytes) {
                break;
            }
            listed++;
        }
        return new ScopeChecked(
                verdict, mode, base, planDigest, counts, all.subList(0, listed), all.size() - listed, zones);
    }

    public boolean deviates() {
        return DEVIATION.equals(verdict);
    }

    @Override
    public EventType<ScopeChecked> eventType() {
        return TYPE;
    }

    @Override
    public ObjectNode payload() {
        ObjectNode p = head(verdict, mode, base, planDigest, counts);
        ArrayNode listed = (ArrayNode) p.get(PATHS);
        paths.forEach(entry -> listed.add(entry.toJson()));
        p.put(UNLISTED, unlisted);
        zones.forEach(p.putArray(ZONES)::add);
        return p;
    }

    /** The verdict and plan digest of a check, streamed from its bytes. */
    public static Outline outline(EventEnvelope event) {
        ObjectNode p = OUTLINE.read(event);
        return new Outline(p.path(VERDICT).asText(), p.path(PLAN_DIGEST).asText());
    }

    /** The payload up to an empty {@code paths}: what the listing's size is counted from. */
    private static ObjectNode head(String verdict, String mode, Optional<Base> base, String planDigest, Counts counts) {
        ObjectNode p = CanonicalJson.objectNode();
        p.put(VERDICT, verdict);
        p.put(MODE, mode);
        if (base.isPresent()) {
            ObjectNode node = p.putObject(BASE);
            node.put(Base.REF, base.get().ref());
            node.put(Base.COMMIT, base.get().commit());
        } else {
            p.putNull(BASE);
        }
        p.put(PLAN_DIGEST, planDigest);
        ObjectNode byName = p.putObject(COUNTS);
        counts.byName().forEach(byName::put);
        p.putArray(PATHS);
        return p;
    }

    private static ScopeChecked read(ObjectNode p) {
        JsonNode base = p.path(BASE);
        List<PathEntry> paths = new ArrayList<>();
        p.path(PATHS).forEach(node -> paths.add(PathEntry.read(node)));
        return new ScopeChecked(
                p.path(VERDICT).asText(),
                p.path(MODE).asText(),
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
