package dev.wb.engine.internal.chronicle;

import static dev.wb.engine.TestEvents.invocation;
import static dev.wb.engine.TestEvents.note;
import static dev.wb.engine.TestEvents.notes;
import static org.awaitility.Awaitility.await;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.wb.engine.EventEnvelope;
import dev.wb.engine.EventLog;
import dev.wb.engine.ExpectedVersion;
import dev.wb.engine.HashChain;
import dev.wb.engine.StreamBusyException;
import dev.wb.engine.StreamHead;
import dev.wb.engine.StreamId;
import dev.wb.engine.logs.EventLogs;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.OptionalLong;
import java.util.concurrent.atomic.AtomicReference;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Another process holds a task's write lock: it sits inside {@code writingDocument()} and never
 * leaves. An append must give up after the log's lock timeout with a {@link StreamBusyException}
 * naming the task, leave other tasks alone, and proceed once the holder is killed.
 */
class BusyStreamIT {

    private static final StreamId TASK = new StreamId("ABC-1");
    private static final StreamId OTHER = new StreamId("XYZ-7");
    private static final Duration LOCK_TIMEOUT = Duration.ofSeconds(2);

    @TempDir
    Path dir;

    @Test
    void
            given_another_process_holding_the_task_inside_writing_document_when_appending_then_a_stream_busy_error_names_the_task_within_seconds_and_after_the_holder_is_killed_the_next_append_proceeds_with_the_chain_intact()
                    throws Exception {
        Path logDir = dir.resolve("log");
        Path queueDir = logDir.resolve("streams").resolve(TASK.name());
        try (EventLog log = EventLogs.chronicle(logDir, LOCK_TIMEOUT)) {
            List<EventEnvelope> before = log.append(TASK, ExpectedVersion.noStream(), notes(0, 3), invocation());
            StreamHead headBefore = log.head(TASK).orElseThrow();

            try (Child holder =
                    Child.start(dir.resolve("children"), "holder", HoldingChild.class, queueDir.toString())) {
                await("HOLDING")
                        .atMost(Duration.ofSeconds(60))
                        .pollInterval(Duration.ofMillis(20))
                        .until(() -> {
                            if (!holder.process().isAlive()) {
                                throw new AssertionError("holder died: " + holder.describe());
                            }
                            return holder.printed("HOLDING");
                        });
                assertEquals(OptionalLong.of(holder.pid()), QueueLocks.holder(queueDir), "the child holds the lock");

                // Readers do not wait for the lock and never see the unfinished document.
                assertEquals(headBefore, log.head(TASK).orElseThrow(), "head while the lock is held");
                assertEquals(before, log.read(TASK), "events while the lock is held");
                assertTrue(HashChain.verify(log, TASK).intact(), "chain while the lock is held");

                long start = System.nanoTime();
                StreamBusyException busy = assertThrows(
                        StreamBusyException.class,
                        () -> log.append(TASK, ExpectedVersion.exactly(2), List.of(note(3)), invocation()));
                long busyMs = (System.nanoTime() - start) / 1_000_000;
                assertTrue(busy.getMessage().contains("task ABC-1 is busy"), busy.getMessage());
                assertEquals(TASK, busy.stream());
                assertTrue(busyMs < 10_000, "gave up after " + busyMs + " ms");
                assertTrue(busyMs >= LOCK_TIMEOUT.toMillis() / 2, "gave up after only " + busyMs + " ms");

                // Another task has its own queue and lock.
                long otherStart = System.nanoTime();
                log.append(OTHER, ExpectedVersion.noStream(), notes(0, 1), invocation());
                long otherMs = (System.nanoTime() - otherStart) / 1_000_000;
                assertTrue(otherMs < LOCK_TIMEOUT.toMillis(), "another task waited " + otherMs + " ms");

                // Still held: a second attempt is refused the same way, and nothing was written.
                assertThrows(
                        StreamBusyException.class,
                        () -> log.append(TASK, ExpectedVersion.any(), List.of(note(3)), invocation()));
                assertEquals(headBefore, log.head(TASK).orElseThrow(), "head after refused appends");
                System.out.printf(
                        "busy after %d ms (lock timeout %d ms); other task appended in %d ms%n",
                        busyMs, LOCK_TIMEOUT.toMillis(), otherMs);

                holder.kill();
                assertEquals(
                        OptionalLong.of(holder.pid()),
                        QueueLocks.holder(queueDir),
                        "a killed holder's pid stays in the lock until someone clears it");
            }

            long afterKill = System.nanoTime();
            AtomicReference<List<EventEnvelope>> appended = new AtomicReference<>();
            List<String> attempts = new ArrayList<>();
            // Polled on this thread: Chronicle appenders refuse a second thread (see SecondThreadIT).
            await("append after the holder was killed")
                    .atMost(Duration.ofSeconds(20))
                    .pollInSameThread()
                    .pollInterval(Duration.ofMillis(10))
                    .ignoreException(StreamBusyException.class)
                    .until(() -> {
                        long attemptStart = System.nanoTime();
                        try {
                            appended.set(log.append(TASK, ExpectedVersion.exactly(2), List.of(note(3)), invocation()));
                            attempts.add("ok after " + (System.nanoTime() - attemptStart) / 1_000_000 + " ms");
                            return true;
                        } catch (StreamBusyException e) {
                            attempts.add("busy after " + (System.nanoTime() - attemptStart) / 1_000_000 + " ms");
                            throw e;
                        }
                    });
            long recoveryMs = (System.nanoTime() - afterKill) / 1_000_000;
            System.out.printf(
                    "append after SIGKILL of the holder succeeded %d ms after its death; attempts: %s%n",
                    recoveryMs, attempts);

            assertEquals(3, appended.get().get(0).version());
            assertEquals(headBefore.hash(), appended.get().get(0).prevHash());
            log.append(TASK, ExpectedVersion.exactly(3), List.of(note(4)), invocation());
            assertFalse(QueueLocks.holder(queueDir).isPresent(), "the lock is free again");
            assertVersionsAndChain(log, 5);
        }
        try (EventLog reopened = EventLogs.chronicle(logDir, LOCK_TIMEOUT)) {
            assertVersionsAndChain(reopened, 5);
            reopened.append(TASK, ExpectedVersion.exactly(4), List.of(note(5)), invocation());
            assertVersionsAndChain(reopened, 6);
        }
    }

    @Test
    void
            given_a_holder_killed_inside_writing_document_when_a_freshly_opened_log_appends_then_it_proceeds_without_waiting_for_the_lock_timeout()
                    throws Exception {
        Path logDir = dir.resolve("log");
        Path queueDir = logDir.resolve("streams").resolve(TASK.name());
        Duration longTimeout = Duration.ofSeconds(10);
        try (EventLog log = EventLogs.chronicle(logDir, longTimeout)) {
            log.append(TASK, ExpectedVersion.noStream(), notes(0, 3), invocation());
        }
        try (Child holder = Child.start(dir.resolve("children"), "holder", HoldingChild.class, queueDir.toString())) {
            await("HOLDING")
                    .atMost(Duration.ofSeconds(60))
                    .pollInterval(Duration.ofMillis(20))
                    .until(() -> {
                        if (!holder.process().isAlive()) {
                            throw new AssertionError("holder died: " + holder.describe());
                        }
                        return holder.printed("HOLDING");
                    });
            holder.kill();
            assertEquals(OptionalLong.of(holder.pid()), QueueLocks.holder(queueDir), "the dead pid is in the lock");
        }

        try (EventLog log = EventLogs.chronicle(logDir, longTimeout)) {
            long start = System.nanoTime();
            EventEnvelope next = log.append(TASK, ExpectedVersion.exactly(2), List.of(note(3)), invocation())
                    .get(0);
            long ms = (System.nanoTime() - start) / 1_000_000;
            System.out.printf(
                    "a fresh log appended %d ms after opening a queue whose lock a dead process held"
                            + " (lock timeout %d ms)%n",
                    ms, longTimeout.toMillis());
            assertTrue(ms < longTimeout.toMillis() / 2, "the fresh log waited " + ms + " ms");
            assertEquals(3, next.version());
            assertFalse(QueueLocks.holder(queueDir).isPresent(), "the lock is free again");
            assertVersionsAndChain(log, 4);
        }
    }

    private static void assertVersionsAndChain(EventLog log, int count) {
        List<EventEnvelope> events = log.read(TASK);
        assertEquals(count, events.size(), "events in " + TASK);
        for (int i = 0; i < count; i++) {
            assertEquals(i, events.get(i).version());
            assertEquals(i, events.get(i).payload().json().get("n").asInt(), "payload of version " + i);
        }
        HashChain.Report report = HashChain.verify(log, TASK);
        assertTrue(report.intact(), () -> report.firstBreak().orElseThrow().describe());
        assertEquals(count, report.eventsChecked());
    }
}
