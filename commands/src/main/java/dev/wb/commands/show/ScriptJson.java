package dev.wb.commands.show;

import com.fasterxml.jackson.databind.JsonNode;
import dev.wb.engine.json.CanonicalJson;

/**
 * JSON placed inside {@code <script type="application/json">}: {@code <}, {@code >}, {@code &} and the
 * line separators U+2028 and U+2029 are written as {@code \\uXXXX} escapes. In JSON they can only
 * stand inside a string, where the escape means the same character, so no payload can close the
 * script element or open a comment in it.
 */
final class ScriptJson {

    private ScriptJson() {}

    static void append(StringBuilder out, JsonNode node) {
        appendEscaped(out, CanonicalJson.text(node, false));
    }

    static void appendEscaped(StringBuilder out, String json) {
        for (int i = 0; i < json.length(); i++) {
            char c = json.charAt(i);
            switch (c) {
                case '<' -> out.append("\\u003c");
                case '>' -> out.append("\\u003e");
                case '&' -> out.append("\\u0026");
                case '\u2028' -> out.append("\\u2028");
                case '\u2029' -> out.append("\\u2029");
                default -> out.append(c);
            }
        }
    }
}
