package dev.wb.projections.events;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.Optional;

/**
 * What a payload too large for the log lost when it was fitted (docs/EVENTS.md, "Events that shorten
 * long texts"): the optional top-level {@code truncated} object, each array's JSON pointer and how many
 * items were dropped from its end. Absent when nothing was dropped.
 *
 * @param dropped JSON pointer → items dropped
 */
public record Truncated(Map<String, Integer> dropped) {

    /** The payload field that holds it. */
    public static final String FIELD = "truncated";

    public Truncated {
        dropped = Map.copyOf(dropped);
    }

    /** The {@code truncated} object of a payload, when it has one. */
    public static Optional<Truncated> read(ObjectNode payload) {
        JsonNode node = payload.get(FIELD);
        if (node == null || !node.isObject()) {
            return Optional.empty();
        }
        Map<String, Integer> dropped = new LinkedHashMap<>();
        node.properties().forEach(e -> dropped.put(e.getKey(), e.getValue().asInt()));
        return Optional.of(new Truncated(dropped));
    }

    public static void write(Optional<Truncated> truncated, ObjectNode payload) {
        truncated.ifPresent(t -> {
            ObjectNode object = payload.putObject(FIELD);
            t.dropped().forEach(object::put);
        });
    }
}
