package dev.wb.commands.checks;

import static dev.wb.commands.PlanFixture.plan;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import dev.wb.commands.Session;
import dev.wb.commands.base.Failure;
import dev.wb.commands.base.Workspace;
import dev.wb.commands.config.WorkspaceConfig;
import dev.wb.commands.sdd.SddAudit;
import dev.wb.engine.EventEnvelope;
import dev.wb.engine.StreamId;
import dev.wb.engine.TaskKey;
import dev.wb.engine.TestEvents;
import dev.wb.testkit.TempGitRepo;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFilePermissions;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * A command set's {@code env}: the variables reach the command's real process on top of wb's environment,
 * are recorded with the command in {@code checks.ran}, and a name that would change which program runs
 * (or a secret-bearing one) is refused when config.json is read.
 */
class CommandSetEnvTest {

    static final TaskKey KEY = new TaskKey("ABC-1");

    @TempDir
    Path tmp;

    TempGitRepo repo;

    @BeforeEach
    void repository() {
        repo = TempGitRepo.create(tmp, "repo");
        repo.write("src/app.py", "# app\nvalue = 1\n");
        Path file = repo.write("tools/show.sh", "#!/bin/sh\necho \"PYTHONPATH=$PYTHONPATH MODE=$MODE\"\n");
        try {
            Files.setPosixFilePermissions(file, PosixFilePermissions.fromString("rwxr-xr-x"));
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
        repo.commitAll("app and tools");
    }

    Session session() {
        return new Session(Workspace.require(repo.root()), System.getenv(), TestEvents.invocation());
    }

    void audited() {
        plan(KEY.value())
                .cite("src/app.py", 2, "value = 1")
                .file("src/app.py", "edit")
                .writeTo(repo);
        try (Session session = session()) {
            assertTrue(SddAudit.run(session, KEY, false).passed(), "the plan passes its audit");
        }
    }

    ChecksRun.Report checks(String commandSets) {
        repo.write(".workflow/config.json", "{\"checks\": {\"command_sets\": {" + commandSets + "}}}\n");
        try (Session session = session()) {
            return ChecksRun.run(session, KEY, Map.of("PATH", System.getenv("PATH")), ChecksRun.Progress.NONE);
        }
    }

    @Test
    void a_set_s_env_and_a_command_s_own_env_reach_the_process_and_are_recorded_with_it() {
        audited();
        repo.write("src/app.py", "# app\nvalue = 2\n");

        ChecksRun.Report report = checks(
                "\"py\": {\"env\": {\"PYTHONPATH\": \"src\", \"MODE\": \"set\"},"
                        + " \"commands\": [[\"tools/show.sh\"], {\"argv\": [\"tools/show.sh\"], \"env\": {\"MODE\": \"own\"}}]}");

        assertEquals(ChecksVerdict.PASS, report.verdict());
        assertEquals("PYTHONPATH=src MODE=set\n", report.results().get(0).output());
        assertEquals("PYTHONPATH=src MODE=own\n", report.results().get(1).output(), "a command's own env wins");
        assertEquals(
                "PYTHONPATH=src MODE=own tools/show.sh", report.results().get(1).command());
        List<EventEnvelope> events;
        try (Session session = session()) {
            events = session.reader().read(StreamId.task(KEY));
        }
        JsonNode commands = events.get(events.size() - 1).payload().json().get("commands");
        assertEquals(
                "{\"MODE\":\"set\",\"PYTHONPATH\":\"src\"}",
                commands.get(0).get("env").toString());
        assertEquals(
                "{\"MODE\":\"own\",\"PYTHONPATH\":\"src\"}",
                commands.get(1).get("env").toString());
    }

    @Test
    void a_command_without_env_is_recorded_as_before_without_the_field() {
        audited();
        repo.write("src/app.py", "# app\nvalue = 2\n");

        checks("\"py\": {\"commands\": [[\"tools/show.sh\"]]}");

        try (Session session = session()) {
            List<EventEnvelope> events = session.reader().read(StreamId.task(KEY));
            JsonNode command = events.get(events.size() - 1)
                    .payload()
                    .json()
                    .get("commands")
                    .get(0);
            assertFalse(command.has("env"), command.toString());
        }
    }

    @Test
    void a_name_that_changes_which_program_runs_is_refused_when_config_json_is_read() {
        audited();
        repo.write("src/app.py", "# app\nvalue = 2\n");
        for (String name : List.of("PATH", "LD_PRELOAD", "GIT_EXEC_PATH", "GIT_CONFIG_GLOBAL", "RUSTC_WRAPPER")) {
            Failure f = assertThrows(
                    Failure.class,
                    () -> checks("\"py\": {\"commands\": [{\"argv\": [\"tools/show.sh\"], \"env\": {\"" + name
                            + "\": \"/tmp/x\"}}]}"),
                    name);
            assertEquals(Failure.Kind.CONFIG, f.kind());
            assertTrue(
                    f.getMessage()
                            .startsWith(".workflow/config.json line 1: checks.command_sets.py.commands[0].env." + name
                                    + " is refused ("),
                    f.getMessage());
        }
    }

    @Test
    void a_secret_bearing_name_is_refused_and_its_value_never_echoed() {
        audited();
        Failure f = assertThrows(
                Failure.class,
                () -> checks(
                        "\"py\": {\"env\": {\"API_TOKEN\": \"s3cr3t-value-123\"}, \"commands\": [[\"tools/show.sh\"]]}"));
        assertEquals(Failure.Kind.CONFIG, f.kind());
        assertTrue(f.getMessage().contains("checks.command_sets.py.env.API_TOKEN is refused"), f.getMessage());
        assertFalse(
                String.join("\n", f.getMessage(), String.join("\n", f.fixes())).contains("s3cr3t"));
    }

    @Test
    void the_static_summary_shows_each_command_with_its_variables() {
        WorkspaceConfig.CommandSet set = new WorkspaceConfig.CommandSet(
                "py",
                List.of(List.of("python", "-m", "pytest"), List.of("ruff", "check", ".")),
                List.of(),
                Optional.empty(),
                false,
                Map.of("PYTHONPATH", "src"),
                List.of(Map.of(), Map.of()));

        assertEquals(
                "py (paths: always): PYTHONPATH=src python -m pytest; PYTHONPATH=src ruff check .",
                CommandSetSummary.line(set));
    }
}
