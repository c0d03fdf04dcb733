package dev.wb.engine.json;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import java.nio.charset.StandardCharsets;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;
import org.junit.jupiter.params.provider.ValueSource;

/** The form every hash is computed over: one value, one spelling. */
class CanonicalJsonTest {

    private static String canonical(String json) {
        return new String(
                CanonicalJson.bytes(CanonicalJson.parse(json.getBytes(StandardCharsets.UTF_8))),
                StandardCharsets.UTF_8);
    }

    @ParameterizedTest
    @CsvSource(
            delimiter = '|',
            value = {
                "{\"b\": 1, \"a\": {\"d\": [3, 1], \"c\": null}} | {\"a\":{\"c\":null,\"d\":[3,1]},\"b\":1}",
                "{\"x\": 1.50}                               | {\"x\":1.5}",
                "{\"x\": 1e2}                                | {\"x\":100}",
                "{\"x\": 12345678901234567890123}            | {\"x\":12345678901234567890123}",
                "{\"é\": \"ü\", \"e\": \"\\u00fc\"}          | {\"e\":\"ü\",\"é\":\"ü\"}",
                "{\"t\": true, \"f\": false}                 | {\"f\":false,\"t\":true}",
            })
    void the_canonical_form_sorts_keys_drops_white_space_and_spells_numbers_one_way(String in, String out) {
        assertEquals(out, canonical(in));
    }

    @ParameterizedTest
    @ValueSource(strings = {"{\"a\":1,\"a\":2}", "{\"a\":", "[1,2", "{} {}", "", "nonsense"})
    void anything_that_is_not_one_json_document_is_refused(String json) {
        assertThrows(IllegalArgumentException.class, () -> CanonicalJson.parse(json.getBytes(StandardCharsets.UTF_8)));
    }

    @Test
    void canonical_bytes_read_back_give_the_same_bytes() {
        byte[] once = CanonicalJson.bytes(CanonicalJson.parseObject("{\"z\":[{\"b\":0.10,\"a\":-0}],\"y\":\"\\n\"}"));

        assertArrayEquals(once, CanonicalJson.bytes(CanonicalJson.parse(once)));
    }

    @Test
    void text_keeps_the_order_people_wrote() {
        assertEquals("{\"b\":1,\"a\":2}", CanonicalJson.text(CanonicalJson.parseObject("{\"b\":1,\"a\":2}"), false));
    }
}
