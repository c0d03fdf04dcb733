package dev.wb.engine;

import static dev.wb.engine.TestEvents.invocation;
import static dev.wb.engine.TestEvents.note;
import static dev.wb.engine.TestEvents.notes;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

/** What every log must do. The in-memory log and the Chronicle log both run this suite. */
public abstract class EventLogConformance {

    protected static final StreamId TASK = StreamId.task(new TaskKey("ABC-1"));
    protected static final StreamId OTHER = StreamId.task(new TaskKey("XYZ-7"));

    protected EventLog log;

    protected abstract EventLog newLog();

    @BeforeEach
    void open() {
        log = newLog();
    }

    @AfterEach
    void close() {
        log.close();
    }

    @Test
    void first_append_to_a_new_stream_starts_at_version_zero_and_links_to_genesis() {
        List<EventEnvelope> sealed = log.append(TASK, ExpectedVersion.noStream(), List.of(note(1)), invocation());

        assertEquals(0, sealed.get(0).version());
        assertEquals(EventEnvelope.GENESIS, sealed.get(0).prevHash());
        assertEquals(sealed, log.read(TASK));
    }

    @Test
    void a_batch_lands_with_contiguous_versions_each_linked_to_the_one_before() {
        log.append(TASK, ExpectedVersion.noStream(), notes(0, 3), invocation());
        log.append(TASK, ExpectedVersion.exactly(2), notes(3, 4), invocation());

        List<EventEnvelope> events = log.read(TASK);
        assertEquals(7, events.size());
        for (int i = 0; i < events.size(); i++) {
            assertEquals(i, events.get(i).version());
            assertEquals(i, events.get(i).payload().json().get("n").asInt());
            if (i > 0) {
                assertEquals(events.get(i - 1).hash(), events.get(i).prevHash());
            }
        }
        assertTrue(HashChain.verify(log, TASK).intact());
    }

    @Test
    void a_stale_expected_version_is_refused_naming_the_task_and_nothing_is_written() {
        log.append(TASK, ExpectedVersion.noStream(), notes(0, 2), invocation());

        VersionConflictException conflict = assertThrows(
                VersionConflictException.class,
                () -> log.append(TASK, ExpectedVersion.exactly(0), List.of(note(9)), invocation()));

        assertEquals(1, conflict.actual());
        assertTrue(conflict.getMessage().contains("task ABC-1"), conflict.getMessage());
        assertTrue(conflict.getMessage().contains("expected version 0 but was version 1"), conflict.getMessage());
        assertEquals(2, log.read(TASK).size());
    }

    @Test
    void no_stream_yet_is_refused_once_the_stream_exists() {
        log.append(TASK, ExpectedVersion.noStream(), List.of(note(0)), invocation());

        assertThrows(
                VersionConflictException.class,
                () -> log.append(TASK, ExpectedVersion.noStream(), List.of(note(1)), invocation()));
    }

    @Test
    void an_exact_version_is_refused_on_a_stream_that_does_not_exist() {
        VersionConflictException conflict = assertThrows(
                VersionConflictException.class,
                () -> log.append(TASK, ExpectedVersion.exactly(0), List.of(note(1)), invocation()));
        assertEquals(-1, conflict.actual());
        assertTrue(log.streams().isEmpty());
    }

    @Test
    void any_version_appends_after_whatever_is_there() {
        log.append(TASK, ExpectedVersion.any(), List.of(note(0)), invocation());
        log.append(TASK, ExpectedVersion.any(), List.of(note(1)), invocation());

        assertEquals(1, log.head(TASK).orElseThrow().version());
    }

    @Test
    void streams_are_apart_and_listed_in_name_order() {
        log.append(OTHER, ExpectedVersion.noStream(), notes(0, 2), invocation());
        log.append(TASK, ExpectedVersion.noStream(), notes(0, 1), invocation());
        log.append(StreamId.workspace(), ExpectedVersion.noStream(), notes(0, 1), invocation());

        assertEquals(List.of(TASK, OTHER, StreamId.workspace()), log.streams());
        assertEquals(1, log.read(TASK).size());
        assertEquals(2, log.read(OTHER).size());
        assertTrue(log.read(StreamId.task(new TaskKey("NONE-1"))).isEmpty());
    }

    @Test
    void head_is_the_last_event_of_the_stream() {
        List<EventEnvelope> sealed = log.append(TASK, ExpectedVersion.noStream(), notes(0, 5), invocation());

        assertEquals(new StreamHead(4, sealed.get(4).hash()), log.head(TASK).orElseThrow());
        assertTrue(log.head(OTHER).isEmpty());
    }

    @Test
    void reading_from_a_version_skips_the_events_before_it() {
        log.append(TASK, ExpectedVersion.noStream(), notes(0, 10), invocation());

        List<Long> versions = new ArrayList<>();
        log.forEach(TASK, 7, e -> versions.add(e.version()));

        assertEquals(List.of(7L, 8L, 9L), versions);
    }

    @Test
    void the_envelope_keeps_every_field_it_was_sealed_with() {
        Invocation invocation = invocation();
        EventEnvelope sealed = log.append(
                        TASK,
                        ExpectedVersion.noStream(),
                        List.of(TestEvents.event(
                                "test.detailed", Map.of("nested", Map.of("b", 2, "a", "é"), "list", List.of(3, 1)))),
                        invocation)
                .get(0);

        EventEnvelope read = log.read(TASK).get(0);
        assertEquals(sealed, read);
        assertEquals("test.detailed", read.type());
        assertEquals(TestEvents.T0, read.time());
        assertEquals(invocation.id(), read.invocationId());
        assertEquals(invocation.actor(), read.actor());
        assertEquals(
                "{\"list\":[3,1],\"nested\":{\"a\":\"é\",\"b\":2}}",
                read.payload().toString());
        assertTrue(read.hash().matches("sha256:[0-9a-f]{64}"));
    }

    @Test
    void an_empty_batch_is_a_programming_error() {
        assertThrows(
                IllegalArgumentException.class,
                () -> log.append(TASK, ExpectedVersion.noStream(), List.of(), invocation()));
    }

    // --- stored events (a verified copy of another replica's chain, docs/adr/0010) ---------------------

    private static List<EnvelopeCodec.StoredEvent> storedOf(EventLog source, StreamId stream) {
        List<EnvelopeCodec.StoredEvent> stored = new ArrayList<>();
        source.forEachStored(stream, new EventReader.StoredVisitor() {
            @Override
            public void event(EnvelopeCodec.StoredEvent event) {
                stored.add(event);
            }

            @Override
            public void damaged(String reason) {
                throw new AssertionError(reason);
            }
        });
        return stored;
    }

    @Test
    void stored_events_of_another_log_land_byte_for_byte_and_still_verify() {
        try (EventLog source = new InMemoryEventLog()) {
            source.append(TASK, ExpectedVersion.noStream(), notes(0, 3), invocation());
            source.append(TASK, ExpectedVersion.exactly(2), notes(3, 2), invocation());
            List<EnvelopeCodec.StoredEvent> stored = storedOf(source, TASK);

            log.appendStored(TASK, Optional.empty(), stored.subList(0, 2));
            log.appendStored(TASK, log.head(TASK), stored.subList(2, 5));

            assertEquals(source.read(TASK), log.read(TASK));
            assertEquals(source.head(TASK), log.head(TASK));
            assertTrue(HashChain.verify(log, TASK).intact());
        }
    }

    @Test
    void stored_events_that_do_not_continue_the_stream_are_refused_and_nothing_lands() {
        try (EventLog source = new InMemoryEventLog()) {
            source.append(TASK, ExpectedVersion.noStream(), notes(0, 4), invocation());
            List<EnvelopeCodec.StoredEvent> stored = storedOf(source, TASK);
            log.appendStored(TASK, Optional.empty(), stored.subList(0, 1));
            Optional<StreamHead> head = log.head(TASK);

            // a gap: version 2 where 1 belongs
            assertThrows(
                    StoredBatches.BrokenChainException.class, () -> log.appendStored(TASK, head, stored.subList(2, 4)));
            // a changed byte: the event no longer has its hash
            EnvelopeCodec.StoredEvent one = stored.get(1);
            byte[] payload = one.payload().clone();
            payload[payload.length - 2] ^= 1;
            assertThrows(
                    StoredBatches.BrokenChainException.class,
                    () -> log.appendStored(
                            TASK,
                            head,
                            List.of(new EnvelopeCodec.StoredEvent(one.header(), payload, one.storedHash()))));
            // a stale expectation
            assertThrows(
                    VersionConflictException.class,
                    () -> log.appendStored(TASK, Optional.empty(), stored.subList(1, 2)));
            // events of another stream
            assertThrows(
                    StoredBatches.BrokenChainException.class,
                    () -> log.appendStored(OTHER, Optional.empty(), stored.subList(0, 1)));

            assertEquals(1, log.read(TASK).size());
            assertEquals(head, log.head(TASK));
            assertEquals(List.of(), log.read(OTHER));
        }
    }
}
