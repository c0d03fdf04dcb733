package dev.wb.engine.json;

import com.fasterxml.jackson.core.JsonParser;
import com.fasterxml.jackson.core.JsonToken;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.JsonNodeFactory;
import com.fasterxml.jackson.databind.node.ObjectNode;
import java.io.IOException;
import java.util.ArrayList;
import java.util.Iterator;
import java.util.List;

/**
 * What {@link CanonicalJson} and {@link PythonJson} share: a document read token by token into tree
 * nodes (one document, duplicate keys refused, exact decimals), each number as the form reads it
 * ({@link Numbers}), and an object's field names in its own order for a writer to sort.
 */
final class JsonTrees {

    /** How a number token becomes a node: the one thing the two forms read differently. */
    interface Numbers {
        JsonNode integer(JsonParser p) throws IOException;

        /** A number written with a fraction or an exponent. */
        JsonNode decimal(JsonParser p) throws IOException;
    }

    // Exact decimals keep the numbers as read; the replacement (a mapper feature) is not the same switch.
    @SuppressWarnings("deprecation")
    static final JsonNodeFactory NODES = JsonNodeFactory.withExactBigDecimals(true);

    private JsonTrees() {}

    /**
     * The one JSON document in {@code json}; IllegalArgumentException when it is empty or has content
     * after it, IOException when it is not JSON (each form words that its own way).
     */
    static JsonNode document(byte[] json, Numbers numbers) throws IOException {
        try (JsonParser p = CanonicalJson.FACTORY.createParser(json)) {
            JsonToken first = p.nextToken();
            if (first == null) {
                throw new IllegalArgumentException("not valid JSON: empty");
            }
            JsonNode node = read(p, first, numbers);
            if (p.nextToken() != null) {
                throw new IllegalArgumentException("not valid JSON: content after the document");
            }
            return node;
        }
    }

    /** The value that starts at {@code token}, leaving the parser on its last token. */
    static JsonNode read(JsonParser p, JsonToken token, Numbers numbers) throws IOException {
        switch (token) {
            case START_OBJECT -> {
                ObjectNode object = NODES.objectNode();
                JsonToken t;
                while ((t = p.nextToken()) == JsonToken.FIELD_NAME) {
                    String name = p.currentName();
                    object.set(name, read(p, p.nextToken(), numbers));
                }
                if (t != JsonToken.END_OBJECT) {
                    throw new IOException("unterminated object");
                }
                return object;
            }
            case START_ARRAY -> {
                ArrayNode array = NODES.arrayNode();
                JsonToken t;
                while ((t = p.nextToken()) != JsonToken.END_ARRAY) {
                    if (t == null) {
                        throw new IOException("unterminated array");
                    }
                    array.add(read(p, t, numbers));
                }
                return array;
            }
            case VALUE_STRING -> {
                return NODES.textNode(p.getText());
            }
            case VALUE_NUMBER_INT -> {
                return numbers.integer(p);
            }
            case VALUE_NUMBER_FLOAT -> {
                return numbers.decimal(p);
            }
            case VALUE_TRUE -> {
                return NODES.booleanNode(true);
            }
            case VALUE_FALSE -> {
                return NODES.booleanNode(false);
            }
            case VALUE_NULL -> {
                return NODES.nullNode();
            }
            default -> throw new IOException("unexpected " + token);
        }
    }

    /** An object's field names, in its own order. */
    static List<String> fieldNames(JsonNode node) {
        List<String> names = new ArrayList<>(node.size());
        Iterator<String> it = node.fieldNames();
        it.forEachRemaining(names::add);
        return names;
    }
}
