package dev.wb.engine.internal.chronicle;

import static dev.wb.engine.TestEvents.invocation;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.wb.engine.EventEnvelope;
import dev.wb.engine.EventLog;
import dev.wb.engine.ExpectedVersion;
import dev.wb.engine.HashChain;
import dev.wb.engine.LogDamagedException;
import dev.wb.engine.NewEvent;
import dev.wb.engine.StreamId;
import dev.wb.engine.TestEvents;
import dev.wb.engine.logs.EventLogs;
import java.io.IOException;
import java.io.RandomAccessFile;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.stream.Stream;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Bytes of a stream's {@code .cq4} file are changed behind the log's back, the way an editor or a bad
 * disk would. Verification must name the first event that no longer holds, and never throw.
 *
 * <p>The stream holds versions 0-1 (one batch), 2-3 (one batch) and 4 (alone); each payload carries
 * the text {@code ORIGINAL-<version>}, which occurs once in the file.
 */
class TamperedLogIT {

    private static final StreamId TASK = new StreamId("ABC-1");

    @TempDir
    Path dir;

    private Path logDir;
    private List<EventEnvelope> sealed;

    @BeforeEach
    void appendFiveEventsAndClose() {
        logDir = dir.resolve("log");
        sealed = new ArrayList<>();
        try (EventLog log = EventLogs.chronicle(logDir)) {
            sealed.addAll(log.append(TASK, ExpectedVersion.noStream(), List.of(marked(0), marked(1)), invocation()));
            sealed.addAll(log.append(TASK, ExpectedVersion.exactly(1), List.of(marked(2), marked(3)), invocation()));
            sealed.addAll(log.append(TASK, ExpectedVersion.exactly(3), List.of(marked(4)), invocation()));
            HashChain.Report report = HashChain.verify(log, TASK);
            assertTrue(report.intact());
            assertEquals(5, report.eventsChecked());
        }
    }

    @Test
    void
            given_one_letter_of_event_2s_payload_changed_in_the_file_when_verifying_then_event_2_is_named_as_not_matching_its_hash_and_events_0_and_1_are_counted()
                    throws IOException {
        int at = onlyOccurrence("ORIGINAL-2");
        overwrite(at, "X"); // ORIGINAL-2 -> XRIGINAL-2: still valid JSON, same length

        try (EventLog log = EventLogs.chronicle(logDir)) {
            HashChain.Report report = HashChain.verify(log, TASK);

            assertFalse(report.intact());
            HashChain.Break broken = report.firstBreak().orElseThrow();
            assertEquals(2, broken.version(), broken.describe());
            assertEquals(sealed.get(2).eventId(), broken.eventId().orElseThrow(), "the header still names the event");
            assertTrue(
                    broken.reason()
                            .contains("do not match the event's hash "
                                    + sealed.get(2).hash()),
                    broken.reason());
            assertEquals(2, report.eventsChecked());
        }
    }

    @Test
    void
            given_event_2s_header_no_longer_parses_as_json_when_verifying_then_event_2_is_named_as_not_forming_an_event_without_throwing()
                    throws IOException {
        int at = onlyOccurrence("\"eventId\":\"" + sealed.get(2).eventId() + "\"");
        overwrite(at, "#"); // "eventId" -> #eventId": the header is no longer JSON

        try (EventLog log = EventLogs.chronicle(logDir)) {
            HashChain.Report report = HashChain.verify(log, TASK);

            assertFalse(report.intact());
            HashChain.Break broken = report.firstBreak().orElseThrow();
            assertEquals(2, broken.version(), broken.describe());
            assertTrue(broken.eventId().isEmpty(), "an unparsable header names no id");
            assertTrue(broken.reason().startsWith("stored bytes do not form an event"), broken.reason());
            assertEquals(2, report.eventsChecked());

            LogDamagedException damaged = assertThrows(LogDamagedException.class, () -> log.read(TASK));
            assertTrue(damaged.getMessage().contains("task ABC-1"), damaged.getMessage());
        }
    }

    @Test
    void
            given_the_header_length_of_event_2_runs_past_the_end_of_its_record_when_verifying_then_the_record_from_version_2_on_is_named_unreadable_without_throwing()
                    throws IOException {
        int eventId = onlyOccurrence("\"eventId\":\"" + sealed.get(2).eventId() + "\"");
        int header = lastOccurrenceBefore("{\"actor\":{", eventId);
        // The 4 bytes before a header are its length (big-endian): claim far more than the frame holds,
        // as a record cut short would.
        overwrite(header - 4, new byte[] {0x00, 0x7F, (byte) 0xFF, (byte) 0xF0});

        try (EventLog log = EventLogs.chronicle(logDir)) {
            HashChain.Report report = HashChain.verify(log, TASK);

            assertFalse(report.intact());
            HashChain.Break broken = report.firstBreak().orElseThrow();
            assertEquals(2, broken.version(), broken.describe());
            assertTrue(broken.reason().startsWith("a stored record is unreadable"), broken.reason());
            assertTrue(broken.reason().contains("exceeds the frame"), broken.reason());
            assertEquals(2, report.eventsChecked());
        }
    }

    @Test
    void
            given_one_letter_of_event_3s_payload_changed_inside_a_batch_when_verifying_then_event_3_is_named_and_0_to_2_are_counted()
                    throws IOException {
        overwrite(onlyOccurrence("ORIGINAL-3"), "0");

        try (EventLog log = EventLogs.chronicle(logDir)) {
            HashChain.Report report = HashChain.verify(log, TASK);

            HashChain.Break broken = report.firstBreak().orElseThrow();
            assertEquals(3, broken.version(), broken.describe());
            assertTrue(broken.reason().contains("do not match the event's hash"), broken.reason());
            assertEquals(3, report.eventsChecked());
        }
    }

    @Test
    void
            given_the_last_events_header_is_damaged_when_appending_then_the_append_is_refused_as_damaged_naming_the_task_and_verification_names_version_4()
                    throws IOException {
        overwrite(onlyOccurrence("\"eventId\":\"" + sealed.get(4).eventId() + "\""), "#");

        try (EventLog log = EventLogs.chronicle(logDir)) {
            LogDamagedException damaged = assertThrows(
                    LogDamagedException.class,
                    () -> log.append(TASK, ExpectedVersion.any(), List.of(marked(5)), invocation()));
            assertTrue(damaged.getMessage().contains("task ABC-1"), damaged.getMessage());

            HashChain.Report report = HashChain.verify(log, TASK);
            assertEquals(4, report.firstBreak().orElseThrow().version());
            assertEquals(4, report.eventsChecked());
        }
    }

    private static NewEvent marked(int version) {
        return TestEvents.event("test.marked", Map.of("n", version, "text", "ORIGINAL-" + version));
    }

    private Path cycleFile() throws IOException {
        try (Stream<Path> files = Files.list(logDir.resolve("streams").resolve(TASK.name()))) {
            List<Path> cycles = files.filter(f -> f.getFileName().toString().endsWith(".cq4"))
                    .toList();
            assertEquals(1, cycles.size(), "cycle files: " + cycles);
            return cycles.get(0);
        }
    }

    private int onlyOccurrence(String text) throws IOException {
        byte[] file = Files.readAllBytes(cycleFile());
        byte[] needle = text.getBytes(StandardCharsets.UTF_8);
        int first = indexOf(file, needle, 0);
        assertTrue(first >= 0, "'" + text + "' is not in the file");
        assertEquals(-1, indexOf(file, needle, first + 1), "'" + text + "' occurs more than once");
        return first;
    }

    private int lastOccurrenceBefore(String text, int limit) throws IOException {
        byte[] file = Files.readAllBytes(cycleFile());
        byte[] needle = text.getBytes(StandardCharsets.UTF_8);
        int found = -1;
        for (int i = indexOf(file, needle, 0); i >= 0 && i < limit; i = indexOf(file, needle, i + 1)) {
            found = i;
        }
        assertTrue(found >= 0, "'" + text + "' is not before offset " + limit);
        return found;
    }

    private void overwrite(int offset, String ascii) throws IOException {
        overwrite(offset, ascii.getBytes(StandardCharsets.US_ASCII));
    }

    private void overwrite(int offset, byte[] bytes) throws IOException {
        try (RandomAccessFile file = new RandomAccessFile(cycleFile().toFile(), "rw")) {
            file.seek(offset);
            file.write(bytes);
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
