package dev.wb.cli.history;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.wb.cli.testing.CliRun;
import dev.wb.engine.Actor;
import dev.wb.engine.EventEnvelope;
import dev.wb.engine.EventSchemas.EventSchema;
import dev.wb.engine.Payload;
import dev.wb.engine.StreamId;
import dev.wb.projections.catalog.WbEvents;
import dev.wb.projections.events.GitStepRan;
import dev.wb.testkit.TempGitRepo;
import java.nio.file.Path;
import java.time.Instant;
import java.util.Optional;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** {@code wb replay} gives every event type a readable one-line summary (issue 13, item 25). */
class ReplaySummarisesEveryEventTypeTest {

    private static final ObjectMapper JSON = new ObjectMapper();
    private static final String DIGEST = "sha256:" + "a".repeat(64);

    @TempDir
    Path tmp;

    @Test
    void item25_every_event_type_has_a_readable_summary() {
        // Defect: "wb replay KEY prints raw, cut JSON payloads (cut at 100 characters) for 13 git and judge event
        // types"
        for (EventSchema schema : WbEvents.SCHEMAS.all()) {
            for (ObjectNode payload : java.util.List.of(JSON.createObjectNode(), strangePayload())) {
                String summary = Summaries.of(event(schema.type(), payload));
                assertFalse(summary.contains("{\""), schema.type() + " falls back to raw JSON: " + summary);
                assertFalse(summary.contains("unknown event type"), schema.type() + ": " + summary);
                assertFalse(summary.isBlank(), schema.type());
                assertFalse(summary.contains("\n") || summary.contains("\u001b"), schema.type() + ": " + summary);
            }
        }
    }

    @Test
    void item25_payload_text_is_escaped_and_an_unknown_type_shows_a_short_note() {
        // Defect: summaries printed payload text (commands, paths) as it was, control characters included
        ObjectNode step = JSON.createObjectNode()
                .put("series", "commit")
                .put("index", 0)
                .put("status", "failed")
                .put("exitCode", 1)
                .put("durationMs", 5);
        step.putArray("argv").add("commit").add("-m").add("evil\u001b[2Jtitle");
        String summary = Summaries.of(event(GitStepRan.TYPE.name(), step));
        assertFalse(summary.contains("\u001b"), summary);
        assertTrue(summary.contains("git commit -m"), summary);

        String unknown = Summaries.of(event("future.thing.happened", strangePayload()));
        assertFalse(unknown.contains("{\""), unknown);
        assertTrue(unknown.contains("unknown event type"), unknown);
    }

    @Test
    void item25_a_real_replay_with_git_and_judge_events_prints_no_json_payload() {
        // Defect: "wb replay KEY prints raw, cut JSON payloads" for git and judge events
        TempGitRepo repo = TempGitRepo.create(tmp, "repo");
        repo.write("src/App.java", "class App {}\n");
        repo.write(".gitignore", "build/\n");
        repo.write(".workflow/.gitignore", "local/\n.env\n");
        repo.commitAll("base");
        assertEquals(0, wb(repo, "git", "start", "TASK-1", "--execute").code());
        String dir = ".workflow/TASK-1/";
        repo.write(dir + "task.md", "# Task\n\n## Validation\n\n```\nmkdir -p build/ran\n```\n");
        repo.write(dir + "context.md", "# Context\n");
        repo.write(dir + "plan.md", "# Plan\n");
        repo.write(dir + "acceptance-criteria.md", "- AC-1: it works\n");
        repo.write(dir + "review-checklist.md", "# Checklist\n");
        repo.write("src/App.java", "class App { int x; }\n");
        CliRun.Result snapshot = wb(repo, "judge", "snapshot", "TASK-1", "--base", "main", "--json");
        assertEquals(0, snapshot.code(), snapshot::toString);
        String id = snapshot.json().get("id").asText();
        assertEquals(0, wb(repo, "task", "approve-commands", "TASK-1").code());
        CliRun.Result run = wb(repo, "judge", "run", "TASK-1", "--candidate", "SNAPSHOT:" + id);
        assertEquals(0, run.code(), run::toString);

        CliRun.Result replay = wb(repo, "replay", "TASK-1");

        assertEquals(0, replay.code(), replay::toString);
        for (String type : java.util.List.of(
                "git.step.ran",
                "git.series.finished",
                "judge.snapshot.captured",
                "task.commands.approved",
                "judge.run.started",
                "judge.run.finished",
                "judge.receipt.written")) {
            assertTrue(replay.out().contains(type), type + " missing: " + replay);
        }
        assertFalse(replay.out().contains("{\""), replay::toString);
    }

    private static CliRun.Result wb(TempGitRepo repo, String... args) {
        return CliRun.wb(repo.root(), TempGitRepo.gitEnvironment(), args);
    }

    /** A payload a raw-JSON fallback would show: fields no summary reads, long text. */
    private static ObjectNode strangePayload() {
        ObjectNode payload =
                JSON.createObjectNode().put("unexpected", "x".repeat(200)).put("snapshot", 7);
        payload.putArray("argv").add(3);
        payload.put("planDigest", DIGEST);
        return payload;
    }

    private static EventEnvelope event(String type, ObjectNode payload) {
        return new EventEnvelope(
                "01J00000000000000000000000",
                StreamId.workspace(),
                3,
                type,
                1,
                Instant.parse("2026-12-01T00:00:00Z"),
                new Actor("me", "host", 1, Optional.empty()),
                "0.1.0",
                "inv",
                Payload.of(payload),
                EventEnvelope.GENESIS,
                DIGEST);
    }
}
