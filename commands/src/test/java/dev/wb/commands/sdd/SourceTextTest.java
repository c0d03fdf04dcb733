package dev.wb.commands.sdd;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.charset.StandardCharsets;
import java.util.OptionalInt;
import org.junit.jupiter.api.Test;

class SourceTextTest {

    private static SourceText text(String content) {
        return SourceText.decode(content.getBytes(StandardCharsets.UTF_8)).orElseThrow();
    }

    @Test
    void runs_of_white_space_collapse_on_both_sides() {
        SourceText source = text("def  charge(amount,\t currency):\n");

        assertTrue(source.matchesAt(1, SourceText.normalize("def charge(amount,   currency):")));
    }

    @Test
    void a_quote_that_is_part_of_the_line_matches() {
        assertTrue(text("    return total * rate  # net\n").matchesAt(1, "total * rate"));
    }

    @Test
    void a_blank_line_never_matches_even_a_blank_looking_quote() {
        SourceText source = text("a\n\n   \nb\n");

        assertFalse(source.matchesAt(2, SourceText.normalize("   ")));
        assertFalse(source.matchesAt(3, ""));
        assertEquals(OptionalInt.empty(), source.nearest(2, ""));
    }

    @Test
    void a_wrapped_statement_matches_at_the_line_it_starts_on() {
        SourceText source = text("total = (price * qty +\n         shipping)\nprint(total)\n");
        String quote = SourceText.normalize("total = (price * qty + shipping)");

        assertTrue(source.matchesAt(1, quote));
        assertFalse(source.matchesAt(2, quote), "the quote starts on line 1, not 2");
    }

    @Test
    void a_wrapped_quote_skips_blank_lines_between_its_parts() {
        assertTrue(text("call(a,\n\n   b)\n").matchesAt(1, "call(a, b)"));
    }

    @Test
    void nearest_prefers_the_closest_line_and_the_earlier_one_on_a_tie() {
        SourceText source = text("x = 1\nfoo\ny\nfoo\nz\n");

        assertEquals(OptionalInt.of(2), source.nearest(3, "foo"));
        assertEquals(OptionalInt.of(4), source.nearest(5, "foo"));
        assertEquals(OptionalInt.of(2), source.nearest(1, "foo"));
    }

    @Test
    void lines_are_counted_without_a_phantom_line_after_the_last_newline() {
        assertEquals(2, text("a\nb\n").lineCount());
        assertEquals(2, text("a\nb").lineCount());
        assertEquals(0, text("").lineCount());
    }

    @Test
    void crlf_files_read_like_lf_files() {
        assertTrue(text("first\r\nsecond line\r\n").matchesAt(2, "second line"));
    }

    @Test
    void a_nul_byte_or_invalid_utf8_is_not_text() {
        assertTrue(SourceText.decode(new byte[] {'a', 0, 'b'}).isEmpty());
        assertTrue(SourceText.decode(new byte[] {'a', (byte) 0xC3, '('}).isEmpty());
    }

    @Test
    void lines_outside_the_file_never_match() {
        SourceText source = text("only\n");

        assertFalse(source.matchesAt(0, "only"));
        assertFalse(source.matchesAt(2, "only"));
    }
}
