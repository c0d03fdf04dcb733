package dev.wb.projections.events.run;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.wb.engine.json.CanonicalJson;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;

/**
 * How the run's records read a stored payload: as the judge's do, leniently. A text that is absent,
 * null or not a text reads as empty; a number as its default.
 */
final class RunReads {

    private RunReads() {}

    /**
     * The payload of an event about one subtask of a decomposed run, begun with what names it: its order
     * and how many subtasks the run has ({@code subtask.started}, {@code subtask.finished}).
     */
    static ObjectNode aboutSubtask(int order, int count) {
        ObjectNode p = CanonicalJson.objectNode();
        p.put(SubtaskStarted.ORDER, order);
        p.put(SubtaskStarted.COUNT, count);
        return p;
    }

    /** The text, or an empty string when the field is absent, null or not a text. */
    static String text(JsonNode node) {
        return node.isTextual() ? node.asText() : "";
    }

    static Optional<String> optionalText(JsonNode node) {
        return node.isTextual() ? Optional.of(node.asText()) : Optional.empty();
    }

    static List<String> texts(JsonNode array) {
        List<String> out = new ArrayList<>();
        array.forEach(node -> out.add(node.asText()));
        return out;
    }

    static void putTexts(ObjectNode payload, String field, List<String> texts) {
        ArrayNode array = payload.putArray(field);
        texts.forEach(array::add);
    }

    /** The value, or a JSON null when it is empty. */
    static void putOptional(ObjectNode payload, String field, Optional<String> value) {
        value.ifPresentOrElse(v -> payload.put(field, v), () -> payload.putNull(field));
    }
}
