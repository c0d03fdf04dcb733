package dev.wb.cli.judge;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import dev.wb.cli.testing.CliRun;
import dev.wb.commands.base.Workspace;
import dev.wb.commands.judge.lock.RunLock;
import dev.wb.engine.TaskKey;
import dev.wb.testkit.TempGitRepo;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Clock;
import java.util.ArrayList;
import java.util.Iterator;
import java.util.List;
import java.util.regex.Pattern;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * {@code wb judge rounds} and {@code wb judge prune} as a user meets them: the JSON report's exact
 * fields, the human report, the exit codes, {@code error:}/{@code fix:} lines and never a stack trace.
 */
class JudgeRoundsCliTest {

    private static final Pattern STACK_FRAME = Pattern.compile("(?m)^\\s+at [\\w.$]+\\(");
    private static final String S1 = "sha256:" + "1".repeat(64);
    private static final String S2 = "sha256:" + "2".repeat(64);
    private static final String JUDGE = ".workflow/local/judge/";

    @TempDir
    Path tmp;

    TempGitRepo repo;
    final List<CliRun.Result> seen = new ArrayList<>();

    @BeforeEach
    void repository() {
        repo = TempGitRepo.create(tmp, "repo");
        repo.write("src/App.java", "class App {}\n");
        repo.write(".workflow/.gitignore", "local/\n");
        repo.commitAll("base");
    }

    @AfterEach
    void no_stack_trace_on_any_stderr() {
        for (CliRun.Result result : seen) {
            assertFalse(STACK_FRAME.matcher(result.err()).find(), result::toString);
            assertFalse(result.err().contains("Exception"), result::toString);
        }
    }

    CliRun.Result wb(String... args) {
        CliRun.Result result = CliRun.wb(repo.root(), args);
        seen.add(result);
        return result;
    }

    void record(String file, String task, String verdict, String reviewedAt, String scope) {
        repo.write(
                JUDGE + file,
                "{\"schemaVersion\": 6, \"taskId\": \"" + task + "\", \"verdict\": \"" + verdict
                        + "\", \"reviewedAt\": \"" + reviewedAt + "\", \"scope\": {\"scopeDigest\": \"" + scope + "\"},"
                        + " \"criteria\": [{\"id\": \"AC-1\", \"status\": \"pass\"}]}\n");
    }

    static List<String> names(JsonNode node) {
        List<String> names = new ArrayList<>();
        for (Iterator<String> it = node.fieldNames(); it.hasNext(); ) {
            names.add(it.next());
        }
        return names;
    }

    @Test
    void rounds_json_has_exactly_the_seeds_fields() {
        record("TASK-1/review.json", "TASK-1", "NEEDS_CHANGES", "2026-01-01T10:00:00Z", S1);
        record("TASK-1/records/2.json", "TASK-1", "APPROVED", "2026-01-02T12:00:00+02:00", S2);
        record("TASK-1/records/2-copy.json", "TASK-1", "APPROVED", "2026-01-02T10:00:00Z", S2);
        record("TASK-2/review.json", "TASK-2", "BLOCKED", "not a time", S1);
        repo.write(JUDGE + "snapshots/x/snapshot.json", "{}");

        CliRun.Result result = wb("judge", "rounds", "--json");

        assertEquals(0, result.code(), result::toString);
        JsonNode doc = result.json();
        assertEquals(List.of("tasks", "closed", "open", "unknown", "skipped"), names(doc));
        JsonNode task = doc.get("tasks").get(0);
        assertEquals("TASK-1", task.get("taskId").asText());
        assertEquals("closed", task.get("state").asText());
        assertEquals(2, task.get("rounds").size());
        JsonNode second = task.get("rounds").get(1);
        assertEquals("2026-01-02T10:00:00Z", second.get("reviewedAt").asText());
        assertEquals(
                List.of(JUDGE + "TASK-1/records/2-copy.json", JUDGE + "TASK-1/records/2.json"),
                List.of(
                        second.get("files").get(0).asText(),
                        second.get("files").get(1).asText()));
        assertTrue(second.get("independent").asBoolean());
        assertEquals("unknown", second.get("category").asText(), "no snapshot candidate");
        assertEquals("unknown", doc.get("tasks").get(1).get("state").asText());
        assertEquals(1, doc.get("closed").get("taskCount").asInt());
        assertEquals(2.0, doc.get("closed").get("mean").asDouble());
        assertTrue(doc.get("open").get("mean").isNull());
        assertEquals("TASK-2", doc.get("unknown").get(0).get("taskId").asText());
        assertEquals(JUDGE + "snapshots", doc.get("skipped").get(0).get("file").asText());
    }

    @Test
    void rounds_for_people_prints_the_same_fields() {
        record("TASK-1/review.json", "TASK-1", "APPROVED", "2026-01-01T10:00:00Z", S1);
        record("TASK-1/conflict.json", "TASK-1", "BLOCKED", "2026-01-01T10:00:00Z", S1);
        repo.write(JUDGE + "TASK-1/notes/x", "x");

        CliRun.Result result = wb("judge", "rounds");

        assertEquals(0, result.code(), result::toString);
        String out = result.out();
        assertTrue(out.contains("TASK-1  unknown  1 round"), out);
        assertTrue(
                out.contains(
                        "2026-01-01T10:00:00Z  verdict null  independent true  category unknown  ambiguous" + " true"),
                out);
        assertTrue(out.contains("scopeDigest " + S1), out);
        assertTrue(out.contains("closed: 0 tasks, 0 rounds, mean null, max null"), out);
        assertTrue(out.contains("unknown:\n  TASK-1: records share reviewedAt"), out);
        assertTrue(out.contains("skipped:\n  " + JUDGE + "TASK-1/notes: a folder not read"), out);
    }

    @Test
    void rounds_filters_by_task_and_refuses_a_malformed_key() {
        record("TASK-1/review.json", "TASK-1", "APPROVED", "2026-01-01T10:00:00Z", S1);
        record("TASK-2/review.json", "TASK-2", "BLOCKED", "2026-01-01T10:00:00Z", S1);

        CliRun.Result only = wb("judge", "rounds", "TASK-2", "--json");
        CliRun.Result malformed = wb("judge", "rounds", "task seven");

        assertEquals(0, only.code(), only::toString);
        assertEquals(1, only.json().get("tasks").size());
        assertEquals(1, only.json().get("open").get("taskCount").asInt());
        assertEquals(0, only.json().get("closed").get("taskCount").asInt());
        assertEquals(2, malformed.code(), malformed::toString);
        assertTrue(malformed.err().contains("error: malformed key"), malformed::toString);
    }

    @Test
    void rounds_fails_closed_on_an_unusable_policy() {
        record("TASK-1/review.json", "TASK-1", "APPROVED", "2026-01-01T10:00:00Z", S1);
        repo.write(".workflow/policy.json", "{\"blocked\": []}");

        CliRun.Result result = wb("judge", "rounds");

        assertEquals(3, result.code(), result::toString);
        assertTrue(result.err().contains("policy.json is unusable"), result::toString);
    }

    void snapshot(String id, String createdAt) throws IOException {
        repo.write(
                JUDGE + "snapshots/" + id + "/snapshot.json",
                "{\"format\": 6, \"id\": \"" + id + "\", \"taskId\": \"TASK-1\", \"createdAt\": \"" + createdAt
                        + "\", \"parent\": null}");
    }

    @Test
    void prune_previews_by_default_and_deletes_with_force() throws IOException {
        String older = "0".repeat(19) + "1";
        String newer = "0".repeat(19) + "2";
        snapshot(older, "2026-01-01T10:00:00Z");
        snapshot(newer, "2026-01-02T10:00:00Z");
        repo.write(JUDGE + "snapshots/junk/x", "x");

        CliRun.Result preview = wb("judge", "prune", "--keep", "1");
        CliRun.Result json = wb("judge", "prune", "--keep", "1", "--json");

        assertEquals(0, preview.code(), preview::toString);
        assertTrue(
                preview.out()
                        .startsWith("dry run, nothing deleted (add --force to delete): keep 1: 1 snapshot"
                                + " kept, 1 would be deleted"),
                preview.out());
        assertTrue(preview.out().contains("broken (reported, left in place"), preview.out());
        assertTrue(Files.isDirectory(repo.resolve(JUDGE + "snapshots/" + older)));
        assertEquals(0, json.code(), json::toString);
        assertTrue(json.json().get("dryRun").asBoolean());
        assertEquals(older, json.json().get("deleted").get(0).asText());

        CliRun.Result forced = wb("judge", "prune", "--keep", "1", "--force", "--json");

        assertEquals(0, forced.code(), forced::toString);
        assertFalse(forced.json().get("dryRun").asBoolean());
        assertFalse(Files.exists(repo.resolve(JUDGE + "snapshots/" + older)));
        assertTrue(Files.isDirectory(repo.resolve(JUDGE + "snapshots/junk")));
        assertFalse(forced.json().get("event").isNull());
        CliRun.Result replay = wb("replay", "workspace", "--json");
        assertTrue(replay.out().contains("judge.snapshots.pruned"), replay::toString);
    }

    // Lock is held for the block's length: taken, never read.
    @SuppressWarnings("try")
    @Test
    void prune_refuses_a_negative_keep_and_a_locked_snapshot() throws IOException {
        String older = "0".repeat(19) + "1";
        snapshot(older, "2026-01-01T10:00:00Z");
        snapshot("0".repeat(19) + "2", "2026-01-02T10:00:00Z");

        CliRun.Result negative = wb("judge", "prune", "--keep", "-1");
        CliRun.Result notANumber = wb("judge", "prune", "--keep", "many");

        assertEquals(2, negative.code(), negative::toString);
        assertEquals(2, notANumber.code(), notANumber::toString);
        try (RunLock lock = RunLock.acquire(
                Workspace.require(repo.root()), new TaskKey("TASK-1"), older, false, Clock.systemUTC())) {
            CliRun.Result refused = wb("judge", "prune", "--keep", "1", "--force");

            assertEquals(2, refused.code(), refused::toString);
            assertTrue(
                    refused.err().contains("error: a validation run holds the lock on SNAPSHOT:" + older),
                    refused::toString);
            assertTrue(refused.err().contains("  fix: wait for the run to end"), refused::toString);
            assertTrue(Files.isDirectory(repo.resolve(JUDGE + "snapshots/" + older)));
        }
    }
}
