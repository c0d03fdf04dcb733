package dev.wb.engine.internal.chronicle;

import static dev.wb.engine.TestEvents.invocation;
import static dev.wb.engine.TestEvents.notes;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.wb.engine.EventEnvelope;
import dev.wb.engine.EventLog;
import dev.wb.engine.ExpectedVersion;
import dev.wb.engine.HashChain;
import dev.wb.engine.LogException;
import dev.wb.engine.NewEvent;
import dev.wb.engine.StreamHead;
import dev.wb.engine.StreamId;
import dev.wb.engine.TestEvents;
import dev.wb.engine.logs.EventLogs;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * A batch whose frame is larger than Chronicle takes in one document (a quarter of the 256 KiB block,
 * 64 KiB) is refused inside the write lock, after the head hint was written. The log must stay
 * usable and truthful.
 */
class OversizedBatchIT {

    private static final StreamId TASK = new StreamId("ABC-1");

    @TempDir
    Path dir;

    private static NewEvent oversized() {
        return TestEvents.event("test.big", Map.of("blob", "x".repeat(2 * ChronicleEventLog.MAX_FRAME)));
    }

    @Test
    void
            given_an_oversized_first_batch_was_refused_when_a_normal_batch_is_appended_then_it_lands_at_version_0_with_an_intact_chain_and_a_truthful_hint() {
        try (EventLog log = EventLogs.chronicle(dir.resolve("log"))) {
            assertThrows(
                    RuntimeException.class,
                    () -> log.append(TASK, ExpectedVersion.noStream(), List.of(oversized()), invocation()));
            assertTrue(log.head(TASK).isEmpty(), "nothing landed");
            assertTrue(log.read(TASK).isEmpty(), "nothing landed");

            long start = System.nanoTime();
            List<EventEnvelope> sealed = log.append(TASK, ExpectedVersion.noStream(), notes(0, 2), invocation());
            long ms = (System.nanoTime() - start) / 1_000_000;
            assertTrue(ms < 2_000, "the refused batch left the lock held: next append took " + ms + " ms");

            assertEquals(0, sealed.get(0).version());
            StreamHead head = log.head(TASK).orElseThrow();
            assertEquals(new StreamHead(1, sealed.get(1).hash()), head);
            assertEquals(head, log.headHint(TASK).orElseThrow());
            assertTrue(HashChain.verify(log, TASK).intact());
        }
    }

    @Test
    void given_a_batch_larger_than_a_document_when_appending_then_it_is_refused_with_a_log_exception_naming_the_task() {
        try (EventLog log = EventLogs.chronicle(dir.resolve("log"))) {
            log.append(TASK, ExpectedVersion.noStream(), notes(0, 1), invocation());

            LogException refused = assertThrows(
                    LogException.class,
                    () -> log.append(TASK, ExpectedVersion.exactly(0), List.of(oversized()), invocation()));
            assertTrue(refused.getMessage().contains("task ABC-1"), refused.getMessage());
            assertEquals(0, log.head(TASK).orElseThrow().version());
        }
    }

    @Test
    void given_the_first_batch_of_a_stream_was_refused_when_listing_streams_then_the_stream_is_not_listed() {
        try (EventLog log = EventLogs.chronicle(dir.resolve("log"))) {
            assertThrows(
                    RuntimeException.class,
                    () -> log.append(TASK, ExpectedVersion.noStream(), List.of(oversized()), invocation()));

            assertTrue(log.head(TASK).isEmpty());
            assertEquals(List.of(), log.streams());
        }
        try (EventLog reopened = EventLogs.chronicle(dir.resolve("log"))) {
            assertEquals(List.of(), reopened.streams());
        }
    }
}
