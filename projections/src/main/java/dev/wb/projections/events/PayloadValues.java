package dev.wb.projections.events;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;

/**
 * The small reads and writes the records share: optional texts, null for none, lists of texts (public for the
 * records of the events sub-packages).
 */
public final class PayloadValues {

    private PayloadValues() {}

    /** Absent or null: empty; anything else as text. */
    public static Optional<String> optional(JsonNode value) {
        return value == null || value.isNull() ? Optional.empty() : Optional.of(value.asText());
    }

    /** A string value, empty when absent, null or not a string. */
    public static Optional<String> textual(JsonNode value) {
        return value != null && value.isTextual() ? Optional.of(value.textValue()) : Optional.empty();
    }

    public static List<String> texts(JsonNode array) {
        List<String> out = new ArrayList<>();
        array.forEach(node -> out.add(node.asText()));
        return out;
    }

    /** The value, or an explicit null. */
    public static void putOrNull(ObjectNode node, String field, Optional<String> value) {
        if (value.isPresent()) {
            node.put(field, value.get());
        } else {
            node.putNull(field);
        }
    }
}
