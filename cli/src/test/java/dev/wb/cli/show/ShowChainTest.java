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
