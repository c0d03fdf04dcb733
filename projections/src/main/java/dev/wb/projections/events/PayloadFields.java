package dev.wb.projections.events;

import com.fasterxml.jackson.core.JsonParser;
import com.fasterxml.jackson.core.JsonToken;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.wb.engine.EventEnvelope;
import dev.wb.engine.json.CanonicalJson;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.util.HashMap;
import java.util.HashSet;
import java.util.Map;
import java.util.Set;

/**
 * Reads only the payload fields a fold needs, with Jackson's streaming parser: a rebuild of the
 * stages of a million events would otherwise build a tree of every command's output head and tail,
 * every scope check's paths, every audit's files, only to look at a verdict. What is skipped is
 * scanned, never decoded. Fields are named {@code verdict} (a scalar), {@code citations[].verdict}
 * (a field of each object in an array) or {@code worktree.commit} (a scalar field of an object); the
 * result holds those, as an object node.
 */
public final class PayloadFields {

    private final Set<String> scalars = new HashSet<>();
    private final Map<String, Set<String>> arrays = new HashMap<>();
    private final Map<String, Set<String>> objects = new HashMap<>();

    private PayloadFields() {}

    public static PayloadFields of(String... fields) {
        PayloadFields spec = new PayloadFields();
        for (String field : fields) {
            int split = field.indexOf("[].");
            int dot = field.indexOf('.');
            if (split < 0 && dot > 0) {
                spec.objects
                        .computeIfAbsent(field.substring(0, dot), k -> new HashSet<>())
                        .add(field.substring(dot + 1));
            } else if (split < 0) {
                spec.scalars.add(field);
            } else {
                spec.arrays
                        .computeIfAbsent(field.substring(0, split), k -> new HashSet<>())
                        .add(field.substring(split + 3));
            }
        }
        return spec;
    }

    public ObjectNode read(EventEnvelope event) {
        ObjectNode out = CanonicalJson.objectNode();
        try (JsonParser p = CanonicalJson.FACTORY.createParser(event.payload().bytes())) {
            // The log checked these bytes when they were written; a set of names per object is waste here.
            p.disable(JsonParser.Feature.STRICT_DUPLICATE_DETECTION);
            if (p.nextToken() != JsonToken.START_OBJECT) {
                return out;
            }
            while (p.nextToken() == JsonToken.FIELD_NAME) {
                String name = p.currentName();
                JsonToken value = p.nextToken();
                Set<String> kept = arrays.get(name);
                Set<String> fieldsOf = objects.get(name);
                if (kept != null && value == JsonToken.START_ARRAY) {
                    array(p, out.putArray(name), kept);
                } else if (fieldsOf != null && value == JsonToken.START_OBJECT) {
                    fields(p, out.putObject(name), fieldsOf);
                } else if (scalars.contains(name) && value.isScalarValue()) {
                    scalar(p, out, name);
                } else {
                    p.skipChildren();
                }
            }
            return out;
        } catch (IOException e) {
            throw new UncheckedIOException(
                    "unreadable payload of " + event.type() + " at version " + event.version(), e);
        }
    }

    private static void array(JsonParser p, ArrayNode into, Set<String> kept) throws IOException {
        while (p.nextToken() != JsonToken.END_ARRAY) {
            if (p.currentToken() != JsonToken.START_OBJECT) {
                p.skipChildren();
                continue;
            }
            fields(p, into.addObject(), kept);
        }
    }

    /** The kept scalar fields of the object the parser is at the start of, up to its end. */
    private static void fields(JsonParser p, ObjectNode into, Set<String> kept) throws IOException {
        while (p.nextToken() == JsonToken.FIELD_NAME) {
            String name = p.currentName();
            if (p.nextToken().isScalarValue() && kept.contains(name)) {
                scalar(p, into, name);
            } else {
                p.skipChildren();
            }
        }
    }

    private static void scalar(JsonParser p, ObjectNode into, String name) throws IOException {
        JsonToken token = p.currentToken();
        if (token == JsonToken.VALUE_STRING) {
            into.put(name, p.getText());
        } else if (token == JsonToken.VALUE_NUMBER_INT) {
            // As a tree would hold it, so that what this reads equals what a full parse reads.
            JsonParser.NumberType type = p.getNumberType();
            if (type == JsonParser.NumberType.INT) {
                into.put(name, p.getIntValue());
            } else if (type == JsonParser.NumberType.LONG) {
                into.put(name, p.getLongValue());
            } else {
                into.put(name, p.getBigIntegerValue());
            }
        } else if (token == JsonToken.VALUE_NUMBER_FLOAT) {
            into.put(name, p.getDecimalValue());
        } else if (token == JsonToken.VALUE_TRUE || token == JsonToken.VALUE_FALSE) {
            into.put(name, token == JsonToken.VALUE_TRUE);
        } else {
            into.putNull(name);
        }
    }
}
