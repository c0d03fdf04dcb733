package dev.wb.cli.ops;

import static dev.wb.cli.testing.CliRun.wb;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import dev.wb.cli.testing.CliRun;
import dev.wb.testkit.TempGitRepo;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFilePermissions;
import java.util.List;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * {@code wb checks} as a user meets it: a check's output keeps no secret, and a check that rewrites the
 * repository is caught (real repository, real processes, real log; hardened in issue 13).
 */
class ChecksCatchMutationsAndRedactSecretsTest {

    private static final String BOT_TOKEN = "884422:telegram-token-printed-by-a-check";

    @TempDir
    Path tmp;

    TempGitRepo repo;

    @BeforeEach
    void repository() {
        repo = TempGitRepo.create(tmp, "repo");
        repo.write("src/app.py", "# app\nvalue = 1\n");
        repo.write("README.md", "# readme\n");
        repo.write(".gitignore", "build/\n");
        try {
            Files.setPosixFilePermissions(
                    repo.write("tools/ok.sh", "#!/bin/sh\necho ok\n"), PosixFilePermissions.fromString("rwxr-xr-x"));
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
        repo.commitAll("app");
    }

    private void config(String commandSets) {
        repo.write(
                ".workflow/config.json",
                "{\"telegram\": {\"enabled\": true, \"bot_token\": \"" + BOT_TOKEN
                        + "\", \"chat_id\": \"42\"}, \"checks\": {\"command_sets\": {" + commandSets + "}}}\n");
    }

    private void auditedAndChanged() {
        repo.write(".workflow/ABC-1/sdd.json", ChecksCliTest.PLAN);
        assertEquals(0, wb(repo.root(), "sdd", "audit", "ABC-1").code());
        repo.write("src/app.py", "# app\nvalue = 2\n");
    }

    private JsonNode lastChecksEvent() {
        CliRun.Result replay = wb(repo.root(), "replay", "ABC-1", "--json");
        assertEquals(0, replay.code(), replay.toString());
        List<JsonNode> events = replay.jsonLines();
        JsonNode last = events.get(events.size() - 1);
        assertEquals("checks.ran", last.get("type").asText(), replay.out());
        return last;
    }

    // ------------------------------------------------------------------ item 7

    @Test
    void item07_a_check_printing_the_telegram_token_leaves_it_nowhere() {
        // Defect: "a check that prints the Telegram token stores it raw in checks.ran".
        config("\"leaky\": {\"commands\": [[\"cat\", \".workflow/config.json\"], [\"echo\", \"" + BOT_TOKEN + "\"]]}");
        auditedAndChanged();

        CliRun.Result text = wb(repo.root(), "checks", "ABC-1");
        CliRun.Result json = wb(repo.root(), "checks", "ABC-1", "--json");

        assertEquals(0, text.code(), text.toString());
        assertTrue(json.json().at("/commands/0/output").asText().contains("[redacted]"), json.toString());
        assertEquals("[redacted]", json.json().at("/commands/1/argv/1").asText(), json.toString());
        String all = text.out()
                + text.err()
                + json.out()
                + json.err()
                + wb(repo.root(), "replay", "ABC-1", "--json").out()
                + wb(repo.root(), "status", "ABC-1").out();
        assertFalse(all.contains(BOT_TOKEN), all);
        assertFalse(all.contains("telegram-token-printed-by-a-check"), all);
    }

    // ------------------------------------------------------------------ item 9 (a)

    @Test
    void item09_a_passing_check_that_rewrites_a_tracked_file_parks_the_task_for_a_person() {
        // Defect: a check that rewrites the working tree (sh -c "echo x >> README.md") passes.
        config("\"fmt\": {\"commands\": [[\"tools/ok.sh\"], [\"sh\", \"-c\", \"echo x >> README.md\"]]}");
        auditedAndChanged();

        CliRun.Result result = wb(repo.root(), "checks", "ABC-1");

        assertEquals(1, result.code(), result.toString());
        assertTrue(result.out().contains("MUTATED fmt: sh -c echo x >> README.md changed README.md"), result.out());
        assertTrue(result.out().endsWith("checks ABC-1: incomplete (manual)\n"), result.out());
        assertTrue(
                result.err()
                        .contains("error: the checks of ABC-1 are incomplete: a check mutated the working"
                                + " tree: sh -c echo x >> README.md (set fmt) changed README.md"),
                result.err());
        assertTrue(result.err().contains("  fix: "), result.err());
        JsonNode payload = lastChecksEvent().get("payload");
        assertEquals("incomplete", payload.get("verdict").asText(), payload.toString());
        assertEquals("fmt", payload.at("/mutations/0/set").asText(), payload.toString());
        assertEquals(
                "[\"sh\",\"-c\",\"echo x >> README.md\"]",
                payload.at("/mutations/0/argv").toString());
        assertEquals("[\"README.md\"]", payload.at("/mutations/0/paths").toString());
        assertEquals(1, payload.get("mutations").size(), payload.toString());
        assertTrue(
                wb(repo.root(), "replay", "ABC-1")
                        .out()
                        .contains("incomplete · 1 changed path · sets fmt"
                                + " · 2 passed · working tree changed by 1 command(s)"),
                "wb replay says it in its one line");
    }

    @Test
    void item09_a_check_rewriting_a_file_the_task_already_changed_is_caught_by_its_content() {
        // Defect: the same, on a file whose git status does not change (it was modified already).
        config("\"fmt\": {\"commands\": [[\"sh\", \"-c\", \"echo '# formatted' >> src/app.py\"]]}");
        auditedAndChanged();

        CliRun.Result result = wb(repo.root(), "checks", "ABC-1", "--json");

        assertEquals(1, result.code(), result.toString());
        assertEquals("incomplete", result.json().get("verdict").asText());
        assertEquals("[\"src/app.py\"]", result.json().at("/mutations/0/paths").toString());
    }

    @Test
    void item09_output_in_ignored_or_generated_folders_is_no_mutation() {
        // The rule is about the task's diff: build output git ignores, or wb's scope leaves out, is not in it.
        config("\"build\": {\"commands\": [[\"sh\", \"-c\", \"mkdir -p build node_modules/x && echo 1 > build/out"
                + " && echo 1 > node_modules/x/y.js\"]]}");
        auditedAndChanged();

        CliRun.Result result = wb(repo.root(), "checks", "ABC-1", "--json");

        assertEquals(0, result.code(), result.toString());
        assertEquals("pass", result.json().get("verdict").asText());
        assertEquals(0, result.json().get("mutations").size(), result.out());
    }

    @Test
    void item09_a_failing_check_that_also_mutates_goes_to_fixing_and_records_the_mutation() {
        // The orchestrator's order: a quality failure wins over the mutation; the run still records it.
        config("\"fmt\": {\"commands\": [[\"sh\", \"-c\", \"echo x >> README.md; exit 3\"]]}");
        auditedAndChanged();

        CliRun.Result result = wb(repo.root(), "checks", "ABC-1", "--json");

        assertEquals(7, result.code(), result.toString());
        assertEquals("fail", result.json().get("verdict").asText());
        assertEquals("[\"README.md\"]", result.json().at("/mutations/0/paths").toString());
    }

    // ------------------------------------------------------------------ item 9 (b)

    @Test
    void item09_a_command_set_that_commits_is_refused_when_config_json_is_read() {
        // Defect: a command set [git, commit] is accepted; the orchestrator refuses it at load.
        auditedAndChanged();
        repo.write(
                ".workflow/config.json",
                "{\n  \"checks\": {\n    \"command_sets\": {\n      \"repo\": {\"commands\":"
                        + " [[\"tools/ok.sh\"],\n        [\"git\", \"commit\", \"-am\", \"wip\"]]}\n    }\n  }\n}\n");

        CliRun.Result checks = wb(repo.root(), "checks", "ABC-1");
        CliRun.Result show = wb(repo.root(), "config", "show");

        assertEquals(3, checks.code(), checks.toString());
        assertTrue(
                checks.err()
                        .startsWith("error: .workflow/config.json line 5: checks.command_sets.repo.commands[1]:"
                                + " matches denied command 'git commit'"),
                checks.err());
        assertTrue(checks.err().contains("  fix: "), checks.err());
        assertFalse(checks.err().contains("Exception"), checks.err());
        assertEquals(3, show.code(), show.toString());
    }

    @Test
    void item09_every_spelling_of_the_repository_writing_commands_is_refused() {
        for (String argv : List.of(
                "[\"git\", \"push\"]",
                "[\"/usr/bin/git\", \"-C\", \".\", \"commit\"]",
                "[\"git\", \"-c\", \"user.name=x\", \"--no-pager\", \"push\", \"origin\"]",
                "[\"git.exe\", \"commit\"]",
                "[\"gh\", \"pr\", \"create\", \"--fill\"]",
                "[\"gh\", \"-R\", \"o/r\", \"pr\", \"merge\", \"1\"]")) {
            repo.write(
                    ".workflow/config.json",
                    "{\"checks\": {\"command_sets\": {\"x\": {\"commands\": [" + argv + "]}}}}");
            CliRun.Result show = wb(repo.root(), "config", "show");
            assertEquals(3, show.code(), argv + "\n" + show);
            assertTrue(show.err().contains("matches denied command"), argv + "\n" + show);
        }
        for (String argv : List.of(
                "[\"git\", \"status\"]",
                "[\"git\", \"log\", \"--oneline\", \"commit\"]",
                "[\"gh\", \"pr\", \"view\"]",
                "[\"make\", \"commit\"]")) {
            repo.write(
                    ".workflow/config.json",
                    "{\"checks\": {\"command_sets\": {\"x\": {\"commands\": [" + argv + "]}}}}");
            CliRun.Result show = wb(repo.root(), "config", "show");
            assertEquals(0, show.code(), argv + "\n" + show);
        }
    }
}
