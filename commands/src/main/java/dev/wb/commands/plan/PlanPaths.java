package dev.wb.commands.plan;

import java.util.ArrayDeque;
import java.util.Deque;
import java.util.Optional;

/**
 * Paths as a plan writes them: relative to the repository root, with {@code /} (a backslash reads as
 * {@code /}, as the original reads a plan written on Windows). A path that is
 * absolute or climbs out of the repository ({@code ../../etc/passwd}) has no normal form, so it
 * can never be read, claimed or excused.
 */
public final class PlanPaths {

    private PlanPaths() {}

    /** The path without {@code ./}, empty segments or inner {@code ..}; empty when it leaves the repository. */
    public static Optional<String> normalize(String raw) {
        // Windows-style separators read as the original reads them (src\app.py is src/app.py); an
        // absolute path (C:\app.py, a share's \\server\x) stays absolute, so it stays refused.
        String path = raw.replace('\\', '/');
        if (path.isEmpty()
                || path.startsWith("/")
                || path.indexOf('\0') >= 0
                || (path.length() > 1 && path.charAt(1) == ':')) {
            return Optional.empty();
        }
        Deque<String> segments = new ArrayDeque<>();
        for (String segment : path.split("/", 0)) {
            if (segment.isEmpty() || segment.equals(".")) {
                continue;
            }
            if (segment.equals("..")) {
                if (segments.isEmpty()) {
                    return Optional.empty();
                }
                segments.removeLast();
            } else {
                segments.addLast(segment);
            }
        }
        if (segments.isEmpty()) {
            return Optional.empty();
        }
        String joined = String.join("/", segments);
        return Optional.of(path.endsWith("/") ? joined + "/" : joined);
    }
}
