package dev.wb.projections.events;

import static org.junit.jupiter.api.Assertions.assertEquals;

import dev.wb.engine.EventEnvelope;
import dev.wb.engine.TestEvents;
import dev.wb.engine.json.CanonicalJson;
import dev.wb.projections.status.StageEvents;
import java.nio.charset.StandardCharsets;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

/** Reading only the named fields of a payload gives what the whole tree gives for them, and nothing else. */
class PayloadFieldsTest {

    static EventEnvelope event(Map<String, ?> payload) {
        return StageEvents.sealed(TestEvents.event("test.noted", payload)).get(0);
    }

    @Test
    void named_scalars_are_kept_and_everything_else_is_skipped() {
        EventEnvelope event = event(Map.of(
                "verdict",
                "pass",
                "durationMs",
                1234,
                "passed",
                true,
                "head",
                "x".repeat(5000),
                "nested",
                Map.of("verdict", "not this one"),
                "list",
                List.of(1, 2, 3)));

        assertEquals(
                CanonicalJson.parse(
                        "{\"durationMs\":1234,\"passed\":true,\"verdict\":\"pass\"}".getBytes(StandardCharsets.UTF_8)),
                PayloadFields.of("verdict", "durationMs", "passed", "absent").read(event));
    }

    @Test
    void named_fields_of_each_object_in_an_array_are_kept_in_order() {
        EventEnvelope event = event(Map.of(
                "citations",
                List.of(
                        Map.of("index", 0, "file", "a.py", "verdict", "ok"),
                        "not an object",
                        Map.of("index", 1, "file", "b.py", "verdict", "moved", "at", Map.of("line", 3)))));

        assertEquals(
                CanonicalJson.parse("{\"citations\":[{\"verdict\":\"ok\"},{\"verdict\":\"moved\"}]}"
                        .getBytes(StandardCharsets.UTF_8)),
                PayloadFields.of("citations[].verdict").read(event));
    }

    @Test
    void a_field_named_as_a_scalar_that_holds_an_object_is_left_out() {
        EventEnvelope event = event(Map.of("base", Map.of("ref", "main"), "verdict", "pass"));

        assertEquals(
                CanonicalJson.parse("{\"verdict\":\"pass\"}".getBytes(StandardCharsets.UTF_8)),
                PayloadFields.of("base", "verdict").read(event));
    }
}
