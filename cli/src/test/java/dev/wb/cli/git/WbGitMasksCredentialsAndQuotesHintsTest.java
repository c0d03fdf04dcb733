package dev.wb.cli.git;

import static dev.wb.cli.testing.CliRun.wb;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import dev.wb.cli.testing.CliRun;
import dev.wb.cli.testing.Fixtures;
import dev.wb.testkit.TempGitRepo;
import java.nio.file.Path;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/** {@code wb git} as a careful user or an attacker meets it (hardened in issue 13, items 4, 10 and 24). */
class WbGitMasksCredentialsAndQuotesHintsTest {

    static final String TOKEN = "ghp_0123456789abcdefghijklmnopqrstuvwxyz";

    @TempDir
    Path tmp;

    TempGitRepo repo;

    @BeforeEach
    void repository() {
        repo = TempGitRepo.create(tmp, "repo");
        repo.write("src/app.py", "# app\nvalue = 1\n");
        repo.commitAll("app");
    }

    static Map<String, String> env(String noExecute) {
        Map<String, String> env = new HashMap<>(TempGitRepo.gitEnvironment());
        env.put("WB_NO_EXECUTE", noExecute);
        return env;
    }

    // "WB_NO_EXECUTE=true wb git start KEY --execute ran fetch and switch"
    @ParameterizedTest
    @ValueSource(strings = {"1", "true", "yes", "TRUE", " on ", "2", "anything"})
    void item04_any_value_but_empty_0_false_or_no_switches_execution_off(String value) {
        CliRun.Result result = wb(repo.root(), env(value), "git", "start", "ABC-1", "--execute");

        assertEquals(2, result.code(), result::toString);
        assertTrue(result.err().startsWith("error: --execute is disabled here: WB_NO_EXECUTE="), result::toString);
        assertTrue(
                result.err().contains("\n  fix: run the printed commands yourself, or unset WB_NO_EXECUTE"),
                result::toString);
        assertEquals("main", repo.git("branch", "--show-current").trim(), "nothing ran");
    }

    // "Any value but empty, 0, false, no must disable execution": those four leave it on
    @ParameterizedTest
    @ValueSource(strings = {"", "0", "false", "No", " no ", "FALSE"})
    void item04_empty_0_false_and_no_leave_execution_on(String value) {
        CliRun.Result result = wb(repo.root(), env(value), "git", "start", "ABC-1", "--execute");

        assertEquals(0, result.code(), result::toString);
        assertEquals("task/ABC-1", repo.git("branch", "--show-current").trim());
    }

    // "wb git ctx prints a remote's credentials in full (https://x-access-token:ghp_…@…)"
    @Test
    void item10_ctx_masks_the_user_information_of_every_remote_url_in_text_and_json() {
        repo.git("remote", "add", "origin", "https://x-access-token:" + TOKEN + "@github.com/o/r.git");
        repo.git("remote", "set-url", "--push", "origin", "https://bot:" + TOKEN + "@push.example/o/r.git");

        CliRun.Result text = wb(repo.root(), "git", "ctx");
        CliRun.Result json = wb(repo.root(), "--json", "git", "ctx");

        assertEquals(0, text.code(), text::toString);
        assertFalse(text.out().contains(TOKEN), text::toString);
        assertTrue(text.out().contains("remote    origin  https://********@github.com/o/r.git"), text::toString);
        assertFalse(json.out().contains(TOKEN), json::toString);
        JsonNode remote = json.json().get("remotes").get(0);
        assertEquals(
                "https://********@github.com/o/r.git", remote.get("fetchUrl").asText());
        assertEquals(
                "https://********@push.example/o/r.git", remote.get("pushUrl").asText());
    }

    // "wb git start KEY prints a series that --execute then refuses (clean tree)"
    @Test
    void item24_the_printed_series_says_which_preconditions_are_checked_and_whether_they_hold_now() {
        CliRun.Result clean = wb(repo.root(), "git", "start", "ABC-1");
        repo.write("src/app.py", "# app\nvalue = 2\n");
        CliRun.Result dirty = wb(repo.root(), "git", "start", "ABC-1");
        JsonNode json = wb(repo.root(), "--json", "git", "start", "ABC-1").json();

        assertEquals(0, clean.code(), clean::toString);
        List<String> lines = clean.out().lines().toList();
        assertEquals("git switch -c task/ABC-1    # a branch of its own for ABC-1", lines.get(0));
        assertEquals("    # checked just before it runs: clean-tree (holds now)", lines.get(1));
        assertEquals(0, dirty.code(), dirty::toString);
        assertEquals(
                "    # checked just before it runs: clean-tree (does not hold now: tracked files have uncommitted"
                        + " changes; commit or stash them (git stash), then run the series again)",
                dirty.out().lines().toList().get(1));
        JsonNode now = json.get("steps").get(0).get("preconditionsNow").get(0);
        assertEquals("CLEAN_TREE", now.get("precondition").asText());
        assertFalse(now.get("holds").asBoolean(), json::toString);
        assertTrue(now.get("failing").asText().startsWith("tracked files have uncommitted changes"), json::toString);
    }

    // "Hints printed for the user to paste (--to 'q$(id)', git config user.email …) are shell-quoted like the series"
    @Test
    void item24_carry_prints_the_to_hint_shell_quoted_and_steps_after_a_switch_are_read_when_they_run() {
        repo.git("branch", "q$(id)");
        repo.write(".workflow/ABC-1/sdd.json", Fixtures.ABC_1_PLAN);
        assertEquals(0, wb(repo.root(), "sdd", "audit", "ABC-1").code());
        repo.git("switch", "-q", "-c", "task/ABC-1");
        repo.write("src/app.py", "# app\nvalue = 2\n");
        repo.git("commit", "-q", "-am", "value 2");

        CliRun.Result result = wb(repo.root(), "git", "carry", "ABC-1", "--to", "q$(id)");

        assertEquals(0, result.code(), result::toString);
        List<String> lines = result.out().lines().toList();
        assertTrue(lines.get(0).startsWith("git switch -c task/ABC-1-onto-q--id- 'q$(id)'    # "), result::toString);
        assertEquals("    # checked just before it runs: clean-tree (holds now)", lines.get(1));
        assertTrue(lines.get(2).startsWith("git cherry-pick -x "), result::toString);
        assertEquals(
                "    # checked just before it runs: clean-tree, not-protected (read when it runs, after the steps"
                        + " above)",
                lines.get(3));
        assertTrue(lines.get(4).endsWith(": wb git carry ABC-1 --to 'q$(id)' --execute"), result::toString);
    }

    // "Hints printed for the user to paste (… git config user.email …) are shell-quoted like the series"
    @Test
    void item24_the_identity_hint_of_ctx_is_shell_quoted() {
        repo.git("config", "user.email", "me@personal.example");
        repo.write(
                ".workflow/config.json", "{\"identity\": {\"name\": \"Ops\", \"email\": \"ops+$(id)@work.example\"}}");

        CliRun.Result result = wb(repo.root(), "git", "ctx");

        assertEquals(0, result.code(), result::toString);
        assertTrue(result.out().contains("git config user.email 'ops+$(id)@work.example'\n"), result::toString);
    }
}
