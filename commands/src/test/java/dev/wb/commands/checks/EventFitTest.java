package dev.wb.commands.checks;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.wb.engine.json.CanonicalJson;
import org.junit.jupiter.api.Test;

/** Payloads too large for the log come out under the limit, every cut marked, what fits untouched. */
class EventFitTest {

    @Test
    void a_payload_that_fits_is_returned_as_it_is() {
        ObjectNode p = CanonicalJson.objectNode().put("verdict", "pass").put("text", "x".repeat(1_000));

        assertSame(p, EventFit.fit(p));
    }

    @Test
    void long_texts_anywhere_are_shortened_alike_keeping_both_ends_and_saying_how_much_went() {
        ObjectNode p = CanonicalJson.objectNode().put("verdict", "fail");
        ArrayNode lines = p.putArray("lines");
        for (int i = 0; i < 12; i++) {
            lines.addObject().put("subject", "checks").put("text", "START-" + i + "-" + "y".repeat(20_000) + "-END");
        }
        p.putArray("argv").add("sh").add("-c").add("z".repeat(50_000));

        ObjectNode fitted = EventFit.fit(p);

        assertTrue(EventFit.size(fitted) <= EventFit.MAX_PAYLOAD_BYTES, "fits: " + EventFit.size(fitted));
        assertTrue(EventFit.size(fitted) > EventFit.MAX_PAYLOAD_BYTES * 9 / 10, "keeps as much as fits");
        assertEquals("fail", fitted.get("verdict").asText());
        assertEquals("sh", fitted.get("argv").get(0).asText());
        String text = fitted.get("lines").get(11).get("text").asText();
        assertTrue(text.startsWith("START-11-yyy") && text.endsWith("yyy-END"), text);
        assertTrue(text.matches("(?s).*… \\[\\d+ characters omitted] ….*"), text);
        assertTrue(fitted.get("argv").get(2).asText().contains("characters omitted"));
        assertEquals(20_013, p.get("lines").get(11).get("text").asText().length(), "the original is left whole");
    }

    @Test
    void too_many_items_for_any_text_length_drop_from_the_largest_array_and_say_so() {
        ObjectNode p = CanonicalJson.objectNode().put("verdict", "pass");
        ArrayNode commands = p.putArray("commands");
        for (int i = 0; i < 5_000; i++) {
            commands.addObject().put("set", "s").put("outcome", "passed").put("output", "ok " + i);
        }

        ObjectNode fitted = EventFit.fit(p);

        assertTrue(EventFit.size(fitted) <= EventFit.MAX_PAYLOAD_BYTES);
        int kept = fitted.get("commands").size();
        assertTrue(kept > 100 && kept < 5_000, "kept " + kept);
        assertEquals(
                5_000 - kept, fitted.get(EventFit.TRUNCATED).get("/commands").asInt());
        assertEquals("ok 0", fitted.get("commands").get(0).get("output").asText(), "the first items stay");
    }

    @Test
    void a_shortened_text_never_splits_a_character_in_two() {
        String text = "😀".repeat(1_000);

        String shortened = EventFit.shorten(text, 100);

        assertTrue(shortened.codePoints().noneMatch(c -> Character.isSurrogate((char) c)), shortened);
        assertTrue(shortened.startsWith("😀") && shortened.endsWith("😀"));
    }
}
