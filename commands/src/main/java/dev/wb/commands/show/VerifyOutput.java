package dev.wb.commands.show;

import dev.wb.commands.ContentStore;
import dev.wb.commands.process.CappedOutput;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.OptionalLong;

/**
 * The head and tail of a verify command's output, redacted: the whole output from the content store
 * (by the event's {@code outputDigest}), redacted whole and only then cut to its first and last
 * {@value #LINES} lines; where it is no longer stored, too large to read for a page, or redacted now
 * it does not give what the run recorded (a secret only the run's environment knew), the head and
 * tail the event recorded (redacted when recorded, and again here).
 *
 * @param omitted lines left out between head and tail; -1 when not known (the recorded head and tail)
 * @param stored whether the lines come from the stored output
 */
record VerifyOutput(List<String> head, long omitted, List<String> tail, boolean stored) {

    static final int LINES = 20;
    /** A longer output is not read for a page: its recorded head and tail stand for it. */
    static final long MAX_READ = 4L << 20;
    /** A longer line is cut: the page shows where the output went, not all of it. */
    static final int LINE_CHARS = 400;

    static VerifyOutput of(ContentStore store, PageEvent ran, PageRedactor redactor) {
        String digest = ran.text("outputDigest");
        if (!digest.isEmpty()) {
            try {
                OptionalLong size = store.size(digest);
                if (size.isPresent() && size.getAsLong() <= MAX_READ) {
                    Optional<byte[]> bytes = store.get(digest);
                    String whole = bytes.map(b -> new String(b, StandardCharsets.UTF_8))
                            .orElse(null);
                    if (whole != null && agrees(whole, ran, redactor)) {
                        List<String> lines = lines(redactor.text(whole));
                        if (lines.size() <= 2 * LINES) {
                            return new VerifyOutput(lines, 0, List.of(), true);
                        }
                        return new VerifyOutput(
                                List.copyOf(lines.subList(0, LINES)),
                                lines.size() - 2L * LINES,
                                List.copyOf(lines.subList(lines.size() - LINES, lines.size())),
                                true);
                    }
                }
            } catch (RuntimeException malformedDigest) {
                // a digest that names no blob reads as not stored
            }
        }
        List<String> head = lines(redactor.text(ran.text("head")));
        List<String> tail = lines(redactor.text(ran.text("tail")));
        return new VerifyOutput(
                List.copyOf(head.subList(0, Math.min(LINES, head.size()))),
                ran.count("omittedChars") > 0 ? -1 : 0,
                List.copyOf(tail.subList(Math.max(0, tail.size() - LINES), tail.size())),
                false);
    }

    /**
     * Whether this page's redactor finds in the stored output what the run's found: the stored output
     * is kept as the command wrote it, and only the run knew its environment's secrets (a variable set
     * then, or a secret-named {@code verify_env} value). The output redacted now and cut as the run
     * cut it must give the head, tail and count the event recorded; otherwise the page shows the
     * recorded head and tail, redacted when the run recorded them.
     */
    private static boolean agrees(String whole, PageEvent ran, PageRedactor redactor) {
        CappedOutput now = redactor.capped(whole);
        return now.head().equals(ran.text("head"))
                && now.tail().equals(ran.text("tail"))
                && now.omittedChars() == ran.count("omittedChars");
    }

    /** The text's lines, control characters (but tabs) dropped, each cut at {@value #LINE_CHARS} characters. */
    static List<String> lines(String text) {
        List<String> lines = new ArrayList<>();
        StringBuilder line = new StringBuilder();
        for (int i = 0; i < text.length(); i++) {
            char c = text.charAt(i);
            if (c == '\n') {
                lines.add(cut(line));
                line.setLength(0);
            } else if (c == '\t' || (c >= ' ' && c != 0x7f)) {
                line.append(c);
            }
        }
        if (line.length() > 0) {
            lines.add(cut(line));
        }
        return lines;
    }

    private static String cut(StringBuilder line) {
        return line.length() <= LINE_CHARS ? line.toString() : line.substring(0, LINE_CHARS) + " …";
    }

    boolean isEmpty() {
        return head.isEmpty() && tail.isEmpty();
    }
}
