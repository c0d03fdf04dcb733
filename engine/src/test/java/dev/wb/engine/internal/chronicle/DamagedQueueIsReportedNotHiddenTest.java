package dev.wb.engine.internal.chronicle;

import static dev.wb.engine.TestEvents.invocation;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.wb.engine.EnvelopeCodec;
import dev.wb.engine.EventLog;
import dev.wb.engine.EventReader;
import dev.wb.engine.ExpectedVersion;
import dev.wb.engine.HashChain;
import dev.wb.engine.LogDamagedException;
import dev.wb.engine.LogUnavailableException;
import dev.wb.engine.NewEvent;
import dev.wb.engine.StreamId;
import dev.wb.engine.TestEvents;
import dev.wb.engine.logs.EventLogs;
import java.io.IOException;
import java.io.RandomAccessFile;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Clock;
import java.time.Instant;
import java.time.ZoneOffset;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Random;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** A damaged Chronicle queue is reported, never read past, each against a real queue on disk (issue 13). */
class DamagedQueueIsReportedNotHiddenTest {

    private static final StreamId TASK = new StreamId("T-1");

    @TempDir
    Path dir;

    private Path logDir() {
        return dir.resolve("log");
    }

    /** Versions 0 to 3, one record each; each payload carries ORIGINAL-<version>, once in the file. */
    private void fourRecords() {
        try (EventLog log = EventLogs.chronicle(logDir())) {
            for (int v = 0; v < 4; v++) {
                log.append(TASK, ExpectedVersion.any(), List.of(marked(v)), invocation());
            }
        }
    }

    @Test
    void item16_a_zeroed_middle_record_header_fails_verification_instead_of_hiding_the_records_after_it()
            throws IOException {
        // Defect: zeroing one record's 4-byte header made verify say "2 events, hash chain intact" where 4 were.
        fourRecords();
        zeroHeaderOf(2);

        try (EventLog log = EventLogs.chronicle(logDir())) {
            HashChain.Report report = HashChain.verify(log, TASK);

            assertFalse(report.intact(), report.toString());
            assertEquals(2, report.firstBreak().orElseThrow().version(), report.toString());
            assertTrue(report.firstBreak().orElseThrow().reason().contains("header"), report.toString());
            assertThrows(LogDamagedException.class, () -> log.read(TASK));
        }
    }

    @Test
    void item16_an_append_after_a_zeroed_middle_header_is_refused_as_damage_not_as_a_conflict() throws IOException {
        // Defect: every later append failed forever with "task T-1 changed while this command ran".
        fourRecords();
        zeroHeaderOf(2);

        try (EventLog log = EventLogs.chronicle(logDir())) {
            LogDamagedException damaged = assertThrows(LogDamagedException.class, () -> foldThenAppend(log));
            assertTrue(damaged.getMessage().contains("task T-1"), damaged.getMessage());
        }
    }

    @Test
    void item16_the_last_two_headers_zeroed_are_damage_for_verify_and_for_an_append() throws IOException {
        // Defect: with the last two records' headers zeroed, verify said "2 events, intact" and the head read as empty.
        fourRecords();
        zeroHeaderOf(3);
        zeroHeaderOf(2);

        try (EventLog log = EventLogs.chronicle(logDir())) {
            HashChain.Report report = HashChain.verify(log, TASK);
            assertFalse(report.intact(), report.toString());
            assertEquals(2, report.firstBreak().orElseThrow().version(), report.toString());
            assertThrows(LogDamagedException.class, () -> foldThenAppend(log));
            assertThrows(
                    LogDamagedException.class,
                    () -> log.append(TASK, ExpectedVersion.any(), List.of(marked(9)), invocation()));
        }
    }

    @Test
    void item16_an_intact_stream_still_reads_whole_while_another_log_appends_to_it() {
        fourRecords();
        try (EventLog reader = EventLogs.chronicle(logDir());
                EventLog writer = EventLogs.chronicle(logDir())) {
            assertEquals(4, reader.read(TASK).size());
            writer.append(TASK, ExpectedVersion.exactly(3), List.of(marked(4)), invocation());

            assertEquals(5, reader.read(TASK).size());
            assertTrue(HashChain.verify(reader, TASK).intact());
        }
    }

    @Test
    void item17_a_garbled_metadata_file_is_reported_at_once_as_damaged_naming_the_file() throws IOException {
        // Defect: "Unable to claim exclusive lock … check that .workflow/local/ is writable" after 13 s.
        fourRecords();
        Path metadata = logDir().resolve("streams/T-1/metadata.cq4t");
        byte[] garbage = new byte[4096];
        new Random(13).nextBytes(garbage);
        try (RandomAccessFile file = new RandomAccessFile(metadata.toFile(), "rw")) {
            file.write(garbage);
        }

        long start = System.nanoTime();
        try (EventLog log = EventLogs.chronicle(logDir())) {
            LogUnavailableException e = assertThrows(LogUnavailableException.class, () -> log.read(TASK));
            assertTrue(e.getMessage().contains("metadata.cq4t"), e.getMessage());
            assertTrue(e.getMessage().contains("damaged"), e.getMessage());
            assertTrue(
                    e.fixes().stream().anyMatch(f -> f.startsWith("mv ")),
                    e.fixes().toString());
        }
        assertTrue(System.nanoTime() - start < 3_000_000_000L, "reported within 3 s");
    }

    @Test
    void item18_an_event_at_a_whole_second_is_stored_with_three_millisecond_digits() {
        // Defect: one event in 256 had a time without milliseconds (…T17:51:35Z), against EVENTS.md's fixed form.
        Clock wholeSecond = Clock.fixed(Instant.parse("2026-12-01T17:51:35Z"), ZoneOffset.UTC);
        try (EventLog log = EventLogs.chronicle(logDir())) {
            log.append(TASK, ExpectedVersion.noStream(), List.of(marked(0)), invocation(wholeSecond));
            List<String> headers = new ArrayList<>();
            log.forEachStored(TASK, new EventReader.StoredVisitor() {
                @Override
                public void event(EnvelopeCodec.StoredEvent event) {
                    headers.add(new String(event.header(), StandardCharsets.UTF_8));
                }

                @Override
                public void damaged(String reason) {
                    throw new AssertionError(reason);
                }
            });

            assertTrue(headers.get(0).contains("\"time\":\"2026-12-01T17:51:35.000Z\""), headers.get(0));
            assertEquals(
                    Instant.parse("2026-12-01T17:51:35Z"), log.read(TASK).get(0).time());
        }
    }

    /** What a command does: fold the stream, then append after the version it saw. */
    private static void foldThenAppend(EventLog log) {
        long last = log.read(TASK).size() - 1L;
        log.append(TASK, ExpectedVersion.exactly(last), List.of(marked(9)), invocation());
    }

    static NewEvent marked(int version) {
        return TestEvents.event("test.marked", Map.of("n", version, "text", "ORIGINAL-" + version));
    }

    /** Zeroes the 4-byte Chronicle header of the record that holds version {@code v}, as an editor or a bad disk would. */
    private void zeroHeaderOf(int v) throws IOException {
        Path cycle = cycleFile();
        byte[] file = Files.readAllBytes(cycle);
        int payload = indexOf(file, ("ORIGINAL-" + v).getBytes(StandardCharsets.UTF_8), 0);
        assertTrue(payload > 0, "version " + v + " is in the file");
        int header = -1;
        byte[] start = "{\"actor\":{".getBytes(StandardCharsets.UTF_8);
        for (int i = indexOf(file, start, 0); i >= 0 && i < payload; i = indexOf(file, start, i + 1)) {
            header = i;
        }
        int record = header - 4 - 8; // the event's header length, then the frame's format and count
        try (RandomAccessFile raf = new RandomAccessFile(cycle.toFile(), "rw")) {
            raf.seek(record - 4);
            raf.write(new byte[4]);
        }
    }

    private Path cycleFile() throws IOException {
        try (Stream<Path> files = Files.list(logDir().resolve("streams").resolve(TASK.name()))) {
            return files.filter(f -> f.getFileName().toString().endsWith(".cq4"))
                    .findFirst()
                    .orElseThrow();
        }
    }

    private static int indexOf(byte[] haystack, byte[] needle, int from) {
        outer:
        for (int i = from; i + needle.length <= haystack.length; i++) {
            for (int j = 0; j < needle.length; j++) {
                if (haystack[i + j] != needle[j]) {
                    continue outer;
                }
            }
            return i;
        }
        return -1;
    }
}
