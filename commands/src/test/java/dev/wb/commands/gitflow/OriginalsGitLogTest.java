package dev.wb.commands.gitflow;

import static dev.wb.commands.PlanFixture.plan;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import dev.wb.commands.Session;
import dev.wb.commands.base.Workspace;
import dev.wb.commands.sdd.SddAudit;
import dev.wb.engine.TaskKey;
import dev.wb.engine.TestEvents;
import dev.wb.engine.json.CanonicalJson;
import dev.wb.testkit.TempGitRepo;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Instant;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.function.Function;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * git.log.json is the original's list of runs (wb-plans reference §5): {schema, at, ok, stopped, steps:
 * [{command, exit_code, output?, refused?}]}, rendered from the task's events; real repositories, real git.
 */
class OriginalsGitLogTest {

    static final TaskKey KEY = new TaskKey("ABC-1");

    @TempDir
    Path tmp;

    TempGitRepo repo;
    Map<String, String> env;

    @BeforeEach
    void repository() {
        Path remote = TempGitRepo.createBare(tmp, "remote.git");
        repo = TempGitRepo.create(tmp, "repo");
        repo.write("src/app.py", "value = 1\n");
        repo.commitAll("app");
        repo.git("remote", "add", "origin", remote.toString());
        repo.git("push", "-q", "-u", "origin", "main");
        env = new HashMap<>(System.getenv());
        env.putAll(TempGitRepo.gitEnvironment());
        plan(KEY.value())
                .cite("src/app.py", 1, "value = 1")
                .file("src/app.py", "edit")
                .writeTo(repo);
        try (Session session = session()) {
            assertTrue(SddAudit.run(session, KEY, false).passed());
        }
        repo.write(".workflow/ABC-1/commit.txt", "Round the value\n");
    }

    Session session() {
        return new Session(Workspace.require(repo.root()), System.getenv(), TestEvents.invocation());
    }

    void execute(Function<Session, GitFlow.Planned> plan) {
        try (Session session = session()) {
            GitFlow.execute(session, plan.apply(session), env);
        }
    }

    JsonNode log() throws IOException {
        return CanonicalJson.parse(Files.readAllBytes(repo.resolve(".workflow/ABC-1/git.log.json")));
    }

    static List<String> names(JsonNode object) {
        List<String> names = new ArrayList<>();
        object.fieldNames().forEachRemaining(names::add);
        return names;
    }

    @Test
    void each_executed_series_is_one_run_with_the_originals_fields_and_types() throws IOException {
        execute(s -> GitFlow.start(s, KEY));

        JsonNode log = log();
        assertTrue(log.isArray(), "a JSON list of runs");
        assertEquals(1, log.size());
        JsonNode run = log.get(0);
        assertEquals(
                List.of("schema", "at", "ok", "stopped", "steps"), names(run).subList(0, 5));
        assertEquals(1, run.get("schema").intValue());
        assertTrue(run.get("at").isIntegralNumber(), run.toString());
        assertEquals(
                Instant.parse(run.get("time").textValue()).getEpochSecond(),
                run.get("at").longValue(),
                "unix seconds of the recorded end of the series");
        assertTrue(run.get("ok").booleanValue());
        assertEquals("", run.get("stopped").textValue());
        assertEquals(2, run.get("steps").size());
        JsonNode fetch = run.get("steps").get(0);
        assertTrue(fetch.get("command").textValue().startsWith("git fetch"), fetch.toString());
        assertEquals(0, fetch.get("exit_code").intValue());
        assertEquals(List.of("command", "exit_code"), names(fetch).subList(0, 2));
        assertEquals(
                "git switch -c task/ABC-1",
                run.get("steps").get(1).get("command").textValue());
        assertFalse(run.get("steps").get(1).has("refused"));
        assertEquals("start", run.get("series").textValue(), "wb's addition: which command planned it");
    }

    @Test
    void a_refused_step_stops_the_run_with_the_refusal_and_exit_code_0_as_the_original_writes_it() throws IOException {
        repo.write("src/app.py", "value = 2\n");
        repo.git("add", "src/app.py");
        execute(s -> GitFlow.commit(s, KEY)); // on main: not-protected refuses

        JsonNode run = log().get(0);
        assertFalse(run.get("ok").booleanValue());
        JsonNode step = run.get("steps").get(0);
        assertEquals(0, step.get("exit_code").intValue(), "git never ran");
        assertTrue(step.get("refused").textValue().contains("protected"), step.toString());
        assertEquals(step.get("refused").textValue(), run.get("stopped").textValue());
        assertEquals("refused", step.get("status").textValue());
        assertEquals(-1, step.get("exitCode").intValue(), "wb's own code beside");
    }

    @Test
    void a_failed_step_stops_the_run_as_command_exited_n_and_runs_accumulate_oldest_first() throws IOException {
        execute(s -> GitFlow.start(s, KEY));
        execute(s -> GitFlow.commit(s, KEY)); // nothing staged: git commit exits 1

        JsonNode log = log();
        assertEquals(2, log.size());
        JsonNode run = log.get(1);
        assertFalse(run.get("ok").booleanValue());
        JsonNode step = run.get("steps").get(0);
        assertEquals(1, step.get("exit_code").intValue());
        assertTrue(step.has("output") && !step.get("output").textValue().isBlank(), step.toString());
        assertEquals(
                step.get("command").textValue() + " exited 1",
                run.get("stopped").textValue());
        assertTrue(step.get("command").textValue().startsWith("git commit -F "), step.toString());
    }

    @Test
    void git_log_json_is_written_indent_2_ascii_with_a_trailing_newline() throws IOException {
        execute(s -> GitFlow.start(s, KEY));

        String written = Files.readString(repo.resolve(".workflow/ABC-1/git.log.json"));
        assertTrue(written.startsWith("[\n  {\n    \"schema\": 1,\n    \"at\": "), written);
        assertTrue(written.endsWith("]\n"));
        assertTrue(written.chars().allMatch(c -> c < 0x80), "json.dumps(history, indent=2) escapes non-ASCII");
    }
}
