package dev.wb.commands.verify;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

class CappedOutputTest {

    @TempDir
    Path tmp;

    @ParameterizedTest
    @CsvSource({
            "0, 0, 0, 0",
            "10, 10, 0, 0",
            "1500, 1500, 0, 0",
            "1501, 1500, 1, 0",
            "4000, 1500, 2500, 0",
            "4001, 1500, 2500, 1",
            "10000, 1500, 2500, 6000"})
    void the_head_and_tail_are_kept_and_the_middle_counted(int length, int head, int tail, long omitted) {
        String text = digits(length);

        CappedOutput output = CappedOutput.of(text);

        assertEquals(text.substring(0, head), output.head());
        assertEquals(text.substring(length - tail), output.tail());
        assertEquals(omitted, output.omittedChars());
    }

    @Test
    void output_that_fits_renders_as_itself() {
        String text = digits(4000);

        assertEquals(text, CappedOutput.of(text).render());
    }

    @Test
    void a_capped_output_renders_with_the_omitted_count_between_head_and_tail() {
        CappedOutput output = CappedOutput.of("H".repeat(1500) + "m".repeat(123) + "T".repeat(2500));

        assertEquals("H".repeat(1500) + "\n… [123 characters omitted] …\n" + "T".repeat(2500), output.render());
    }

    @Test
    void characters_are_code_points_so_no_emoji_is_cut_in_half() throws IOException {
        // Given 5,000 emoji, each two UTF-16 chars and four UTF-8 bytes
        Path file = Files.writeString(tmp.resolve("out"), "🙂".repeat(5000));

        CappedOutput output = CappedOutput.of(file);

        assertEquals("🙂".repeat(1500), output.head());
        assertEquals("🙂".repeat(2500), output.tail());
        assertEquals(1000, output.omittedChars());
    }

    @Test
    void bytes_that_are_not_utf8_read_as_replacement_characters() throws IOException {
        Path file = Files.write(tmp.resolve("out"), new byte[] {'o', 'k', (byte) 0xff, (byte) 0xc3, '!'});

        assertEquals("ok\uFFFD\uFFFD!", CappedOutput.of(file).render());
    }

    @Test
    void a_file_is_read_the_same_as_its_text() throws IOException {
        String text = "é".repeat(3000) + "x".repeat(3000);
        Path file = Files.write(tmp.resolve("out"), text.getBytes(StandardCharsets.UTF_8));

        assertEquals(CappedOutput.of(text), CappedOutput.of(file));
        assertTrue(CappedOutput.of(file).tail().endsWith("x"));
    }

    private static String digits(int length) {
        StringBuilder text = new StringBuilder();
        for (int i = 0; i < length; i++) {
            text.append((char) ('0' + i % 10));
        }
        return text.toString();
    }
}
