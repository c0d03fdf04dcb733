package dev.wb.engine.json;

import com.fasterxml.jackson.core.JsonFactory;
import com.fasterxml.jackson.core.JsonGenerator;
import com.fasterxml.jackson.core.JsonParser;
import com.fasterxml.jackson.core.JsonToken;
import com.fasterxml.jackson.core.StreamReadFeature;
import com.fasterxml.jackson.core.util.DefaultPrettyPrinter;
import com.fasterxml.jackson.databind.DeserializationFeature;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.JsonNodeFactory;
import com.fasterxml.jackson.databind.node.ObjectNode;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.StringWriter;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.util.Iterator;
import java.util.List;
import java.util.Map;

/**
 * The one canonical JSON form wb hashes: object keys sorted by their UTF-16 code units, no
 * insignificant white space, UTF-8, integers as digits, decimals in their shortest plain form. The
 * same value always gives the same bytes, so a hash can be recomputed by anyone from the content.
 *
 * <p>Reading and writing go through Jackson's streaming core and its tree nodes only. Building an
 * {@code ObjectMapper} costs a command tens of milliseconds of start-up (it loads date formats and
 * locale data), so one is made only for {@link #object(Map)}, which converts Java values.
 */
public final class CanonicalJson {

    public static final JsonFactory FACTORY = JsonFactory.builder()
            .enable(StreamReadFeature.STRICT_DUPLICATE_DETECTION)
            .build();

    private static final JsonNodeFactory NODES = JsonTrees.NODES;

    /** Integers as the smallest node that holds them; decimals exact. */
    private static final JsonTrees.Numbers NUMBERS = new JsonTrees.Numbers() {
        @Override
        public JsonNode integer(JsonParser p) throws IOException {
            return switch (p.getNumberType()) {
                case INT -> NODES.numberNode(p.getIntValue());
                case LONG -> NODES.numberNode(p.getLongValue());
                default -> NODES.numberNode(p.getBigIntegerValue());
            };
        }

        @Override
        public JsonNode decimal(JsonParser p) throws IOException {
            return NODES.numberNode(p.getDecimalValue());
        }
    };

    private CanonicalJson() {}

    public static ObjectNode objectNode() {
        return NODES.objectNode();
    }

    /** Canonical bytes: sorted keys, compact. */
    public static byte[] bytes(JsonNode node) {
        ByteArrayOutputStream out = new ByteArrayOutputStream(256);
        try (JsonGenerator gen = FACTORY.createGenerator(out)) {
            write(gen, node, true);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
        return out.toByteArray();
    }

    /** Writes the canonical form of a node. */
    public static void write(JsonGenerator gen, JsonNode node) throws IOException {
        write(gen, node, true);
    }

    /** For people: the node in its own key order, compact or pretty-printed. */
    public static String text(JsonNode node, boolean pretty) {
        StringWriter out = new StringWriter();
        try (JsonGenerator gen = FACTORY.createGenerator(out)) {
            if (pretty) {
                gen.setPrettyPrinter(new DefaultPrettyPrinter());
            }
            write(gen, node, false);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
        return out.toString();
    }

    /** Whether an object's keys already stand in canonical order (by UTF-16 code units). */
    private static boolean inOrder(JsonNode object) {
        String previous = null;
        for (Iterator<String> names = object.fieldNames(); names.hasNext(); ) {
            String name = names.next();
            if (previous != null && previous.compareTo(name) > 0) {
                return false;
            }
            previous = name;
        }
        return true;
    }

    private static void write(JsonGenerator gen, JsonNode node, boolean sorted) throws IOException {
        if (node.isObject()) {
            gen.writeStartObject();
            if (sorted && !inOrder(node)) {
                List<String> names = JsonTrees.fieldNames(node);
                names.sort(null);
                for (String name : names) {
                    gen.writeFieldName(name);
                    write(gen, node.get(name), true);
                }
            } else {
                // already in order (a tree read from canonical bytes is): written as it stands
                for (Map.Entry<String, JsonNode> field : node.properties()) {
                    gen.writeFieldName(field.getKey());
                    write(gen, field.getValue(), sorted);
                }
            }
            gen.writeEndObject();
        } else if (node.isArray()) {
            gen.writeStartArray();
            for (JsonNode element : node) {
                write(gen, element, sorted);
            }
            gen.writeEndArray();
        } else if (node.isTextual()) {
            gen.writeString(node.textValue());
        } else if (node.isBigDecimal() || node.isFloatingPointNumber()) {
            // One spelling for one number: 1.50 and 1.5 are the same value.
            gen.writeNumber(node.decimalValue().stripTrailingZeros().toPlainString());
        } else if (node.isIntegralNumber()) {
            gen.writeNumber(node.bigIntegerValue());
        } else if (node.isBoolean()) {
            gen.writeBoolean(node.booleanValue());
        } else if (node.isNull() || node.isMissingNode()) {
            gen.writeNull();
        } else if (node.isBinary()) {
            gen.writeBinary(node.binaryValue());
        } else {
            throw new IllegalArgumentException("cannot write a " + node.getNodeType() + " node as JSON");
        }
    }

    public static ObjectNode parseObject(byte[] json) {
        JsonNode node = parse(json);
        if (!node.isObject()) {
            throw new IllegalArgumentException("not a JSON object");
        }
        return (ObjectNode) node;
    }

    public static ObjectNode parseObject(String json) {
        return parseObject(json.getBytes(StandardCharsets.UTF_8));
    }

    /** Parses one JSON document, with exact decimals and duplicate keys refused. */
    public static JsonNode parse(byte[] json) {
        try {
            return JsonTrees.document(json, NUMBERS);
        } catch (IOException e) {
            throw new IllegalArgumentException("not valid JSON: " + e.getMessage(), e);
        }
    }

    /**
     * The value at the parser's current token as a tree (exact decimals, as {@link #parse}), leaving
     * the parser on that value's last token: for a reader that streams a large document and wants
     * only its small parts as trees.
     */
    public static JsonNode readValue(JsonParser p) throws IOException {
        JsonToken token = p.currentToken();
        if (token == null) {
            throw new IOException("no value: the document ended");
        }
        return JsonTrees.read(p, token, NUMBERS);
    }

    /** A tree of Java values (maps, lists, strings, numbers), for terse payloads in code and tests. */
    public static ObjectNode object(Map<String, ?> fields) {
        return MapperHolder.MAPPER.valueToTree(fields);
    }

    /** Made on first use only (see the class comment). */
    private static final class MapperHolder {
        static final ObjectMapper MAPPER = new ObjectMapper()
                .enable(DeserializationFeature.USE_BIG_DECIMAL_FOR_FLOATS)
                .setNodeFactory(NODES);
    }
}
