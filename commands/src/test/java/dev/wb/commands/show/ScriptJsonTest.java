package dev.wb.commands.show;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.io.IOException;
import java.io.Writer;
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
        String json = "{\"a\":\"</script> & \u2028\u2029 <!--\",\"b\":\"plain\",\"c\":\"<<>>&&\"}";
        for (int piece = 1; piece <= json.length(); piece++) {
            Html out = new Html(16).raw("before ");
            try (Writer writer = ScriptJson.into(out)) {
                for (int at = 0; at < json.length(); at += piece) {
                    int end = Math.min(json.length(), at + piece);
                    if (piece % 2 == 0) {
                        writer.write(json.toCharArray(), at, end - at);
                    } else {
                        writer.write(json, at, end - at);
                    }
                }
            }
            assertEquals("before " + escaped(json), out.toString(), "in pieces of " + piece);
        }
    }

    @Test
    void json_without_those_characters_is_appended_as_it_is() {
        String json = "{\"n\":1,\"payload\":{\"cmd\":\"make -s test\"}}";
        assertEquals(json, escaped(json));
        assertEquals("", escaped(""));
    }
}
