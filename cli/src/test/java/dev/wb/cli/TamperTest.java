package dev.wb.cli;

import static dev.wb.cli.testing.CliRun.wb;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import dev.wb.cli.testing.CliRun;
import dev.wb.engine.EventLog;
import dev.wb.engine.ExpectedVersion;
import dev.wb.engine.StreamId;
import dev.wb.engine.TaskKey;
import dev.wb.engine.TestEvents;
import dev.wb.engine.logs.EventLogs;
import dev.wb.testkit.TempGitRepo;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.stream.Stream;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** One byte changed in a stored payload: wb replay --verify names that event and exits 7. */
class TamperTest {

    private static final StreamId TASK = StreamId.task(new TaskKey("ABC-1"));

    @TempDir
    Path tmp;

    private TempGitRepo repo;

    @BeforeEach
    void history() {
        repo = TempGitRepo.create(tmp, "repo");
        try (EventLog log = EventLogs.chronicle(repo.resolve(".workflow/local/log"))) {
            for (int i = 0; i < 5; i++) {
                log.append(
                        TASK,
                        ExpectedVersion.any(),
                        List.of(TestEvents.event("test.noted", Map.of("text", "distinctive-payload-" + i))),
                        TestEvents.invocation());
            }
        }
    }

    private void flipByteOf(String needle) throws IOException {
        Path cycleFile;
        try (Stream<Path> files = Files.list(repo.resolve(".workflow/local/log/streams/ABC-1"))) {
            cycleFile =
                    files.filter(p -> p.toString().endsWith(".cq4")).findFirst().orElseThrow();
        }
        byte[] bytes = Files.readAllBytes(cycleFile);
        byte[] pattern = needle.getBytes(StandardCharsets.UTF_8);
        int at = indexOf(bytes, pattern);
        assertTrue(at >= 0, "the payload is stored in " + cycleFile);
        bytes[at + pattern.length - 1] ^= 0x01; // '3' becomes '2': still valid JSON, different content
        Files.write(cycleFile, bytes);
    }

    private static int indexOf(byte[] haystack, byte[] needle) {
        outer:
        for (int i = 0; i <= haystack.length - needle.length; i++) {
            for (int j = 0; j < needle.length; j++) {
                if (haystack[i + j] != needle[j]) {
                    continue outer;
                }
            }
            return i;
        }
        return -1;
    }

    @Test
    void an_untouched_history_verifies() {
        CliRun.Result result = wb(repo.root(), "replay", "ABC-1", "--verify");

        assertEquals(0, result.code(), result::toString);
        assertEquals("task ABC-1: 5 events, hash chain intact\n", result.out());
    }

    @Test
    void one_changed_byte_in_a_payload_is_named_by_its_event_and_exits_7() throws IOException {
        flipByteOf("distinctive-payload-3");

        CliRun.Result result = wb(repo.root(), "replay", "ABC-1", "--verify");

        assertEquals(7, result.code(), result::toString);
        assertTrue(
                result.err().startsWith("error: the history of task ABC-1 does not verify at event 3 ("),
                result::toString);
        assertTrue(result.err().contains("do not match the event's hash"), result::toString);
        assertTrue(result.err().contains("\n  fix: "), result::toString);
        assertFalse(result.err().contains("\tat "), result::toString);
    }

    @Test
    void a_damaged_last_event_is_named_by_verify_not_reported_as_an_unreadable_log() throws IOException {
        // Regression, found in review: verify first asked for the head, which cannot decode a damaged
        // last header, so it failed with "the log is damaged" and its fix named verify itself.
        flipFieldName("distinctive-payload-4");

        CliRun.Result result = wb(repo.root(), "replay", "ABC-1", "--verify", "--json");

        assertEquals(7, result.code(), result::toString);
        assertEquals(4, result.json().get("firstBreak").get("version").asInt(), result::toString);
        assertEquals(4, result.json().get("eventsChecked").asInt());
    }

    /** Corrupts the header of the event whose payload holds the needle: its wbVersion key no longer parses. */
    private void flipFieldName(String needle) throws IOException {
        Path cycleFile;
        try (Stream<Path> files = Files.list(repo.resolve(".workflow/local/log/streams/ABC-1"))) {
            cycleFile =
                    files.filter(p -> p.toString().endsWith(".cq4")).findFirst().orElseThrow();
        }
        byte[] bytes = Files.readAllBytes(cycleFile);
        int payloadAt = indexOf(bytes, needle.getBytes(StandardCharsets.UTF_8));
        byte[] key = "\"wbVersion\"".getBytes(StandardCharsets.UTF_8);
        int keyAt = -1;
        for (int i = indexOf(bytes, key); i >= 0 && i < payloadAt; ) {
            keyAt = i;
            int next = indexOf(java.util.Arrays.copyOfRange(bytes, i + 1, bytes.length), key);
            i = next < 0 ? -1 : i + 1 + next;
        }
        assertTrue(keyAt >= 0, "found the header before the payload");
        bytes[keyAt + 1] = 'x';
        Files.write(cycleFile, bytes);
    }

    @Test
    void a_plain_listing_of_a_tampered_history_warns_on_stderr() throws IOException {
        flipByteOf("distinctive-payload-3");

        CliRun.Result result = wb(repo.root(), "replay", "ABC-1");

        assertEquals(5, result.out().lines().count(), result::toString);
        assertTrue(
                result.err().startsWith("warning: the history of task ABC-1 does not verify at event 3\n"),
                result::toString);
    }

    @Test
    void the_json_report_names_the_first_broken_event_and_how_many_held() throws IOException {
        flipByteOf("distinctive-payload-3");

        CliRun.Result result = wb(repo.root(), "replay", "ABC-1", "--verify", "--json");

        assertEquals(7, result.code(), result::toString);
        JsonNode report = result.json();
        assertFalse(report.get("intact").asBoolean());
        assertEquals(3, report.get("eventsChecked").asInt());
        assertEquals(3, report.get("firstBreak").get("version").asInt());
    }
}
