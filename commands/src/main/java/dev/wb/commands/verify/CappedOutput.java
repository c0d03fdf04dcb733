package dev.wb.commands.verify;

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
        try (Reader reader = new InputStreamReader(Files.newInputStream(file), StandardCharsets.UTF_8.newDecoder()
                .onMalformedInput(CodingErrorAction.REPLACE).onUnmappableCharacter(CodingErrorAction.REPLACE))) {
            return read(reader);
        }
    }

    public static CappedOutput of(String text) {
        try {
            return read(new StringReader(text));
        } catch (IOException e) {
            throw new IllegalStateException("a string cannot fail to read", e);
        }
    }

    /** The output as a person reads it, the omitted middle marked. */
    public String render() {
        return omittedChars == 0 ? head + tail : head + "\n… [" + omittedChars + " characters omitted] …\n" + tail;
    }

    private static CappedOutput read(Reader reader) throws IOException {
        Keeper keeper = new Keeper();
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
        return keeper.result();
    }

    /** The head as it comes, then a ring of the last code points after it. */
    private static final class Keeper {
        private final StringBuilder head = new StringBuilder();
        private final int[] ring = new int[TAIL_CHARS];
        private int headCount;
        private long afterHead;

        void add(int codePoint) {
            if (headCount < HEAD_CHARS) {
                head.appendCodePoint(codePoint);
                headCount++;
            } else {
                ring[(int) (afterHead % TAIL_CHARS)] = codePoint;
                afterHead++;
            }
        }

        CappedOutput result() {
            long kept = Math.min(afterHead, TAIL_CHARS);
            StringBuilder tail = new StringBuilder();
            for (long k = afterHead - kept; k < afterHead; k++) {
                tail.appendCodePoint(ring[(int) (k % TAIL_CHARS)]);
            }
            return new CappedOutput(head.toString(), tail.toString(), afterHead - kept);
        }
    }
}
