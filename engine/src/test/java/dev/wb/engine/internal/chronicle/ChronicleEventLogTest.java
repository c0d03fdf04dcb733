package dev.wb.engine.internal.chronicle;

import static dev.wb.engine.TestEvents.invocation;
import static dev.wb.engine.TestEvents.notes;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.wb.engine.AppendedStreams;
import dev.wb.engine.EventLog;
import dev.wb.engine.EventLogConformance;
import dev.wb.engine.ExpectedVersion;
import dev.wb.engine.VersionConflictException;
import dev.wb.engine.logs.EventLogs;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.util.Optional;
import java.util.Set;
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
    void the_journal_of_appends_names_each_stream_appended_since_a_mark_and_only_those() throws IOException {
        try (EventLog none = EventLogs.chronicle(dir.resolve("none"))) {
            assertEquals(Optional.empty(), none.appendedSince("", 0));
        }
        log.append(TASK, ExpectedVersion.noStream(), notes(0, 3), invocation());
        log.append(OTHER, ExpectedVersion.noStream(), notes(0, 1), invocation());
        AppendedStreams all = log.appendedSince("", 0).orElseThrow();
        assertFalse(all.sinceMark(), "no mark given: the whole journal");
        assertEquals(Set.of(TASK, OTHER), all.streams());

        AppendedStreams none = log.appendedSince(all.journal(), all.end()).orElseThrow();
        assertTrue(none.sinceMark());
        assertEquals(Set.of(), none.streams());
        assertEquals(all.end(), none.end());

        log.append(OTHER, ExpectedVersion.exactly(0), notes(1, 1), invocation());
        AppendedStreams one = log.appendedSince(all.journal(), all.end()).orElseThrow();
        assertTrue(one.sinceMark());
        assertEquals(Set.of(OTHER), one.streams());

        // A refused append names its stream too: that costs a read, never a missed stream.
        assertThrows(
                VersionConflictException.class,
                () -> log.append(TASK, ExpectedVersion.exactly(0), notes(3, 1), invocation()));
        assertTrue(log.appendedSince(one.journal(), one.end())
                        .orElseThrow()
                        .streams()
                        .size()
                <= 1);

        // A journal made again is another journal: no mark of the old one counts.
        Files.delete(dir.resolve("log/appended"));
        log.append(TASK, ExpectedVersion.exactly(2), notes(3, 1), invocation());
        AppendedStreams fresh = log.appendedSince(one.journal(), one.end()).orElseThrow();
        assertFalse(fresh.sinceMark());
        assertNotEquals(one.journal(), fresh.journal());
        assertEquals(Set.of(TASK), fresh.streams());

        // A line not written whole is left for the next reader; a line no appender wrote voids the answer.
        Files.writeString(dir.resolve("log/appended"), "XYZ", StandardOpenOption.APPEND);
        assertEquals(
                fresh.end(),
                log.appendedSince(fresh.journal(), fresh.end()).orElseThrow().end());
        Files.writeString(dir.resolve("log/appended"), "-7\n../x\n", StandardOpenOption.APPEND);
        assertEquals(Optional.empty(), log.appendedSince(fresh.journal(), fresh.end()));
    }

    @Test
    void a_mark_is_the_journal_end_without_its_lines_and_asking_from_it_names_only_later_appends() throws IOException {
        log.append(TASK, ExpectedVersion.noStream(), notes(0, 2), invocation());
        AppendedStreams mark = log.appendMark().orElseThrow();
        assertEquals(Set.of(), mark.streams());
        assertEquals(log.appendedSince("", 0).orElseThrow().end(), mark.end());
        assertEquals(mark.journal(), log.appendedSince("", 0).orElseThrow().journal());

        log.append(OTHER, ExpectedVersion.noStream(), notes(0, 1), invocation());
        AppendedStreams since = log.appendedSince(mark.journal(), mark.end()).orElseThrow();
        assertTrue(since.sinceMark());
        assertEquals(Set.of(OTHER), since.streams());

        // A line still being written is not inside the mark; a journal thousands of lines long is read at its tail.
        Files.writeString(dir.resolve("log/appended"), "ABC-1\n".repeat(5_000) + "ABC", StandardOpenOption.APPEND);
        long whole = Files.size(dir.resolve("log/appended")) - 3;
        assertEquals(whole, log.appendMark().orElseThrow().end());
        Files.writeString(dir.resolve("log/appended"), "X".repeat(5_000), StandardOpenOption.APPEND);
        assertEquals(Optional.empty(), log.appendMark(), "no line ends in the tail: not a journal wb wrote");
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
