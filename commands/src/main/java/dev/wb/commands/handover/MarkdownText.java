package dev.wb.commands.handover;

import com.fasterxml.jackson.databind.JsonNode;
import com.google.common.base.Strings;
import com.google.common.escape.Escaper;
import com.google.common.escape.Escapers;

/**
 * A plan's text, written into Markdown so that it reads as the text it is: never as HTML (a page
 * that renders the file later shows {@code <script>} as those characters), never as a link, an
 * image or emphasis the author did not mean, and never as a new line that starts a heading or ends
 * a list item. Code is a code span or a fenced block long enough that no backtick inside closes it.
 */
final class MarkdownText {

    /** HTML's three special characters as entities, and Markdown's inline punctuation behind a backslash. */
    private static final Escaper INLINE = Escapers.builder()
            .addEscape('&', "&amp;")
            .addEscape('<', "&lt;")
            .addEscape('>', "&gt;")
            .addEscape('\\', "\\\\")
            .addEscape('`', "\\`")
            .addEscape('*', "\\*")
            .addEscape('_', "\\_")
            .addEscape('[', "\\[")
            .addEscape(']', "\\]")
            .addEscape('#', "\\#")
            .addEscape('|', "\\|")
            .build();

    private MarkdownText() {}

    /** A JSON value as the original's {@code str()} shows it: a string as itself, absent as empty. */
    static String textOf(JsonNode value) {
        if (value == null || value.isNull() || value.isMissingNode()) {
            return "";
        }
        return value.isValueNode() ? value.asText() : value.toString();
    }

    /** Text on one line: escaped, and its line breaks as spaces (a break would end the list item). */
    static String inline(String text) {
        return INLINE.escape(oneLine(text));
    }

    /** A paragraph: escaped line by line, its line breaks kept. */
    static String block(String text) {
        return INLINE.escape(text.strip().replace("\r\n", "\n").replace('\r', '\n'));
    }

    /** A code span: the text verbatim between enough backticks that none inside closes it. */
    static String code(String text) {
        String line = oneLine(text);
        String ticks = Strings.repeat("`", longestRun(line) + 1);
        boolean pad = line.startsWith("`") || line.endsWith("`");
        return pad ? ticks + " " + line + " " + ticks : ticks + line + ticks;
    }

    /** A fenced block: the text verbatim inside a fence longer than any backtick run in it (three at least). */
    static String fence(String text) {
        String ticks = Strings.repeat("`", Math.max(3, longestRun(text) + 1));
        return ticks + "\n" + text + "\n" + ticks;
    }

    private static String oneLine(String text) {
        return text.replace("\r\n", " ").replace('\r', ' ').replace('\n', ' ');
    }

    private static int longestRun(String text) {
        int longest = 0;
        int run = 0;
        for (int i = 0; i < text.length(); i++) {
            run = text.charAt(i) == '`' ? run + 1 : 0;
            longest = Math.max(longest, run);
        }
        return longest;
    }
}
