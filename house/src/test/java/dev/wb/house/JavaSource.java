package dev.wb.house;

import java.util.ArrayList;
import java.util.List;

/**
 * A Java source file split into code and string literals, enough to scan it without being fooled
 * by comments: {@link #code} is the text with every comment and every literal's content blanked
 * (quotes, line breaks and offsets kept), {@link #literals} the string literals' values where they
 * stood. Text blocks count as literals; escapes are kept as written, which is all a scan needs.
 */
record JavaSource(String code, List<Literal> literals) {

    record Literal(String value, int offset, int line) {}

    static JavaSource of(String text) {
        StringBuilder code = new StringBuilder(text.length());
        List<Literal> literals = new ArrayList<>();
        int line = 1;
        int i = 0;
        while (i < text.length()) {
            char c = text.charAt(i);
            if (text.startsWith("//", i)) {
                while (i < text.length() && text.charAt(i) != '\n') {
                    code.append(' ');
                    i++;
                }
            } else if (text.startsWith("/*", i)) {
                int end = text.indexOf("*/", i + 2);
                end = end < 0 ? text.length() : end + 2;
                line += blank(text, i, end, code);
                i = end;
            } else if (text.startsWith("\"\"\"", i)) {
                int end = text.indexOf("\"\"\"", i + 3);
                end = end < 0 ? text.length() : end + 3;
                literals.add(new Literal(text.substring(i + 3, Math.max(i + 3, end - 3)), i, line));
                code.append("\"\"\"");
                line += blank(text, i + 3, end - 3, code);
                code.append("\"\"\"");
                i = end;
            } else if (c == '"' || c == '\'') {
                int end = i + 1;
                while (end < text.length() && text.charAt(end) != c && text.charAt(end) != '\n') {
                    end += text.charAt(end) == '\\' ? 2 : 1;
                }
                end = Math.min(end, text.length());
                if (c == '"') {
                    literals.add(new Literal(text.substring(i + 1, end), i, line));
                }
                code.append(c);
                blank(text, i + 1, end, code);
                if (end < text.length()) {
                    code.append(c);
                }
                i = end + 1;
            } else {
                if (c == '\n') {
                    line++;
                }
                code.append(c);
                i++;
            }
        }
        return new JavaSource(code.toString(), literals);
    }

    /** Appends spaces for {@code text[from, to)}, keeping its line breaks; returns how many there were. */
    private static int blank(String text, int from, int to, StringBuilder code) {
        int lines = 0;
        for (int k = from; k < to; k++) {
            boolean newline = text.charAt(k) == '\n';
            code.append(newline ? '\n' : ' ');
            lines += newline ? 1 : 0;
        }
        return lines;
    }

    /** The line of an offset in {@link #code}. */
    int lineAt(int offset) {
        int line = 1;
        for (int k = 0; k < offset && k < code.length(); k++) {
            if (code.charAt(k) == '\n') {
                line++;
            }
        }
        return line;
    }

    /** The literals whose opening quote lies in {@code [from, to)}, in order. */
    List<Literal> literalsBetween(int from, int to) {
        List<Literal> between = new ArrayList<>();
        for (Literal literal : literals) {
            if (literal.offset() >= from && literal.offset() < to) {
                between.add(literal);
            }
        }
        return between;
    }

    /** The offset just past the bracket that closes the one at {@code open} in {@link #code}. */
    int closing(int open) {
        char opening = code.charAt(open);
        char closing = opening == '(' ? ')' : opening == '{' ? '}' : ']';
        int depth = 0;
        for (int k = open; k < code.length(); k++) {
            char c = code.charAt(k);
            if (c == opening) {
                depth++;
            } else if (c == closing && --depth == 0) {
                return k + 1;
            }
        }
        return code.length();
    }
}
