package dev.wb.engine.internal.chronicle;

import static org.junit.jupiter.api.Assertions.assertEquals;

import dev.wb.engine.StreamHead;
import java.util.Optional;
import java.util.Random;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.junit.jupiter.api.Test;

/** A head hint is read by hand; it accepts exactly the records the format's expression accepts. */
class HeadHintReadByHandAgreesWithItsFormatTest {

    private static final Pattern FORMAT = Pattern.compile("^(\\d{1,19}) (sha256:[0-9a-f]{64})\\n$");
    private static final String HASH = "sha256:" + "0123456789abcdef".repeat(4);

    private static Optional<StreamHead> byExpression(String text) {
        Matcher m = FORMAT.matcher(text);
        try {
            return m.matches() ? Optional.of(new StreamHead(Long.parseLong(m.group(1)), m.group(2))) : Optional.empty();
        } catch (NumberFormatException e) {
            return Optional.empty();
        }
    }

    @Test
    void a_record_as_written_reads_back_and_anything_else_reads_as_no_hint() {
        assertEquals(Optional.of(new StreamHead(41, HASH)), HeadHint.parse("41 " + HASH + "\n"));
        String[] refused = {
            "",
            "41 " + HASH,
            "41 " + HASH + "\n\n",
            "-1 " + HASH + "\n",
            " 41 " + HASH + "\n",
            "41  " + HASH + "\n",
            "41 " + HASH.toUpperCase(java.util.Locale.ROOT) + "\n",
            "41 sha1:" + "ab".repeat(32) + "\n",
            "4x " + HASH + "\n",
            "99999999999999999999 " + HASH + "\n",
            "41 " + HASH.substring(0, HASH.length() - 1) + "g\n",
        };
        for (String text : refused) {
            assertEquals(Optional.empty(), HeadHint.parse(text), text);
        }
    }

    @Test
    void the_hand_reading_agrees_with_the_expression_on_mangled_records() {
        Random random = new Random(7);
        String alphabet = "0123456789abcdefsha:: \nX-";
        for (int i = 0; i < 20_000; i++) {
            StringBuilder text = new StringBuilder(random.nextInt(1_000_000) + " " + HASH + "\n");
            for (int edits = random.nextInt(3); edits > 0; edits--) {
                int at = random.nextInt(text.length());
                char c = alphabet.charAt(random.nextInt(alphabet.length()));
                switch (random.nextInt(3)) {
                    case 0 -> text.setCharAt(at, c);
                    case 1 -> text.insert(at, c);
                    default -> text.deleteCharAt(at);
                }
            }
            assertEquals(byExpression(text.toString()), HeadHint.parse(text.toString()), text.toString());
        }
    }
}
