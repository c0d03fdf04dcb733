package dev.wb.engine.text;

import java.util.Optional;
import java.util.OptionalInt;

/**
 * Text from outside wb (a command from a capsule, a path, a name read from a file) as it may be
 * shown to a person on a terminal. A carriage return, an escape sequence or a bidirectional
 * override in such text can repaint the line a person reads before deciding — {@code sh -c '…'
 * #\r\033[2K  1. make -s check} reads as {@code 1. make -s check} — so every control character is
 * written as a visible escape instead: {@code \n}, {@code \r}, {@code \t}, {@code \xHH} below
 * U+0100, <code>&#92;uHHHH</code> and {@code \UHHHHHHHH} above.
 *
 * <p>Control means the Unicode categories Cc (C0, DEL, C1), Cf (format: bidirectional marks,
 * overrides and isolates, zero-width characters, the invisible tag characters), Zl and Zp (line and
 * paragraph separators), and a lone surrogate half. A backslash is left as it is: a command with
 * a control character is refused, never run, so the escape only has to make such text visible, and
 * doubling every backslash would make ordinary commands and Windows paths harder to check.
 *
 * <p>Guava's escapers are not used: {@code Escapers.builder()} works a {@code char} at a time and
 * cannot see the tag characters above U+FFFF, and {@code UnicodeEscaper} throws on a lone
 * surrogate, which a JSON file can carry (<code>"&#92;ud800"</code>).
 */
public final class TerminalText {

    private TerminalText() {}

    /** {@code text} with every control character written as an escape; one line, safe to print. */
    public static String escape(String text) {
        if (firstControl(text).isEmpty()) {
            return text;
        }
        StringBuilder shown = new StringBuilder(text.length() + 16);
        text.codePoints().forEach(cp -> {
            if (isControl(cp)) {
                shown.append(escapeOf(cp));
            } else {
                shown.appendCodePoint(cp);
            }
        });
        return shown.toString();
    }

    /** Whether {@code text} holds a control character. */
    public static boolean hasControl(String text) {
        return firstControl(text).isPresent();
    }

    /** The index (in chars) of the first control character in {@code text}; empty when there is none. */
    public static OptionalInt firstControl(String text) {
        for (int i = 0; i < text.length(); ) {
            int cp = text.codePointAt(i);
            if (isControl(cp)) {
                return OptionalInt.of(i);
            }
            i += Character.charCount(cp);
        }
        return OptionalInt.empty();
    }

    /**
     * The first control character in {@code text} named for a message, e.g. {@code a control
     * character (\r) at character 24}; empty when there is none. Positions count from 1.
     */
    public static Optional<String> describeFirstControl(String text) {
        OptionalInt at = firstControl(text);
        if (at.isEmpty()) {
            return Optional.empty();
        }
        int cp = text.codePointAt(at.getAsInt());
        return Optional.of("a control character (" + escapeOf(cp) + ") at character " + (at.getAsInt() + 1));
    }

    /** Whether one code point is a control character in the sense of this class. */
    public static boolean isControl(int codePoint) {
        int type = Character.getType(codePoint);
        return type == Character.CONTROL
                || type == Character.FORMAT
                || type == Character.LINE_SEPARATOR
                || type == Character.PARAGRAPH_SEPARATOR
                || type == Character.SURROGATE;
    }

    private static String escapeOf(int cp) {
        return switch (cp) {
            case '\n' -> "\\n";
            case '\r' -> "\\r";
            case '\t' -> "\\t";
            default -> {
                if (cp < 0x100) {
                    yield String.format("\\x%02x", cp);
                }
                yield cp <= 0xFFFF ? String.format("\\u%04x", cp) : String.format("\\U%08x", cp);
            }
        };
    }
}
