package dev.wb.commands.show;

import com.fasterxml.jackson.databind.JsonNode;
import dev.wb.engine.json.CanonicalJson;
import java.io.FilterOutputStream;
import java.io.IOException;
import java.io.OutputStream;
import java.nio.charset.StandardCharsets;

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

    /** The characters escaped, each found with {@link String#indexOf(int, int)}: most JSON has none. */
    private static final char[] SPECIAL = {'<', '>', '&', '\u2028', '\u2029'};

    static void appendEscaped(StringBuilder out, String json) {
        int[] next = new int[SPECIAL.length];
        for (int k = 0; k < SPECIAL.length; k++) {
            next[k] = json.indexOf(SPECIAL[k]);
        }
        int copied = 0;
        while (true) {
            int k = nearest(next);
            if (k < 0) {
                break;
            }
            int at = next[k];
            out.append(json, copied, at).append(escape(SPECIAL[k]));
            copied = at + 1;
            next[k] = json.indexOf(SPECIAL[k], copied);
        }
        out.append(json, copied, json.length());
    }

    /**
     * A stream that passes ASCII JSON on to {@code out} escaped as {@link #appendEscaped} escapes it:
     * JSON generated straight into a page as bytes, with every character beyond ASCII already an escape
     * (so the line separators never stand in it as themselves), and no copy of it whole in between.
     */
    static OutputStream escaping(OutputStream out) {
        return new FilterOutputStream(out) {
            @Override
            public void write(int b) throws IOException {
                write(new byte[] {(byte) b}, 0, 1);
            }

            @Override
            public void write(byte[] bytes, int offset, int length) throws IOException {
                int end = offset + length;
                int copied = offset;
                for (int i = offset; i < end; i++) {
                    byte b = bytes[i];
                    if (b == '<' || b == '>' || b == '&') {
                        out.write(bytes, copied, i - copied);
                        out.write(ESCAPES[b == '<' ? 0 : b == '>' ? 1 : 2]);
                        copied = i + 1;
                    } else if (b < 0) {
                        throw new IllegalStateException("not ASCII JSON: byte " + (b & 0xff));
                    }
                }
                out.write(bytes, copied, end - copied);
            }
        };
    }

    private static final byte[][] ESCAPES = {
        escape('<').getBytes(StandardCharsets.US_ASCII),
        escape('>').getBytes(StandardCharsets.US_ASCII),
        escape('&').getBytes(StandardCharsets.US_ASCII)
    };

    /** Which special character comes first, or -1 when none is left. */
    private static int nearest(int[] next) {
        int nearest = -1;
        for (int k = 0; k < next.length; k++) {
            if (next[k] >= 0 && (nearest < 0 || next[k] < next[nearest])) {
                nearest = k;
            }
        }
        return nearest;
    }

    /** The escape of one of the {@link #SPECIAL} characters. */
    private static String escape(char c) {
        return switch (c) {
            case '<' -> "\\u003c";
            case '>' -> "\\u003e";
            case '&' -> "\\u0026";
            case '\u2028' -> "\\u2028";
            case '\u2029' -> "\\u2029";
            default -> throw new IllegalArgumentException("not escaped: " + (int) c);
        };
    }
}
