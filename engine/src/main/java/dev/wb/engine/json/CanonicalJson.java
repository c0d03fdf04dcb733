package dev.wb.engine.json;

import com.fasterxml.jackson.core.JsonFactory;
import com.fasterxml.jackson.core.JsonGenerator;
import com.fasterxml.jackson.core.JsonParser;
import com.fasterxml.jackson.databind.DeserializationFeature;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ObjectNode;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.util.ArrayList;
import java.util.Iterator;
import java.util.List;
import java.util.Map;

/**
 * The one canonical JSON form wb hashes: object keys sorted by their UTF-16 code units, no
 * insignificant white space, UTF-8, numbers as Jackson writes them. The same value always gives
 * the same bytes, so a hash can be recomputed by anyone from the logical content.
 */
public final class CanonicalJson {

    /** Shared, thread-safe once configured. Floats are read as BigDecimal so no digit is lost. */
    public static final ObjectMapper MAPPER = new ObjectMapper()
            .enable(DeserializationFeature.USE_BIG_DECIMAL_FOR_FLOATS)
            .enable(JsonParser.Feature.STRICT_DUPLICATE_DETECTION);

    private static final JsonFactory FACTORY = MAPPER.getFactory();

    private CanonicalJson() {}

    public static byte[] bytes(JsonNode node) {
        ByteArrayOutputStream out = new ByteArrayOutputStream(256);
        try (JsonGenerator gen = FACTORY.createGenerator(out)) {
            write(gen, node);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
        return out.toByteArray();
    }

    public static void write(JsonGenerator gen, JsonNode node) throws IOException {
        if (node.isObject()) {
            List<String> names = new ArrayList<>(node.size());
            Iterator<String> it = node.fieldNames();
            while (it.hasNext()) {
                names.add(it.next());
            }
            names.sort(null);
            gen.writeStartObject();
            for (String name : names) {
                gen.writeFieldName(name);
                write(gen, node.get(name));
            }
            gen.writeEndObject();
        } else if (node.isArray()) {
            gen.writeStartArray();
            for (JsonNode element : node) {
                write(gen, element);
            }
            gen.writeEndArray();
        } else if (node.isBigDecimal()) {
            // One spelling for one number: 1.50 and 1.5 are the same value.
            gen.writeNumber(node.decimalValue().stripTrailingZeros().toPlainString());
        } else {
            MAPPER.writeTree(gen, node);
        }
    }

    public static ObjectNode parseObject(byte[] json) {
        try {
            JsonNode node = MAPPER.readTree(json);
            if (node == null || !node.isObject()) {
                throw new IllegalArgumentException("not a JSON object");
            }
            return (ObjectNode) node;
        } catch (IOException e) {
            throw new IllegalArgumentException("not valid JSON: " + e.getMessage(), e);
        }
    }

    /** An object node built from alternating names and values, for terse payloads in code and tests. */
    public static ObjectNode object(Map<String, ?> fields) {
        return MAPPER.valueToTree(fields);
    }
}
