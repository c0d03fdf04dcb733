package dev.wb.commands.review;

import java.io.ByteArrayOutputStream;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * The added lines of a {@code git diff --unified=0} patch, with their numbers in the new file. Hunks
 * are read by their counts, so an added line that itself starts with {@code ++ } is never taken for a
 * file header; a binary file (git's {@code Binary files … differ}) has no added line and is named as
 * skipped.
 */
final class PatchLines {

    private static final Pattern HUNK = Pattern.compile("^@@ -\\d+(?:,(\\d+))? \\+(\\d+)(?:,(\\d+))? @@");

    private final List<AddedLine> added = new ArrayList<>();
    private final List<String> binary = new ArrayList<>();
    private String path = "";
    private String header = "";
    private int line;
    private int oldLeft;
    private int newLeft;

    private PatchLines() {}

    /** The patch's added lines (noise paths left out) and the binary files it names. */
    static PatchLines read(byte[] patch) {
        PatchLines lines = new PatchLines();
        int start = 0;
        for (int i = 0; i <= patch.length; i++) {
            if (i == patch.length || patch[i] == '\n') {
                if (i > start || i < patch.length) {
                    lines.accept(new String(patch, start, i - start, StandardCharsets.UTF_8));
                }
                start = i + 1;
            }
        }
        return lines;
    }

    List<AddedLine> added() {
        return added;
    }

    List<String> binary() {
        return binary;
    }

    private void accept(String text) {
        if (oldLeft > 0 || newLeft > 0) {
            inHunk(text);
        } else if (text.startsWith("diff --git ")) {
            header = headerPath(text.substring("diff --git ".length()));
            path = "";
        } else if (text.startsWith("+++ ")) {
            path = filePath(text.substring(4));
        } else if (text.startsWith("Binary files ") && !header.isEmpty() && !Paths.isNoise(header)) {
            binary.add(header);
        } else if (text.startsWith("@@")) {
            hunk(text);
        }
    }

    private void inHunk(String text) {
        if (text.startsWith("+")) {
            if (!path.isEmpty() && !Paths.isNoise(path)) {
                added.add(new AddedLine(path, line, withoutCarriageReturn(text.substring(1))));
            }
            line++;
            newLeft--;
        } else if (text.startsWith("-")) {
            oldLeft--;
        } else if (!text.startsWith("\\")) {
            // a context line (not written by --unified=0): counts on both sides
            line++;
            newLeft--;
            oldLeft--;
        }
    }

    private void hunk(String text) {
        Matcher m = HUNK.matcher(text);
        if (!m.lookingAt()) {
            return;
        }
        oldLeft = m.group(1) == null ? 1 : Integer.parseInt(m.group(1));
        line = Integer.parseInt(m.group(2));
        newLeft = m.group(3) == null ? 1 : Integer.parseInt(m.group(3));
    }

    private static String withoutCarriageReturn(String text) {
        return text.endsWith("\r") ? text.substring(0, text.length() - 1) : text;
    }

    /** {@code b/path}, or {@code "b/pa\"th"} as git quotes an unusual name; empty for {@code /dev/null}. */
    static String filePath(String raw) {
        String name = raw.startsWith("\"") ? unquote(raw) : raw;
        if (name.equals("/dev/null")) {
            return "";
        }
        return name.startsWith("b/") ? name.substring(2) : name;
    }

    /** The new path of a {@code diff --git a/P b/P} header when both sides are the same path; else the text after {@code b/}. */
    private static String headerPath(String rest) {
        if (rest.startsWith("\"")) {
            int split = rest.indexOf("\" ", 1);
            return split < 0 ? "" : filePath(rest.substring(split + 2));
        }
        int half = (rest.length() + 1) / 2;
        if (rest.length() % 2 == 1 && rest.startsWith("a/") && rest.startsWith("b/", half)) {
            return rest.substring(half + 2);
        }
        int b = rest.indexOf(" b/");
        return b < 0 ? "" : rest.substring(b + 3);
    }

    /** A C-style quoted name as git writes it: {@code \"}, {@code \\}, {@code \t}, {@code \n} and octal bytes. */
    static String unquote(String quoted) {
        int end = quoted.lastIndexOf('"');
        String body = quoted.substring(1, end > 0 ? end : quoted.length());
        ByteArrayOutputStream bytes = new ByteArrayOutputStream();
        for (int i = 0; i < body.length(); i++) {
            char c = body.charAt(i);
            if (c != '\\' || i + 1 == body.length()) {
                bytes.writeBytes(String.valueOf(c).getBytes(StandardCharsets.UTF_8));
                continue;
            }
            char e = body.charAt(++i);
            if (e >= '0' && e <= '7' && i + 2 < body.length()) {
                bytes.write(Integer.parseInt(body.substring(i, i + 3), 8));
                i += 2;
            } else {
                bytes.write(
                        switch (e) {
                            case 't' -> '\t';
                            case 'n' -> '\n';
                            case 'r' -> '\r';
                            default -> e;
                        });
            }
        }
        return bytes.toString(StandardCharsets.UTF_8);
    }
}
