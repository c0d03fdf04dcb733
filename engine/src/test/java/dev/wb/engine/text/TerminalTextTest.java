package dev.wb.engine.text;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertSame;

import java.util.Optional;
import java.util.OptionalInt;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

class TerminalTextTest {

    @Test
    void a_line_that_repaints_itself_is_shown_with_its_escapes() {
        String hostile = "sh -c 'touch /tmp/x' #\r\033[2K  1. make -s check";

        assertEquals("sh -c 'touch /tmp/x' #\\r\\x1b[2K  1. make -s check", TerminalText.escape(hostile));
    }

    @Test
    void plain_text_is_returned_unchanged_including_backslashes_and_letters_beyond_ascii() {
        String plain = "pytest -q tests\\unit \"C:/Program Files\" café 日本 ✓";

        assertSame(plain, TerminalText.escape(plain));
        assertFalse(TerminalText.hasControl(plain));
    }

    @ParameterizedTest(name = "{1}")
    @CsvSource({
        "10, \\n",
        "9, \\t",
        "0, \\x00",
        "127, \\x7f",
        "155, \\x9b", // C1 CSI: a one-byte escape sequence on some terminals
        "8238, \\u202e", // right-to-left override
        "8297, \\u2069", // pop directional isolate
        "8203, \\u200b", // zero-width space
        "8232, \\u2028", // line separator
        "65279, \\ufeff", // byte order mark
        "917569, \\U000e0041", // tag letter A: invisible on every terminal
    })
    void each_kind_of_control_character_is_escaped(int codePoint, String shown) {
        String text = "a" + Character.toString(codePoint) + "b";

        assertEquals("a" + shown + "b", TerminalText.escape(text));
        assertEquals(OptionalInt.of(1), TerminalText.firstControl(text));
    }

    @Test
    void a_lone_surrogate_is_escaped_rather_than_thrown_on() {
        assertEquals("x\\ud800y", TerminalText.escape("x\ud800y"));
    }

    @Test
    void the_first_control_character_is_named_with_its_position_from_one() {
        assertEquals(
                Optional.of("a control character (\\r) at character 5"),
                TerminalText.describeFirstControl("make\r\033[2K"));
        assertEquals(Optional.empty(), TerminalText.describeFirstControl("make -s check"));
    }
}
