package dev.wb.commands.process;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
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
        "10000, 1500, 2500, 6000"
    })
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

    static final String SECRET = "SuperSecretValue0123456789";

    /** Every piece of the secret of five characters or more that the text still shows. */
    static List<String> pieces(String text, String secret) {
        List<String> found = new ArrayList<>();
        for (int from = 0; from + 5 <= secret.length(); from++) {
            for (int to = from + 5; to <= secret.length(); to++) {
                if (text.contains(secret.substring(from, to))) {
                    found.add(secret.substring(from, to));
                }
            }
        }
        return found;
    }

    @Test
    void a_secret_crossing_either_cut_leaves_no_piece_of_itself_wherever_it_stands() throws IOException {
        Redactor redactor = Redactor.of(List.of(SECRET));
        int length = 12_000;
        List<Integer> starts = new ArrayList<>();
        for (int at = CappedOutput.HEAD_CHARS - SECRET.length() - 2; at <= CappedOutput.HEAD_CHARS + 2; at++) {
            starts.add(at);
        }
        for (int at = length - CappedOutput.TAIL_CHARS - SECRET.length() - 2;
                at <= length - CappedOutput.TAIL_CHARS + 2;
                at++) {
            starts.add(at);
        }
        for (int at : starts) {
            String text = "a".repeat(at) + SECRET + "b".repeat(length - at - SECRET.length());

            CappedOutput output = CappedOutput.of(text, redactor);

            assertEquals(List.of(), pieces(output.render(), SECRET), "secret at " + at + ": " + output.render());
            assertTrue(output.head().length() <= CappedOutput.HEAD_CHARS, "at " + at);
            assertTrue(output.tail().length() <= CappedOutput.TAIL_CHARS, "at " + at);
        }
        Path file = Files.writeString(tmp.resolve("out"), "a".repeat(1_490) + SECRET + "b".repeat(8_000));
        assertEquals(List.of(), pieces(CappedOutput.of(file, redactor).render(), SECRET));
    }

    @Test
    void many_long_secrets_in_the_head_do_not_pull_a_cut_secret_into_it() {
        String other = "another-secret-that-is-long-".repeat(8);
        Redactor redactor = Redactor.of(List.of(SECRET, other));
        StringBuilder text = new StringBuilder();
        while (text.length() < CappedOutput.HEAD_CHARS + redactor.reach() - 10 - other.length()) {
            text.append(other);
        }
        text.append("x".repeat(CappedOutput.HEAD_CHARS + redactor.reach() - 10 - text.length()));
        text.append(SECRET).append("c".repeat(20_000));

        String shown = CappedOutput.of(text.toString(), redactor).render();

        assertEquals(List.of(), pieces(shown, SECRET), shown);
        assertFalse(shown.contains("another-secret"), "the known values are gone");
    }

    @Test
    void a_private_key_cut_by_the_tail_is_redacted_to_its_end() {
        String body = "MIIEowIBAAKCAQEA".repeat(2_000);
        String text = "start\n-----BEGIN RSA PRIVATE KEY-----\n" + body + "\n-----END RSA PRIVATE KEY-----\nTHE-END";

        String shown = CappedOutput.of(text, Redactor.of(List.of())).render();

        assertFalse(shown.contains("MIIEowIBAAKC"), shown);
        assertTrue(
                shown.startsWith("start\n[redacted]\n… [") && shown.endsWith("omitted] …\n[redacted]\nTHE-END"), shown);
    }

    @Test
    void a_short_output_is_redacted_whole_and_renders_as_itself_otherwise() {
        Redactor redactor = Redactor.of(List.of(SECRET));

        CappedOutput output = CappedOutput.of("token " + SECRET + " ok\n", redactor);

        assertEquals("token [redacted] ok\n", output.render());
        assertEquals(0, output.omittedChars());
        for (int length : new int[] {9_000, 20_000}) {
            assertEquals(
                    CappedOutput.of(digits(length)),
                    CappedOutput.of(digits(length), redactor),
                    "text without secrets keeps the same head, tail and count: " + length);
        }
    }
}
