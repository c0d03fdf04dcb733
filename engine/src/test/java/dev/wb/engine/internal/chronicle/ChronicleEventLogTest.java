package dev.wb.engine.internal.chronicle;

import static dev.wb.engine.TestEvents.invocation;
import static dev.wb.engine.TestEvents.notes;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.wb.engine.EventLog;
import dev.wb.engine.EventLogConformance;
import dev.wb.engine.ExpectedVersion;
import dev.wb.engine.logs.EventLogs;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class ChronicleEventLogTest extends EventLogConformance {

    @TempDir
    Path dir;

    @Override
    protected EventLog newLog() {
        return EventLogs.chronicle(dir.resolve("log"));
    }

    @Test
    void events_survive_closing_and_reopening_the_log() {
        log.append(TASK, ExpectedVersion.noStream(), notes(0, 3), invocation());
        log.close();

        try (EventLog reopened = newLog()) {
            assertEquals(3, reopened.read(TASK).size());
            reopened.append(TASK, ExpectedVersion.exactly(2), notes(3, 1), invocation());
            assertEquals(4, reopened.read(TASK).size());
        }
    }

    @Test
    void each_stream_lives_in_its_own_small_folder() throws IOException {
        log.append(TASK, ExpectedVersion.noStream(), notes(0, 100), invocation());
        log.close();

        Path taskDir = dir.resolve("log/streams/ABC-1");
        assertTrue(Files.isDirectory(taskDir));
        try (Stream<Path> files = Files.list(taskDir)) {
            long biggest = files.mapToLong(ChronicleEventLogTest::size).max().orElseThrow();
            assertTrue(biggest <= 1024 * 1024, "largest file is " + biggest + " bytes");
        }
    }

    @Test
    void a_fifo_where_the_head_hint_belongs_is_never_opened_reads_ask_the_log_and_appends_refuse() throws Exception {
        log.append(TASK, ExpectedVersion.noStream(), notes(0, 3), invocation());
        Path head = dir.resolve("log/streams/ABC-1/head");
        Files.delete(head);
        Process mkfifo = new ProcessBuilder("mkfifo", head.toString()).start();
        assertEquals(0, mkfifo.waitFor());
        org.junit.jupiter.api.Assertions.assertTimeoutPreemptively(java.time.Duration.ofSeconds(20), () -> {
            assertEquals(2, log.headHint(TASK).orElseThrow().version(), "no hint: the log's own head");
            org.junit.jupiter.api.Assertions.assertThrows(
                    dev.wb.engine.LogUnavailableException.class,
                    () -> log.append(TASK, ExpectedVersion.exactly(2), notes(3, 1), invocation()));
        });
        assertEquals(3, log.read(TASK).size(), "nothing half-written");
    }

    private static long size(Path file) {
        try {
            return Files.size(file);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }
}
