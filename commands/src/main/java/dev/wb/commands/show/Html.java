package dev.wb.commands.show;

import com.google.common.escape.Escaper;
import com.google.common.html.HtmlEscapers;
import java.io.IOException;
import java.io.OutputStream;
import java.nio.charset.StandardCharsets;

/**
 * The page as it is written: one {@link StringBuilder}, every text and attribute value escaped with
 * Guava's {@link HtmlEscapers} (tag and attribute names are wb's own constants). Nothing a payload
 * holds is ever appended raw. A page held whole ({@link #Html(int)}) or written to a file as it is made
 * ({@link #to}), a piece at a time.
 */
final class Html {

    private static final Escaper ESCAPER = HtmlEscapers.htmlEscaper();
    /** About how much of a page written as it is made is held before it is written out. */
    private static final int PIECE = 64 * 1024;

    private final StringBuilder out;
    /** Where a page written as it is made goes; null for a page held whole. */
    private final OutputStream sink;

    Html(int capacity) {
        this.out = new StringBuilder(capacity);
        this.sink = null;
    }

    private Html(OutputStream sink) {
        this.out = new StringBuilder(PIECE + PIECE / 4);
        this.sink = sink;
    }

    /** A page written to {@code sink} as it is made, never held whole; {@link #flush} writes its end. */
    static Html to(OutputStream sink) {
        return new Html(sink);
    }

    /** The sink of a page written as it is made failed: the file cannot be written. */
    static final class Unwritable extends RuntimeException {
        Unwritable(IOException cause) {
            super(cause.getMessage(), cause);
        }

        @Override
        public synchronized IOException getCause() {
            return (IOException) super.getCause();
        }
    }

    /**
     * A stream of ASCII bytes appended to the page as its characters: a page written as it is made writes
     * what it holds, then the bytes straight out as they come. Nothing else is appended to the page until
     * the stream's last byte is written.
     *
     * @throws Unwritable from the stream's writes when the sink fails
     */
    OutputStream ascii() {
        if (sink == null) {
            return new OutputStream() {
                @Override
                public void write(int b) {
                    out.append((char) (b & 0xff));
                }

                @Override
                public void write(byte[] bytes, int offset, int length) {
                    out.append(new String(bytes, offset, length, StandardCharsets.ISO_8859_1));
                }
            };
        }
        flush();
        return new OutputStream() {
            @Override
            public void write(int b) {
                write(new byte[] {(byte) b}, 0, 1);
            }

            @Override
            public void write(byte[] bytes, int offset, int length) {
                try {
                    sink.write(bytes, offset, length);
                } catch (IOException e) {
                    throw new Unwritable(e);
                }
            }
        };
    }

    /** Writes out what a page written as it is made holds once it holds a piece. */
    void spill() {
        if (sink != null && out.length() >= PIECE) {
            flush();
        }
    }

    /**
     * Writes out all that a page written as it is made holds, in UTF-8 (a page is ASCII: the bytes are
     * its characters), but a first half of a surrogate pair, which waits for its second.
     *
     * @throws Unwritable when the sink fails
     */
    void flush() {
        if (sink == null) {
            return;
        }
        int end = out.length();
        if (end > 0 && Character.isHighSurrogate(out.charAt(end - 1))) {
            end--;
        }
        try {
            sink.write(out.substring(0, end).getBytes(StandardCharsets.UTF_8));
        } catch (IOException e) {
            throw new Unwritable(e);
        }
        out.delete(0, end);
    }

    /**
     * Text or an attribute value as markup: Guava's escapes, and every character beyond ASCII as a numeric
     * character reference (an em dash as ampersand, {@code #x2014;}), which a browser reads as the character
     * itself. So a page is ASCII from its first byte to its last, and its builder never widens to two bytes
     * a character (what a single em dash in a title did to a 6 MB page).
     */
    static String escape(String text) {
        String escaped = ESCAPER.escape(text);
        int first = firstBeyondAscii(escaped);
        if (first < 0) {
            return escaped;
        }
        StringBuilder out = new StringBuilder(escaped.length() + 16).append(escaped, 0, first);
        escaped.codePoints().skip(escaped.codePointCount(0, first)).forEach(c -> {
            if (c < 0x80) {
                out.append((char) c);
            } else {
                out.append("&#x").append(Integer.toHexString(c)).append(';');
            }
        });
        return out.toString();
    }

    private static int firstBeyondAscii(String text) {
        for (int i = 0; i < text.length(); i++) {
            if (text.charAt(i) >= 0x80) {
                return i;
            }
        }
        return -1;
    }

    /** Markup of wb's own (a constant): appended as it is. */
    Html raw(String markup) {
        out.append(markup);
        spill();
        return this;
    }

    /** Text, escaped. */
    Html text(String text) {
        out.append(escape(text));
        spill();
        return this;
    }

    Html number(long value) {
        out.append(value);
        return this;
    }

    /** {@code <tag name="value" …>}: names and values in pairs, each value escaped. */
    Html open(String tag, String... attributes) {
        out.append('<').append(tag);
        for (int i = 0; i + 1 < attributes.length; i += 2) {
            out.append(' ')
                    .append(attributes[i])
                    .append("=\"")
                    .append(escape(attributes[i + 1]))
                    .append('"');
        }
        out.append('>');
        return this;
    }

    Html close(String tag) {
        out.append("</").append(tag).append('>');
        spill();
        return this;
    }

    /** An element holding only text: {@code <tag …>text</tag>}. */
    Html element(String tag, String text, String... attributes) {
        return open(tag, attributes).text(text).close(tag);
    }

    /** A badge whose class says its tone: {@code <span class="badge verdict-pass">pass</span>}. */
    Html badge(String prefix, String word) {
        return element("span", word, "class", "badge " + prefix + "-" + cssWord(word));
    }

    /** A button that opens event {@code n} on the timeline (not itself one of the timeline's events). */
    Html goTo(long n) {
        return open("button", "type", "button", "class", "goto", "data-show-event", Long.toString(n))
                .raw("#")
                .number(n)
                .close("button");
    }

    /** A word as a class name: letters, digits, {@code -} and {@code _} only, lower case. */
    static String cssWord(String word) {
        StringBuilder css = new StringBuilder(word.length());
        for (int i = 0; i < word.length(); i++) {
            char c = Character.toLowerCase(word.charAt(i));
            css.append((c >= 'a' && c <= 'z') || (c >= '0' && c <= '9') || c == '_' || c == '-' ? c : '_');
        }
        return css.toString();
    }

    /** A table row of text cells. */
    Html row(String... cells) {
        out.append("<tr>");
        for (String cell : cells) {
            element("td", cell);
        }
        out.append("</tr>");
        return this;
    }

    @Override
    public String toString() {
        return out.toString();
    }
}
