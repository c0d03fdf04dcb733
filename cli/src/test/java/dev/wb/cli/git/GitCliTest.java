package dev.wb.cli.git;

import static dev.wb.cli.testing.CliRun.wb;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import dev.wb.cli.testing.CliRun;
import dev.wb.testkit.TempGitRepo;
import java.nio.file.Path;
import java.util.Map;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** {@code wb git …} as a user meets it: printed series, --execute, refusals and exit codes. */
class GitCliTest {

    @TempDir
    Path tmp;

    TempGitRepo repo;

    @BeforeEach
    void repository() {
        repo = TempGitRepo.create(tmp, "repo");
    }

    @Test
    void start_prints_its_series_and_runs_nothing_without_execute() {
        CliRun.Result result = wb(repo.root(), "git", "start", "ABC-1");

        assertEquals(0, result.code(), result::toString);
        assertTrue(
                result.out().startsWith("git switch -c task/ABC-1    # a branch of its own for ABC-1\n"),
                result::toString);
        assertEquals("main", repo.git("branch", "--show-current").trim());
    }

    @Test
    void json_lists_each_step_with_its_argv_and_preconditions() {
        JsonNode doc = wb(repo.root(), "--json", "git", "start", "ABC-1").json();

        assertEquals(false, doc.get("executed").asBoolean());
        assertEquals("switch", doc.get("steps").get(0).get("argv").get(0).asText());
        assertEquals(
                "CLEAN_TREE",
                doc.get("steps").get(0).get("preconditions").get(0).asText());
    }

    @Test
    void execute_runs_the_series_and_a_disabled_switch_exits_2() {
        CliRun.Result disabled = wb(repo.root(), Map.of("WB_NO_EXECUTE", "1"), "git", "start", "ABC-1", "--execute");
        assertEquals(2, disabled.code(), disabled::toString);
        assertTrue(
                disabled.err().startsWith("error: --execute is disabled here: WB_NO_EXECUTE=1 is set"),
                disabled::toString);

        CliRun.Result ran = wb(repo.root(), TempGitRepo.gitEnvironment(), "git", "start", "ABC-1", "--execute");
        assertEquals(0, ran.code(), ran::toString);
        assertEquals("task/ABC-1", repo.git("branch", "--show-current").trim());
        assertTrue(ran.out().contains("ok      git switch -c task/ABC-1"), ran::toString);
    }

    @Test
    void a_refused_step_exits_1_and_lists_what_did_not_run() {
        repo.write("README.md", "dirty tracked change\n");

        CliRun.Result result = wb(repo.root(), TempGitRepo.gitEnvironment(), "git", "start", "ABC-1", "--execute");

        assertEquals(1, result.code(), result::toString);
        assertTrue(result.out().contains("REFUSED git switch -c task/ABC-1"), result::toString);
        assertTrue(result.err().contains("clean-tree"), result::toString);
        assertTrue(result.err().contains("fix:   git switch -c task/ABC-1"), result::toString);
    }

    @Test
    void push_without_a_remote_is_a_usage_error() {
        CliRun.Result result = wb(repo.root(), "git", "push");

        assertEquals(2, result.code(), result::toString);
        assertTrue(result.err().startsWith("error: this repository has no remote to push to"), result::toString);
    }

    @Test
    void ctx_names_a_mismatched_identity() {
        repo.git("config", "user.email", "me@personal.example");
        repo.write(".workflow/config.json", "{\"identity\": {\"name\": \"Me\", \"email\": \"me@work.example\"}}");

        CliRun.Result result = wb(repo.root(), "git", "ctx");

        assertEquals(0, result.code(), result::toString);
        assertTrue(
                result.out()
                        .contains("MISMATCH  user.email is me@personal.example, but .workflow/config.json expects"
                                + " me@work.example"),
                result::toString);
    }
}
