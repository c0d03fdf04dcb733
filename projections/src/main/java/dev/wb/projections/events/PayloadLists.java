package dev.wb.projections.events;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.function.Function;

/**
 * Arrays and optional texts of payloads, written and read back the one way every record does (public for the
 * records of the events sub-packages).
 */
public final class PayloadLists {

    private PayloadLists() {}

    /** An array of texts; always written, empty or not. */
    public static void putTexts(ObjectNode into, String field, List<String> values) {
        ArrayNode array = into.putArray(field);
        values.forEach(array::add);
    }

    /** The texts of an array; none when the field is absent. */
    public static List<String> texts(JsonNode array) {
        List<String> out = new ArrayList<>();
        array.forEach(node -> out.add(node.asText()));
        return List.copyOf(out);
    }

    /** Each object of an array, read; none when the field is absent. */
    public static <T> List<T> objects(JsonNode array, Function<JsonNode, T> reader) {
        List<T> out = new ArrayList<>();
        array.forEach(node -> out.add(reader.apply(node)));
        return List.copyOf(out);
    }

    /** A text that is written only when there is one. */
    public static Optional<String> optionalText(JsonNode node) {
        return node.isMissingNode() || node.isNull() ? Optional.empty() : Optional.of(node.asText());
    }
}
