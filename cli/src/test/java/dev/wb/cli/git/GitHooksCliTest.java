package dev.wb.cli.git;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.wb.cli.testing.CliRun;
import dev.wb.cli.testing.Fixtures;
import dev.wb.cli.testing.RunFixture;
import dev.wb.testkit.TempGitRepo;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFilePermissions;
import java.util.List;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * Issue 35, item 10: hooks a node planted do not run in wb's git steps. A real repository with executable
 * hooks in {@code .git/hooks/} (or in a folder {@code core.hooksPath} of the repository's {@code .git/config}
 * names) that append their name to a marker file outside the repository: {@code wb git commit KEY
 * --execute}, {@code wb git push --execute} and a run's publish node never run them, unless config.json's
 * {@code git.run_hooks} is on.
 */
class GitHooksCliTest {

    /** Every hook a commit, a push and their ref updates run. */
    static final List<String> HOOKS = List.of(
            "pre-commit",
            "prepare-commit-msg",
            "commit-msg",
            "post-commit",
            "pre-push",
            "reference-transaction",
            "post-index-change");

    static final String BRANCH = "task/" + RunFixture.KEY;

    @TempDir
    Path tmp;

    RunFixture f;
    Path origin;
    Path marker;

    @BeforeEach
    void setUp() {
        f = new RunFixture(tmp);
        origin = TempGitRepo.createBare(tmp, "origin.git");
        f.repo.git("remote", "add", "origin", origin.toString());
        f.repo.git("switch", "-q", "-c", BRANCH);
        f.repo.write(".workflow/" + RunFixture.KEY + "/commit.txt", "ABC-1: value 2\n");
        marker = tmp.resolve("hooks-ran");
    }

    /** Plants every hook in {@code .git/hooks/}, or in a folder the repository's config names as core.hooksPath. */
    private void plant(String where) throws IOException {
        Path dir;
        if (where.equals("core.hooksPath")) {
            dir = Files.createDirectories(tmp.resolve("planted-hooks"));
            f.repo.git("config", "core.hooksPath", dir.toString());
        } else {
            dir = Files.createDirectories(f.repo.resolve(".git/hooks"));
        }
        for (String hook : HOOKS) {
            Path file = dir.resolve(hook);
            Files.writeString(file, "#!/bin/sh\necho " + hook + " >> '" + marker + "'\nexit 0\n");
            Files.setPosixFilePermissions(file, PosixFilePermissions.fromString("rwxr-xr-x"));
        }
    }

    private void config(String json) {
        f.repo.write(".workflow/config.json", json + "\n");
        f.audited();
    }

    private List<String> ran() throws IOException {
        return Files.exists(marker) ? Files.readAllLines(marker) : List.of();
    }

    private String remoteBranch() {
        return TempGitRepo.Processes.run(
                        origin,
                        List.of("git", "rev-parse", "--verify", "-q", "refs/heads/" + BRANCH),
                        TempGitRepo.gitEnvironment(),
                        60)
                .stdout()
                .strip();
    }

    /** The change staged (by the test's own git, before any hook is planted). */
    private void staged() {
        f.repo.write("src/app.py", "# app\nvalue = 2\n");
        f.repo.git("add", "src/app.py");
    }

    private void commitAndPush() {
        CliRun.Result commit = f.wb("git", "commit", RunFixture.KEY, "--execute");
        assertEquals(0, commit.code(), commit.toString());
        CliRun.Result push = f.wb("git", "push", "--execute");
        assertEquals(0, push.code(), push.toString());
        assertEquals(f.repo.git("rev-parse", "HEAD").strip(), remoteBranch(), "the push landed");
        assertEquals("ABC-1: value 2", f.repo.git("log", "-1", "--format=%s").strip());
    }

    @ParameterizedTest
    @ValueSource(strings = {".git/hooks", "core.hooksPath"})
    void wb_git_commit_and_push_execute_run_no_hook_of_the_repository(String where) throws IOException {
        config("{}");
        staged();
        plant(where);

        commitAndPush();

        assertEquals(List.of(), ran(), "a planted hook ran");
    }

    @ParameterizedTest
    @ValueSource(strings = {".git/hooks", "core.hooksPath"})
    void with_git_run_hooks_on_they_run(String where) throws IOException {
        config("{\"git\": {\"run_hooks\": true}}");
        staged();
        plant(where);

        commitAndPush();

        List<String> ran = ran();
        for (String hook : List.of("pre-commit", "commit-msg", "post-commit", "pre-push", "reference-transaction")) {
            assertTrue(ran.contains(hook), hook + " did not run: " + ran);
        }
    }

    @Test
    void the_printed_series_and_its_execution_say_hooks_are_off() {
        config("{}");
        staged();

        CliRun.Result printed = f.wb("git", "commit", RunFixture.KEY);
        CliRun.Result json = f.wb("--json", "git", "commit", RunFixture.KEY);
        CliRun.Result ran = f.wb("git", "commit", RunFixture.KEY, "--execute");

        assertTrue(
                printed.out().contains("# hooks: off: --execute runs each step as git -c core.hooksPath=/dev/null"),
                printed.toString());
        assertFalse(json.json().get("hooks").asBoolean(), json.toString());
        assertTrue(ran.out().contains("# hooks: off"), ran.toString());
    }

    @ParameterizedTest
    @ValueSource(booleans = {false, true})
    void a_run_s_publish_node_runs_no_planted_hook_unless_git_run_hooks_is_on(boolean runHooks) throws IOException {
        f.flow("shipping", Fixtures.SHIPPING_FLOW);
        config("{\"git\": {\"run_hooks\": " + runHooks + "}}");
        plant(".git/hooks");

        CliRun.Result run = f.wb("run", RunFixture.KEY, "--flow", "shipping");

        assertEquals(0, run.code(), run.toString());
        assertEquals(f.repo.git("rev-parse", "HEAD").strip(), remoteBranch(), "published");
        if (runHooks) {
            assertTrue(ran().contains("pre-commit") && ran().contains("pre-push"), ran().toString());
        } else {
            assertEquals(List.of(), ran(), "a planted hook ran in the publish");
        }
    }

    @Test
    void a_node_that_turns_git_run_hooks_on_during_the_run_turns_nothing_on() throws IOException {
        f.flow("shipping", Fixtures.SHIPPING_FLOW);
        config("{}");
        plant(".git/hooks");
        // the agent (a fake, unconfined here) switches the key on in config.json before the publish
        f.agent(
                "implementation",
                "printf '# app\\nvalue = 2\\n' > src/app.py;"
                        + " printf '{\"git\": {\"run_hooks\": true}}\\n' > .workflow/config.json; echo implemented");

        CliRun.Result run = f.wb("run", RunFixture.KEY, "--flow", "shipping");

        assertEquals(0, run.code(), run.toString());
        assertTrue(
                Files.readString(f.repo.resolve(".workflow/config.json")).contains("run_hooks"), "the agent wrote it");
        assertEquals(f.repo.git("rev-parse", "HEAD").strip(), remoteBranch(), "published");
        assertEquals(List.of(), ran(), "a hook ran though git.run_hooks was off when the run started");
    }
}
