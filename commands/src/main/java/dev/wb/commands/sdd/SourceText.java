package dev.wb.commands.sdd;

import java.nio.ByteBuffer;
import java.nio.charset.CharacterCodingException;
import java.nio.charset.CodingErrorAction;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Optional;
import java.util.OptionalInt;
import java.util.function.IntPredicate;

/**
 * A text file as citations see it: its lines with every run of white space collapsed to one space
 * and the ends trimmed, so that re-indenting code or re-wrapping a quote is not a mismatch.
 */
public final class SourceText {

    /** Files larger than this are {@code unreadable}: a plan cites source, not data dumps. */
    public static final long MAX_BYTES = 5L * 1024 * 1024;

    private final List<String> lines;

    /** Every non-blank line, normalized, joined by one space: a wrapped quote is found across lines. */
    private final String joined;

    /** Where each line starts in {@link #joined}; -1 for a blank line. */
    private final int[] starts;

    /** The non-blank lines (1-based numbers) and their start offsets, ascending, for the reverse lookup. */
    private final int[] textLines;

    private final int[] textStarts;
    private final int textLineCount;

    private SourceText(List<String> lines) {
        this.lines = lines;
        this.starts = new int[lines.size()];
        this.textLines = new int[lines.size()];
        this.textStarts = new int[lines.size()];
        int count = 0;
        StringBuilder all = new StringBuilder();
        for (int i = 0; i < lines.size(); i++) {
            String line = lines.get(i);
            if (line.isEmpty()) {
                starts[i] = -1;
                continue;
            }
            if (all.length() > 0) {
                all.append(' ');
            }
            starts[i] = all.length();
            textLines[count] = i + 1;
            textStarts[count++] = all.length();
            all.append(line);
        }
        this.textLineCount = count;
        this.joined = all.toString();
    }

    /** The text of a file, or empty when it is not text (a NUL byte, or not UTF-8). */
    public static Optional<SourceText> decode(byte[] bytes) {
        int probe = Math.min(bytes.length, 8000);
        for (int i = 0; i < probe; i++) {
            if (bytes[i] == 0) {
                return Optional.empty();
            }
        }
        String text;
        try {
            text = StandardCharsets.UTF_8
                    .newDecoder()
                    .onMalformedInput(CodingErrorAction.REPORT)
                    .onUnmappableCharacter(CodingErrorAction.REPORT)
                    .decode(ByteBuffer.wrap(bytes))
                    .toString();
        } catch (CharacterCodingException e) {
            return Optional.empty();
        }
        List<String> lines = new ArrayList<>();
        int start = 0;
        for (int i = 0; i < text.length(); i++) {
            if (text.charAt(i) == '\n') {
                lines.add(normalize(text.substring(start, i)));
                start = i + 1;
            }
        }
        if (start < text.length()) {
            lines.add(normalize(text.substring(start)));
        }
        return Optional.of(new SourceText(lines));
    }

    public int lineCount() {
        return lines.size();
    }

    /** Collapses every run of white space to one space and trims both ends. */
    public static String normalize(String text) {
        return collapse(text, c -> Character.isWhitespace(c) || Character.isSpaceChar(c));
    }

    /** TEXT with every run of the characters SPACE matches as one space, and none at either end. */
    public static String collapse(String text, IntPredicate space) {
        StringBuilder out = new StringBuilder(text.length());
        boolean pending = false;
        for (int i = 0; i < text.length(); i++) {
            char c = text.charAt(i);
            if (space.test(c)) {
                pending = out.length() > 0;
            } else {
                if (pending) {
                    out.append(' ');
                    pending = false;
                }
                out.append(c);
            }
        }
        return out.toString();
    }

    /**
     * Whether the quote starts on this line (1-based). A quote longer than the rest of the line
     * continues over the following lines, as a wrapped statement does; a blank line never matches.
     */
    public boolean matchesAt(int line, String normalizedQuote) {
        if (line < 1 || line > lines.size() || normalizedQuote.isEmpty() || starts[line - 1] < 0) {
            return false;
        }
        int from = starts[line - 1];
        int at = joined.indexOf(normalizedQuote, from);
        return at >= 0 && at < from + lines.get(line - 1).length();
    }

    /** The line nearest to {@code line} where the quote starts (the earlier one on a tie), if any. */
    public OptionalInt nearest(int line, String normalizedQuote) {
        if (normalizedQuote.isEmpty()) {
            return OptionalInt.empty();
        }
        int best = -1;
        int at = joined.indexOf(normalizedQuote);
        while (at >= 0) {
            int found = lineAt(at);
            if (best < 0 || Math.abs(found - line) < Math.abs(best - line)) {
                best = found;
            } else if (found > line) {
                break; // occurrences only move further down from here
            }
            // One match a line is enough: go on from the start of the next line.
            int next = found < starts.length ? nextStart(found) : -1;
            at = next < 0 ? -1 : joined.indexOf(normalizedQuote, Math.max(at + 1, next));
        }
        return best < 0 ? OptionalInt.empty() : OptionalInt.of(best);
    }

    /** Where the first non-blank line after {@code line} (1-based) starts in {@link #joined}, or -1. */
    private int nextStart(int line) {
        int at = Arrays.binarySearch(textLines, 0, textLineCount, line);
        return at >= 0 && at + 1 < textLineCount ? textStarts[at + 1] : -1;
    }

    /** The 1-based line whose text holds of {@link #joined}. */
    private int lineAt(int offset) {
        int at = Arrays.binarySearch(textStarts, 0, textLineCount, offset);
        int index = at >= 0 ? at : -at - 2;
        return textLines[index];
    }
}
