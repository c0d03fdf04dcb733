package dev.wb.commands.judge.core;

import java.io.ByteArrayOutputStream;
import java.nio.charset.StandardCharsets;
import java.util.Set;
import java.util.TreeSet;

/**
 * The old paths of the renames in a {@code git diff} text: its {@code rename from <path>} header lines. The
 * review judge lists a change's paths with {@code git diff --name-only}, where git's rename detection names
 * a renamed file by its new path only; its change digest hashes the same diff with the rename in it. A
 * header line is never mistaken for content: a hunk's lines start with {@code +}, {@code -} or a blank,
 * and a binary patch's lines hold no blank. A quoted path ({@code "a\303\251.txt"}) is read as git quotes it.
 */
public final class DiffRenames {

    private static final String FROM = "rename from ";

    private DiffRenames() {}

    /** The renamed-away paths of {@code diff}, sorted. */
    public static Set<String> sources(byte[] diff) {
        Set<String> sources = new TreeSet<>();
        int start = 0;
        while (start < diff.length) {
            int end = start;
            while (end < diff.length && diff[end] != '\n') {
                end++;
            }
            if (startsWith(diff, start, end)) {
                sources.add(path(new String(
                        diff, start + FROM.length(), end - start - FROM.length(), StandardCharsets.ISO_8859_1)));
            }
            start = end + 1;
        }
        return sources;
    }

    private static boolean startsWith(byte[] diff, int start, int end) {
        if (end - start <= FROM.length()) {
            return false;
        }
        for (int i = 0; i < FROM.length(); i++) {
            if (diff[start + i] != FROM.charAt(i)) {
                return false;
            }
        }
        return true;
    }

    /** A header's path, unquoted as git quotes it (C escapes, octal bytes), as UTF-8. */
    static String path(String raw) {
        if (raw.length() < 2 || raw.charAt(0) != '"' || raw.charAt(raw.length() - 1) != '"') {
            return new String(raw.getBytes(StandardCharsets.ISO_8859_1), StandardCharsets.UTF_8);
        }
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        for (int i = 1; i < raw.length() - 1; i++) {
            char c = raw.charAt(i);
            if (c != '\\' || i + 1 >= raw.length() - 1) {
                out.write(c);
                continue;
            }
            char e = raw.charAt(++i);
            if (e >= '0' && e <= '7' && i + 2 < raw.length() - 1) {
                out.write(Integer.parseInt(raw.substring(i, i + 3), 8));
                i += 2;
                continue;
            }
            out.write(
                    switch (e) {
                        case 'n' -> '\n';
                        case 't' -> '\t';
                        case 'r' -> '\r';
                        case 'a' -> 7;
                        case 'b' -> '\b';
                        case 'f' -> '\f';
                        case 'v' -> 11;
                        default -> e;
                    });
        }
        return out.toString(StandardCharsets.UTF_8);
    }
}
