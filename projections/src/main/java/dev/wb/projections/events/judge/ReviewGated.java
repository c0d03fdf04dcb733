package dev.wb.projections.events.judge;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.wb.engine.json.CanonicalJson;
import dev.wb.projections.events.EventType;
import dev.wb.projections.events.WbEvent;
import java.util.ArrayList;
import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.TreeMap;

/**
 * {@code wb review gates KEY} settled the gates a script can settle on the added lines of the task's
 * diff. A finding names where and which rule, never the text of the line: a secret's value never
 * enters the log.
 *
 * @param mode {@code branch} (the working tree against the base) or {@code staged} (the index against HEAD)
 * @param base the ref as typed or found ({@code main}, {@code HEAD}); empty when none was found
 * @param baseCommit the commit the diff was taken from; empty when there was none (an unborn HEAD)
 * @param counts how many findings of each kind (wire names), every kind present
 * @param passed no finding at all
 * @param findings the findings, in diff order, at most {@link #LISTED_AT_MOST}
 * @param unlisted findings left out of {@code findings} (the counts still cover them)
 */
public record ReviewGated(
        String mode,
        String base,
        String baseCommit,
        Map<String, Integer> counts,
        boolean passed,
        List<Finding> findings,
        int unlisted)
        implements WbEvent {

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
    public record Finding(String path, int line, String kind, String rule) {
        ObjectNode toJson() {
            ObjectNode node = CanonicalJson.objectNode();
            node.put("path", path);
            node.put("line", line);
            node.put("kind", kind);
            node.put("rule", rule);
            return node;
        }

        static Finding read(JsonNode node) {
            return new Finding(
                    node.path("path").asText(),
                    node.path("line").asInt(),
                    node.path("kind").asText(),
                    node.path("rule").asText());
        }
    }

    public ReviewGated {
        counts = Collections.unmodifiableMap(new TreeMap<>(counts));
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
        payload.put(MODE, mode);
        payload.put(BASE, base);
        payload.put(BASE_COMMIT, baseCommit);
        ObjectNode c = payload.putObject(COUNTS);
        counts.forEach(c::put);
        payload.put(PASSED, passed);
        ArrayNode array = payload.putArray(FINDINGS);
        findings.forEach(f -> array.add(f.toJson()));
        payload.put(UNLISTED, unlisted);
        return payload;
    }

    private static ReviewGated read(ObjectNode payload) {
        Map<String, Integer> counts = new LinkedHashMap<>();
        payload.path(COUNTS)
                .properties()
                .forEach(e -> counts.put(e.getKey(), e.getValue().asInt()));
        List<Finding> findings = new ArrayList<>();
        payload.path(FINDINGS).forEach(node -> findings.add(Finding.read(node)));
        return new ReviewGated(
                payload.path(MODE).asText(),
                Optional.ofNullable(payload.get(BASE)).map(JsonNode::asText).orElse(""),
                payload.path(BASE_COMMIT).asText(""),
                counts,
                payload.path(PASSED).asBoolean(),
                findings,
                payload.path(UNLISTED).asInt());
    }
}
