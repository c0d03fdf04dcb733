package dev.wb.commands.show;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.OutputStream;
import java.nio.charset.StandardCharsets;
import org.junit.jupiter.api.Test;

class ScriptJsonTest {

    private static String escaped(String json) {
        StringBuilder out = new StringBuilder();
        ScriptJson.appendEscaped(out, json);
        return out.toString();
    }

    @Test
    void every_character_that_could_close_the_script_is_escaped_wherever_it_stands() {
        assertEquals(
                "{\"a\":\"\\u003c/script\\u003e \\u0026 \\u2028\\u2029 \\u003c!--\"}",
                escaped("{\"a\":\"</script> & \u2028\u2029 <!--\"}"));
        assertEquals("\\u003c\\u003c\\u003e", escaped("<<>"));
        assertEquals("x\\u0026", escaped("x&"));
    }

    @Test
    void json_written_in_pieces_is_escaped_as_the_whole_of_it_is() throws IOException {
        String json = "{\"a\":\"</script> & \\u2028\\u2029 <!--\",\"b\":\"plain\",\"c\":\"<<>>&&\"}";
        byte[] bytes = json.getBytes(StandardCharsets.US_ASCII);
        for (int piece = 1; piece <= bytes.length; piece++) {
            ByteArrayOutputStream out = new ByteArrayOutputStream();
            out.write("before ".getBytes(StandardCharsets.US_ASCII));
            try (OutputStream escaping = ScriptJson.escaping(out)) {
                for (int at = 0; at < bytes.length; at += piece) {
                    int end = Math.min(bytes.length, at + piece);
                    if (piece == 1) {
                        escaping.write(bytes[at]);
                    } else {
                        escaping.write(bytes, at, end - at);
                    }
                }
            }
            assertEquals("before " + escaped(json), out.toString(StandardCharsets.US_ASCII), "in pieces of " + piece);
        }
    }

    @Test
    void a_byte_beyond_ascii_is_refused_not_passed_on_unescaped() {
        OutputStream escaping = ScriptJson.escaping(new ByteArrayOutputStream());
        assertThrows(IllegalStateException.class, () -> escaping.write("\u2028".getBytes(StandardCharsets.UTF_8)));
    }

    @Test
    void json_without_those_characters_is_appended_as_it_is() {
        String json = "{\"n\":1,\"payload\":{\"cmd\":\"make -s test\"}}";
        assertEquals(json, escaped(json));
        assertEquals("", escaped(""));
    }
}
