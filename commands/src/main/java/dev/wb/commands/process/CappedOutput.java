package dev.wb.commands.process;

import java.io.IOException;
import java.io.InputStreamReader;
import java.io.Reader;
import java.io.StringReader;
import java.nio.charset.CodingErrorAction;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;

/**
 * A command's output as an event keeps it: the first {@value #HEAD_CHARS} and the last
 * {@value #TAIL_CHARS} characters, and how many were left out between them. Failures live at the end
 * (the assertion, the summary line), context at the start (what ran, which versions); the whole output
 * is stored by digest beside it. Characters are Unicode code points, so a cut never splits one; bytes
 * that are not UTF-8 read as U+FFFD rather than failing the run's record.
 *
 * <p>When nothing was omitted, head and tail are the output's two consecutive parts and
 * {@link #render()} is the output itself. Otherwise render puts the marker
 * {@code "\n… [N characters omitted] …\n"} between them, N in plain digits.
 *
 * <p>Given a {@link Redactor}, the output is redacted before it is cut, never after: a secret that
 * crosses a cut would otherwise keep its visible part. The head and the tail are read
 * {@link Redactor#reach()} characters further than they keep, redacted, and cut only then; the
 * characters next to the middle that could hold a secret the window did not hold whole (those after the
 * head window's last mark and within reach of its edge; the tail's mirrored) go with the middle. With
 * redaction N counts the characters left out of the redacted text.
 */
public record CappedOutput(String head, String tail, long omittedChars) {

    public static final int HEAD_CHARS = 1_500;
    public static final int TAIL_CHARS = 2_500;
    public static final CappedOutput EMPTY = new CappedOutput("", "", 0);

    public CappedOutput {
        if (omittedChars < 0) {
            throw new IllegalArgumentException("omittedChars is negative: " + omittedChars);
        }
    }

    /** Reads the file streamed, never holding more than the kept characters. */
    public static CappedOutput of(Path file) throws IOException {
        try (Reader reader = reader(file)) {
            return read(reader, 0).result();
        }
    }

    /** The file's output redacted, then capped: no secret the redactor finds survives, whole or cut. */
    public static CappedOutput of(Path file, Redactor redactor) throws IOException {
        try (Reader reader = reader(file)) {
            return read(reader, redactor.reach()).redacted(redactor);
        }
    }

    public static CappedOutput of(String text) {
        return of(new StringReader(text), 0).result();
    }

    /** The text redacted, then capped, as {@link #of(Path, Redactor)} does it. */
    public static CappedOutput of(String text, Redactor redactor) {
        return of(new StringReader(text), redactor.reach()).redacted(redactor);
    }

    private static Keeper of(StringReader reader, int margin) {
        try {
            return read(reader, margin);
        } catch (IOException e) {
            throw new IllegalStateException("a string cannot fail to read", e);
        }
    }

    private static Reader reader(Path file) throws IOException {
        return new InputStreamReader(
                Files.newInputStream(file),
                StandardCharsets.UTF_8
                        .newDecoder()
                        .onMalformedInput(CodingErrorAction.REPLACE)
                        .onUnmappableCharacter(CodingErrorAction.REPLACE));
    }

    /** The output as a person reads it, the omitted middle marked. */
    public String render() {
        return omittedChars == 0 ? head + tail : head + "\n… [" + omittedChars + " characters omitted] …\n" + tail;
    }

    private static Keeper read(Reader reader, int margin) throws IOException {
        Keeper keeper = new Keeper(HEAD_CHARS + margin, TAIL_CHARS + margin);
        char[] buffer = new char[16 * 1024];
        int pendingHigh = -1;
        for (int n = reader.read(buffer); n >= 0; n = reader.read(buffer)) {
            for (int i = 0; i < n; i++) {
                char c = buffer[i];
                if (pendingHigh >= 0 && Character.isLowSurrogate(c)) {
                    keeper.add(Character.toCodePoint((char) pendingHigh, c));
                    pendingHigh = -1;
                    continue;
                }
                if (pendingHigh >= 0) {
                    keeper.add(pendingHigh);
                    pendingHigh = -1;
                }
                if (Character.isHighSurrogate(c)) {
                    pendingHigh = c; // its low half may be in the next buffer
                } else {
                    keeper.add(c);
                }
            }
        }
        if (pendingHigh >= 0) {
            keeper.add(pendingHigh);
        }
        return keeper;
    }

    /** The first {@code n} code points of {@code text} (all of them when it has fewer). */
    private static String first(String text, int n) {
        int count = text.codePointCount(0, text.length());
        return n >= count ? text : text.substring(0, text.offsetByCodePoints(0, Math.max(0, n)));
    }

    /** The last {@code n} code points of {@code text} (all of them when it has fewer). */
    private static String last(String text, int n) {
        int count = text.codePointCount(0, text.length());
        return n >= count ? text : text.substring(text.offsetByCodePoints(0, count - Math.max(0, n)));
    }

    private static int length(String text) {
        return text.codePointCount(0, text.length());
    }

    /** The head as it comes, then a ring of the last code points after it. */
    private static final class Keeper {
        private final int headLimit;
        private final int ringSize;
        private final StringBuilder head = new StringBuilder();
        private final int[] ring;
        private int headCount;
        private long afterHead;

        Keeper(int headLimit, int ringSize) {
            this.headLimit = headLimit;
            this.ringSize = ringSize;
            this.ring = new int[ringSize];
        }

        void add(int codePoint) {
            if (headCount < headLimit) {
                head.appendCodePoint(codePoint);
                headCount++;
            } else {
                ring[(int) (afterHead % ringSize)] = codePoint;
                afterHead++;
            }
        }

        private String tail() {
            long kept = Math.min(afterHead, ringSize);
            StringBuilder tail = new StringBuilder();
            for (long k = afterHead - kept; k < afterHead; k++) {
                tail.appendCodePoint(ring[(int) (k % ringSize)]);
            }
            return tail.toString();
        }

        /** Capped as read, nothing redacted (head and ring hold exactly the kept characters). */
        CappedOutput result() {
            return new CappedOutput(head.toString(), tail(), afterHead - Math.min(afterHead, ringSize));
        }

        /**
         * Redacted, then capped. When the whole output was held it is redacted whole and capped after;
         * otherwise head and tail windows are redacted apart and each gives up the {@code margin}
         * characters next to the cut, where a secret the window could not hold whole would lie.
         */
        CappedOutput redacted(Redactor redactor) {
            if (afterHead <= ringSize) {
                String whole = redactor.redact(head + tail());
                String keptHead = first(whole, HEAD_CHARS);
                String rest = whole.substring(keptHead.length());
                String keptTail = last(rest, TAIL_CHARS);
                return new CappedOutput(keptHead, keptTail, length(rest) - length(keptTail));
            }
            int margin = headLimit - HEAD_CHARS;
            String headWindow = redactor.redact(head.toString());
            String tailWindow = redactor.redactCutBefore(tail());
            // A secret the head window could not hold whole ends it, after its last mark and within its
            // last `margin` characters: the head ends before both. The tail's begins it, mirrored.
            int lastMark = headWindow.lastIndexOf(Redactor.MARK);
            int safeEnd = Math.max(
                    length(headWindow) - margin,
                    lastMark < 0 ? 0 : headWindow.codePointCount(0, lastMark + Redactor.MARK.length()));
            String keptHead = first(headWindow, Math.min(HEAD_CHARS, safeEnd));
            int firstMark = tailWindow.indexOf(Redactor.MARK);
            int safeStart =
                    Math.min(margin, firstMark < 0 ? length(tailWindow) : tailWindow.codePointCount(0, firstMark));
            String keptTail = last(tailWindow, Math.min(TAIL_CHARS, length(tailWindow) - safeStart));
            long omitted = (afterHead - ringSize)
                    + (length(headWindow) - length(keptHead))
                    + (length(tailWindow) - length(keptTail));
            return new CappedOutput(keptHead, keptTail, omitted);
        }
    }
}
