package dev.wb.projections.events.judge;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.wb.engine.json.CanonicalJson;
import dev.wb.projections.events.EventType;
import dev.wb.projections.events.WbEvent;
import dev.wb.projections.events.WireName;
import java.util.ArrayList;
import java.util.Collections;
import java.util.EnumMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;

/**
 * {@code wb review gates KEY} settled the gates a script can settle on the added lines of the task's
 * diff. A finding names where and which rule, never the text of the line: a secret's value never
 * enters the log.
 *
 * @param mode which diff was read
 * @param base the ref as typed or found ({@code main}, {@code HEAD}); empty when none was found
 * @param baseCommit the commit the diff was taken from; empty when there was none (an unborn HEAD)
 * @param counts how many findings of each kind, every kind present
 * @param passed no finding at all
 * @param findings the findings, in diff order, at most {@link #LISTED_AT_MOST}
 * @param unlisted findings left out of {@code findings} (the counts still cover them)
 */
public record ReviewGated(
        Mode mode,
        String base,
        String baseCommit,
        Map<FindingKind, Integer> counts,
        boolean passed,
        List<Finding> findings,
        int unlisted)
        implements WbEvent {

    /**
     * Which diff {@code wb review gates} read. A mode this wb does not know reads as {@link #BRANCH}:
     * failing closed, the wider diff, so an unknown run is never taken to have covered only the index.
     */
    public enum Mode implements WireName {
        /** The working tree against the base. */
        BRANCH("branch"),
        /** The index against HEAD. */
        STAGED("staged");

        private final String wire;

        Mode(String wire) {
            this.wire = wire;
        }

        @Override
        public String wireName() {
            return wire;
        }
    }

    /** The most findings one event lists. */
    public static final int LISTED_AT_MOST = 200;

    static final String MODE = "mode";
    static final String BASE = "base";
    static final String BASE_COMMIT = "baseCommit";
    static final String COUNTS = "counts";
    static final String PASSED = "passed";
    static final String FINDINGS = "findings";
    static final String UNLISTED = "unlisted";

    public static final EventType<ReviewGated> TYPE = EventType.of(
            "review.gated", List.of(MODE, BASE, BASE_COMMIT, COUNTS, PASSED, FINDINGS, UNLISTED), ReviewGated::read);

    /** One finding: the file, the line in the new file (0 for the whole diff), the kind and the rule. */
    public record Finding(String path, int line, FindingKind kind, String rule) {
        ObjectNode toJson() {
            ObjectNode node = CanonicalJson.objectNode();
            node.put("path", path);
            node.put("line", line);
            node.put("kind", kind.wireName());
            node.put("rule", rule);
            return node;
        }

        static Finding read(JsonNode node) {
            return new Finding(
                    node.path("path").asText(),
                    node.path("line").asInt(),
                    FindingKind.read(node.path("kind").asText()),
                    node.path("rule").asText());
        }
    }

    public ReviewGated {
        counts = Collections.unmodifiableMap(new EnumMap<>(counts));
        findings = List.copyOf(findings);
    }

    @Override
    public EventType<ReviewGated> eventType() {
        return TYPE;
    }

    /** The total of the counts. */
    public int total() {
        return counts.values().stream().mapToInt(Integer::intValue).sum();
    }

    @Override
    public ObjectNode payload() {
        ObjectNode payload = CanonicalJson.objectNode();
        payload.put(MODE, mode.wireName());
        payload.put(BASE, base);
        payload.put(BASE_COMMIT, baseCommit);
        ObjectNode c = payload.putObject(COUNTS);
        counts.forEach((kind, n) -> c.put(kind.wireName(), n));
        payload.put(PASSED, passed);
        ArrayNode array = payload.putArray(FINDINGS);
        findings.forEach(f -> array.add(f.toJson()));
        payload.put(UNLISTED, unlisted);
        return payload;
    }

    private static ReviewGated read(ObjectNode payload) {
        Map<FindingKind, Integer> counts = new EnumMap<>(FindingKind.class);
        payload.path(COUNTS)
                .properties()
                .forEach(e ->
                        counts.merge(FindingKind.read(e.getKey()), e.getValue().asInt(), Integer::sum));
        List<Finding> findings = new ArrayList<>();
        payload.path(FINDINGS).forEach(node -> findings.add(Finding.read(node)));
        return new ReviewGated(
                WireName.of(Mode.class, payload.path(MODE).asText(), Mode.BRANCH),
                Optional.ofNullable(payload.get(BASE)).map(JsonNode::asText).orElse(""),
                payload.path(BASE_COMMIT).asText(""),
                counts,
                payload.path(PASSED).asBoolean(),
                findings,
                payload.path(UNLISTED).asInt());
    }
}
