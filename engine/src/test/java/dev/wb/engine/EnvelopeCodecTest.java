package dev.wb.engine;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import java.time.Instant;
import java.time.format.DateTimeParseException;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.regex.Pattern;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/** The fast paths of the codec must say exactly what the slow, obvious forms say. */
class EnvelopeCodecTest {

    @Test
    void the_streamed_header_is_byte_for_byte_the_canonical_form_of_the_header_tree() {
        Actor withAgent = new Actor("ünïcode \"user\"", "host\n1", 12, Optional.of("claude-code"));
        Invocation invocation = new Invocation(
                "inv-1", withAgent, "0.1.0", TestEvents.invocation().clock());
        EventEnvelope e = EnvelopeCodec.seal(
                TestEvents.event("a.b", Map.of("x", 1)),
                new EnvelopeCodec.Placement(
                        StreamId.workspace(),
                        7,
                        EventEnvelope.GENESIS,
                        "id-1",
                        Instant.parse("2026-11-30T10:00:00.120Z")),
                invocation);

        assertArrayEquals(EnvelopeHeader.viaTree(e), EnvelopeHeader.of(e));
        assertEquals(e, EnvelopeCodec.fromJson(EnvelopeCodec.toJson(e)));
    }

    @Test
    void the_last_event_of_a_frame_is_read_without_decoding_the_others() {
        InMemoryEventLog log = new InMemoryEventLog();
        List<EventEnvelope> sealed = log.append(
                StreamId.workspace(), ExpectedVersion.any(), TestEvents.notes(0, 5), TestEvents.invocation());

        EnvelopeCodec.StoredEvent last = EnvelopeCodec.lastOfFrame(EnvelopeCodec.encodeFrame(sealed));

        assertEquals(sealed.get(4), last.toEnvelope());
    }

    @ParameterizedTest
    @ValueSource(
            strings = {
                "2026-11-30T10:00:00Z",
                "2026-11-30T10:00:00.123Z",
                "1999-12-31T23:59:59.999Z",
                "2024-02-29T00:00:00.001Z",
                "2026-11-30T10:00:00.123456Z",
                "+12026-01-01T00:00:00Z"
            })
    void times_read_by_hand_equal_instant_parse(String text) {
        assertEquals(Instant.parse(text), Times.parse(text));
    }

    @ParameterizedTest
    @ValueSource(strings = {"2026-02-30T10:00:00Z", "2026-11-30T25:00:00Z", "2026-11-30 10:00:00Z", "nonsense"})
    void impossible_times_are_refused_as_instant_parse_refuses_them(String text) {
        assertThrows(DateTimeParseException.class, () -> Times.parse(text));
    }

    @ParameterizedTest
    @ValueSource(
            strings = {
                "a.b",
                "workspace.initialized",
                "sdd.audit_v2.done",
                "a",
                "A.b",
                "a..b",
                "a.",
                ".a",
                "a.1b",
                "a.b-c",
                "dev.wb.Foo",
                "",
                "a.b."
            })
    void the_type_check_by_hand_agrees_with_the_documented_pattern(String type) {
        boolean regex = Pattern.matches("^[a-z][a-z0-9_]*(\\.[a-z][a-z0-9_]*)+$", type);
        assertEquals(regex, EventEnvelope.isType(type), type);
    }

    @ParameterizedTest
    @ValueSource(
            strings = {
                "sha256:0000000000000000000000000000000000000000000000000000000000000000",
                "sha256:ab12ab12ab12ab12ab12ab12ab12ab12ab12ab12ab12ab12ab12ab12ab12ab12",
                "sha256:AB12ab12ab12ab12ab12ab12ab12ab12ab12ab12ab12ab12ab12ab12ab12ab12",
                "sha256:ab12",
                "sha1:ab12ab12ab12ab12ab12ab12ab12ab12ab12ab12",
                ""
            })
    void the_digest_check_by_hand_agrees_with_the_documented_pattern(String digest) {
        assertEquals(Pattern.matches("^sha256:[0-9a-f]{64}$", digest), EventEnvelope.isDigest(digest), digest);
    }
}
