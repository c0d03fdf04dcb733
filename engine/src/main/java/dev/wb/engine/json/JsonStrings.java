package dev.wb.engine.json;

/**
 * A JSON string literal as a given serializer writes it: the short escapes every JSON writer uses, and the
 * rule of its {@link Dialect} for which other characters become a lower-case four-digit {@code \\u} escape.
 * One writer for the original tools' Python output ({@link PythonJson}) and for JavaScript's
 * {@code JSON.stringify}, whose bytes the judge's digests are taken over.
 */
public final class JsonStrings {

    /** Whose string escaping to reproduce. */
    public enum Dialect {
        /** Python's {@code encode_basestring}: control characters escaped, the rest as is. */
        PYTHON,
        /** Python's {@code encode_basestring_ascii}: everything outside space to tilde escaped. */
        PYTHON_ASCII,
        /** ECMAScript's {@code JSON.stringify}: control characters and lone surrogates escaped. */
        JAVASCRIPT
    }

    private JsonStrings() {}

    /** Appends {@code text} to {@code out} as a quoted JSON string, escaped as {@code dialect} does. */
    public static void quote(StringBuilder out, String text, Dialect dialect) {
        out.append('"');
        for (int i = 0; i < text.length(); i++) {
            char c = text.charAt(i);
            switch (c) {
                case '"' -> out.append("\\\"");
                case '\\' -> out.append("\\\\");
                case '\n' -> out.append("\\n");
                case '\r' -> out.append("\\r");
                case '\t' -> out.append("\\t");
                case '\b' -> out.append("\\b");
                case '\f' -> out.append("\\f");
                default -> i = other(out, text, i, dialect);
            }
        }
        out.append('"');
    }

    /** Appends the character at {@code i} (with its pair, for a surrogate pair kept whole); returns the last index used. */
    private static int other(StringBuilder out, String text, int i, Dialect dialect) {
        char c = text.charAt(i);
        if (dialect == Dialect.JAVASCRIPT
                && Character.isHighSurrogate(c)
                && i + 1 < text.length()
                && Character.isLowSurrogate(text.charAt(i + 1))) {
            out.append(c).append(text.charAt(i + 1));
            return i + 1;
        }
        boolean escaped = c < 0x20
                || (dialect == Dialect.PYTHON_ASCII && c > 0x7e)
                || (dialect == Dialect.JAVASCRIPT && Character.isSurrogate(c));
        if (escaped) {
            out.append(String.format("\\u%04x", (int) c));
        } else {
            out.append(c);
        }
        return i;
    }
}
