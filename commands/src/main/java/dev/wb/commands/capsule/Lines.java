package dev.wb.commands.capsule;

import java.util.ArrayList;
import java.util.List;

/** The lines of a capsule document: split at {@code \n}, a {@code \r} before it dropped, a BOM ignored. */
final class Lines {

    static final char BOM = '\uFEFF';

    private Lines() {}

    static List<String> of(String text) {
        String body = !text.isEmpty() && text.charAt(0) == BOM ? text.substring(1) : text;
        List<String> lines = new ArrayList<>();
        int start = 0;
        while (start < body.length()) {
            int end = body.indexOf('\n', start);
            String line = end < 0 ? body.substring(start) : body.substring(start, end);
            lines.add(line.endsWith("\r") ? line.substring(0, line.length() - 1) : line);
            start = end < 0 ? body.length() : end + 1;
        }
        return lines;
    }
}
