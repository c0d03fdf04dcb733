package dev.wb.commands.capsule;

import java.util.Optional;

/**
 * A Markdown code fence, as CommonMark reads one: three or more backticks or tildes after at most
 * {@code indent} spaces; it is closed by a line of at least as many of the same character and
 * nothing else. Text inside a fence is code, never a heading, a bullet or a proof line.
 */
public record Fence(char mark, int length) {

    /** The fence this line opens, at most {@code indent} spaces in (3 for CommonMark), or empty. */
    public static Optional<Fence> opening(String line, int indent) {
        int i = spaces(line);
        if (i > indent || i >= line.length()) {
            return Optional.empty();
        }
        char mark = line.charAt(i);
        if (mark != '`' && mark != '~') {
            return Optional.empty();
        }
        int run = run(line, i, mark);
        if (run < 3 || (mark == '`' && line.indexOf('`', i + run) >= 0)) {
            return Optional.empty();
        }
        return Optional.of(new Fence(mark, run));
    }

    /** Whether this line closes the fence. */
    public boolean closes(String line) {
        int i = spaces(line);
        if (i > 3 || i >= line.length() || line.charAt(i) != mark) {
            return false;
        }
        int run = run(line, i, mark);
        return run >= length && line.substring(i + run).isBlank();
    }

    private static int spaces(String line) {
        int i = 0;
        while (i < line.length() && line.charAt(i) == ' ') {
            i++;
        }
        return i;
    }

    private static int run(String line, int from, char mark) {
        int end = from;
        while (end < line.length() && line.charAt(end) == mark) {
            end++;
        }
        return end - from;
    }
}
