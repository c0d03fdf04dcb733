package dev.wb.commands.judge.core;

import com.fasterxml.jackson.databind.JsonNode;
import dev.wb.engine.json.JsonStrings;
import java.nio.charset.StandardCharsets;
import java.util.Iterator;
import java.util.Map;

/**
 * JSON exactly as JavaScript's {@code JSON.stringify(value)} writes it, for the digests the review
 * judge defines over it ({@code scopeDigest}): keys in their own order, no white space, and its
 * string escaping — quote, backslash, b f n r t by their short escapes, every other control character as
 * a backslash-u escape of four lower-case hex digits, as is an unpaired surrogate; {@code /}, non-ASCII text
 * and U+2028/U+2029 as they are. Numbers are integers here (the scope holds no other).
 */
public final class JsStringify {

    private JsStringify() {}

    public static byte[] bytes(JsonNode node) {
        StringBuilder out = new StringBuilder(512);
        write(node, out);
        return out.toString().getBytes(StandardCharsets.UTF_8);
    }

    private static void write(JsonNode node, StringBuilder out) {
        if (node.isObject()) {
            out.append('{');
            boolean first = true;
            for (Iterator<Map.Entry<String, JsonNode>> fields =
                            node.properties().iterator();
                    fields.hasNext(); ) {
                Map.Entry<String, JsonNode> field = fields.next();
                out.append(first ? "" : ",");
                first = false;
                string(field.getKey(), out);
                out.append(':');
                write(field.getValue(), out);
            }
            out.append('}');
        } else if (node.isArray()) {
            out.append('[');
            for (int i = 0; i < node.size(); i++) {
                out.append(i == 0 ? "" : ",");
                write(node.get(i), out);
            }
            out.append(']');
        } else if (node.isTextual()) {
            string(node.asText(), out);
        } else if (node.isIntegralNumber() || node.isBoolean() || node.isNull()) {
            out.append(node.asText());
        } else {
            throw new IllegalArgumentException("no JSON.stringify form for " + node.getNodeType());
        }
    }

    public static void string(String text, StringBuilder out) {
        JsonStrings.quote(out, text, JsonStrings.Dialect.JAVASCRIPT);
    }
}
