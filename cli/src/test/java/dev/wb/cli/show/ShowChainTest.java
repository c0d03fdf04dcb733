package dev.wb.cli.show;

import static dev.wb.cli.show.ShowRun.wb;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import dev.wb.testkit.TempGitRepo;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Arrays;
import java.util.List;
import java.util.stream.Stream;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** A history whose stored bytes were changed: {@code wb show} still shows it, names the break last and exits 7. */
class ShowChainTest {

    /** judge.run.refused's reason, event 17 of {@link EveryEventTask}. */
    private static final String NEEDLE = "the tree changed";

    @TempDir
    Path tmp;

    TempGitRepo repo;
    String key;

    @BeforeEach
    void damagedTask() throws IOException {
        repo = TempGitRepo.create(tmp, "repo");
        key = EveryEventTask.write(repo.root());
        Path cycleFile;
        try (Stream<Path> files = Files.list(repo.resolve(".workflow/local/log/streams/" + key))) {
            cycleFile =
                    files.filter(p -> p.toString().endsWith(".cq4")).findFirst().orElseThrow();
        }
        byte[] bytes = Files.readAllBytes(cycleFile);
        byte[] needle = NEEDLE.getBytes(StandardCharsets.UTF_8);
        int at = indexOf(bytes, needle);
        assertTrue(at >= 0, "the payload is stored in " + cycleFile);
        bytes[at + needle.length - 1] ^= 0x01; // "changed" becomes "changee": still JSON, another content
        Files.write(cycleFile, bytes);
    }

    @Test
    void the_break_is_the_last_line_and_the_exit_is_replay_verifys() {
        ShowRun.Result verify = wb(repo.root(), "replay", key, "--verify");

        ShowRun.Result show = wb(repo.root(), "show", key);

        assertEquals(7, verify.code(), verify::toString);
        assertEquals(verify.code(), show.code(), show::toString);
        List<String> lines = show.out().lines().toList();
        String last = lines.get(lines.size() - 1);
        assertTrue(last.startsWith("chain: does not verify at event 17 ("), last);
        assertTrue(last.contains("stored bytes do not match the event's hash"), last);
        assertTrue(last.endsWith("; events 0 to 16 verify"), last);
        assertTrue(show.out().contains("judge.run.refused"), "the timeline is still shown:\n" + show);
        // the same error and fixes as replay --verify, on stderr
        assertEquals(verify.err(), show.err());
        assertTrue(
                show.err().startsWith("error: the history of task EVERY-1 does not verify at event 17 ("),
                show::toString);
        assertTrue(show.err().contains("\n  fix: the events before it (0 to 16) verify; "), show::toString);
        assertFalse(show.err().contains("\tat "), show::toString);
    }

    @Test
    void the_page_of_a_damaged_history_is_written_and_exits_7_with_replay_verifys_error() throws IOException {
        ShowRun.Result verify = wb(repo.root(), "replay", key, "--verify");

        ShowRun.Result page = wb(repo.root(), "show", key, "--html");

        assertEquals(7, page.code(), page::toString);
        assertEquals(verify.err(), page.err());
        Path file = repo.resolve(".workflow/local/pages/" + key + ".html");
        assertEquals(List.of(file.toString()), page.out().lines().toList());
        assertTrue(Files.readString(file).contains("does not verify at event 17"), "the page says so too");
    }

    @Test
    void a_payload_that_is_no_longer_json_gets_the_chain_state_and_exit_7_never_an_unexpected_error()
            throws IOException {
        Path cycleFile;
        try (Stream<Path> files = Files.list(repo.resolve(".workflow/local/log/streams/" + key))) {
            cycleFile =
                    files.filter(p -> p.toString().endsWith(".cq4")).findFirst().orElseThrow();
        }
        byte[] bytes = Files.readAllBytes(cycleFile);
        int at = indexOf(bytes, "changee".getBytes(StandardCharsets.UTF_8));
        assertTrue(at >= 0);
        int quote = at;
        while (bytes[quote] != '"') {
            quote--;
        }
        bytes[quote] = 'X'; // the string's opening quote: the payload is no longer JSON
        Files.write(cycleFile, bytes);

        for (String[] args : List.of(
                new String[] {"show", key}, new String[] {"show", key, "--html"}, new String[] {"show", "--html"})) {
            ShowRun.Result r = wb(repo.root(), args);
            assertEquals(7, r.code(), r::toString);
            assertFalse(r.err().contains("unexpected"), r::toString);
            assertTrue(r.err().contains("does not verify at event 17"), r::toString);
        }
        assertFalse(Files.exists(repo.resolve(".workflow/local/pages/" + key + ".html")), "no page written");
        ShowRun.Result replay = wb(repo.root(), "replay", key);
        assertFalse(replay.err().contains("unexpected"), replay::toString);
        assertTrue(
                replay.out().contains("its payload cannot be read (not JSON): wb replay " + key + " --verify"),
                replay::toString);
        assertTrue(replay.err().contains("does not verify at event 17"), replay::toString);
    }

    @Test
    void json_names_the_break_and_exits_7() {
        ShowRun.Result show = wb(repo.root(), "show", key, "--json");

        assertEquals(7, show.code(), show::toString);
        JsonNode chain = show.json().get("chain");
        assertFalse(chain.get("intact").asBoolean());
        JsonNode own = chain.get("chains").get(0);
        assertFalse(own.get("intact").asBoolean());
        assertEquals(17, own.get("firstBreak").get("version").asInt());
        assertEquals(17, own.get("eventsChecked").asInt());
        assertTrue(own.get("head").isNull());
    }

    @Test
    void events_that_cannot_be_read_still_get_the_chain_state_and_exit_7() throws IOException {
        TempGitRepo other = TempGitRepo.create(tmp, "other");
        EveryEventTask.write(other.root());
        // the last event's header no longer parses: a read of the stream fails, verify names the event
        Path cycleFile = cycleFile(other);
        byte[] bytes = Files.readAllBytes(cycleFile);
        int payloadAt = indexOf(bytes, "r-other".getBytes(StandardCharsets.UTF_8));
        byte[] header = "\"wbVersion\"".getBytes(StandardCharsets.UTF_8);
        int keyAt = -1;
        for (int i = indexOf(bytes, header); i >= 0 && i < payloadAt; ) {
            keyAt = i;
            int next = indexOf(Arrays.copyOfRange(bytes, i + 1, bytes.length), header);
            i = next < 0 ? -1 : i + 1 + next;
        }
        assertTrue(keyAt >= 0, "found the last event's header");
        bytes[keyAt + 1] = 'x';
        Files.write(cycleFile, bytes);
        ShowRun.Result replay = wb(other.root(), "replay", key);
        ShowRun.Result verify = wb(other.root(), "replay", key, "--verify");

        ShowRun.Result show = wb(other.root(), "show", key);
        ShowRun.Result json = wb(other.root(), "show", key, "--json");

        assertEquals(3, replay.code(), "a listing cannot read it: " + replay);
        assertEquals(7, verify.code(), verify::toString);
        assertEquals(7, show.code(), show::toString);
        List<String> lines = show.out().lines().toList();
        assertTrue(
                lines.get(0).startsWith("task EVERY-1 · its events cannot be read: the log of task EVERY-1 is damaged"),
                show::toString);
        assertTrue(lines.get(lines.size() - 1).startsWith("chain: does not verify at event 26"), show::toString);
        assertTrue(lines.get(lines.size() - 1).endsWith("; events 0 to 25 verify"), show::toString);
        assertEquals(verify.err(), show.err());
        assertEquals(7, json.code(), json::toString);
        assertEquals(26, json.json().at("/chain/chains/0/firstBreak/version").asInt(), json::toString);
        assertTrue(json.json().get("unreadable").asText().contains("is damaged"), json::toString);
    }

    private Path cycleFile(TempGitRepo repository) throws IOException {
        try (Stream<Path> files = Files.list(repository.resolve(".workflow/local/log/streams/" + key))) {
            return files.filter(p -> p.toString().endsWith(".cq4")).findFirst().orElseThrow();
        }
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
}
