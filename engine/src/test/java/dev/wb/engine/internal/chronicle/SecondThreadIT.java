package dev.wb.engine.internal.chronicle;

import static dev.wb.engine.TestEvents.invocation;
import static dev.wb.engine.TestEvents.notes;
import static org.junit.jupiter.api.Assertions.assertEquals;

import dev.wb.engine.EventLog;
import dev.wb.engine.ExpectedVersion;
import dev.wb.engine.StreamId;
import dev.wb.engine.logs.EventLogs;
import java.nio.file.Path;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ExecutionException;
import java.util.function.Supplier;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * {@link ChronicleEventLog}'s Javadoc promises that, its public methods being synchronized, "a stray
 * second thread is merely slow". These tests hold it to that, with the second thread strictly after
 * the first (no overlap at all).
 */
class SecondThreadIT {

    private static final StreamId TASK = new StreamId("ABC-1");

    @TempDir
    Path dir;

    @Test
    void given_a_log_that_appended_on_one_thread_when_another_thread_appends_afterwards_then_the_append_succeeds()
            throws Exception {
        try (EventLog log = EventLogs.chronicle(dir.resolve("log"))) {
            log.append(TASK, ExpectedVersion.noStream(), notes(0, 1), invocation());

            onAnotherThread(() -> log.append(TASK, ExpectedVersion.exactly(0), notes(1, 1), invocation()));

            assertEquals(2, log.read(TASK).size());
        }
    }

    @Test
    void given_a_log_that_read_a_head_on_one_thread_when_another_thread_reads_the_head_afterwards_then_it_is_returned()
            throws Exception {
        try (EventLog log = EventLogs.chronicle(dir.resolve("log"))) {
            log.append(TASK, ExpectedVersion.noStream(), notes(0, 2), invocation());
            log.head(TASK);

            assertEquals(1L, onAnotherThread(() -> log.head(TASK).orElseThrow().version()));
        }
    }

    @Test
    void
            given_a_log_that_appended_on_one_thread_when_another_thread_reads_all_events_afterwards_then_they_are_returned()
                    throws Exception {
        try (EventLog log = EventLogs.chronicle(dir.resolve("log"))) {
            log.append(TASK, ExpectedVersion.noStream(), notes(0, 2), invocation());
            log.read(TASK);

            assertEquals(2, onAnotherThread(() -> log.read(TASK).size()));
        }
    }

    @Test
    void
            given_a_log_that_appended_and_read_a_head_on_one_thread_when_another_thread_closes_it_then_the_events_are_kept()
                    throws Exception {
        EventLog log = EventLogs.chronicle(dir.resolve("log"));
        log.append(TASK, ExpectedVersion.noStream(), notes(0, 2), invocation());
        log.head(TASK);

        onAnotherThread(() -> {
            log.close();
            return null;
        });

        try (EventLog reopened = EventLogs.chronicle(dir.resolve("log"))) {
            assertEquals(2, reopened.read(TASK).size());
        }
    }

    private static <T> T onAnotherThread(Supplier<T> action) throws Exception {
        try {
            return CompletableFuture.supplyAsync(action).get();
        } catch (ExecutionException e) {
            throw e.getCause() instanceof Exception cause ? cause : e;
        }
    }
}
