package dev.wb.gitrun;

import static dev.wb.gitrun.Precondition.CLEAN_TREE;
import static dev.wb.gitrun.Precondition.NOT_PROTECTED;
import static dev.wb.gitrun.Precondition.NO_UPSTREAM;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.wb.testkit.TempGitRepo;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFilePermissions;
import java.time.Duration;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** Series run against real repositories with a bare remote on disk, by the git binary on PATH. */
class GitRunnerTest {

    private static final Set<String> PROTECTED = Set.of("main", "release/*");

    @TempDir
    Path dir;

    TempGitRepo repo;
    Path origin;
    Path message;

    @BeforeEach
    void createRepositoryWithARemote() throws IOException {
        repo = TempGitRepo.create(dir, "repo");
        origin = TempGitRepo.createBare(dir, "origin.git");
        repo.git("remote", "add", "origin", origin.toString());
        message = Files.writeString(dir.resolve("message.txt"), "ABC-12: price rounding\n\nCarried by wb.\n");
    }

    Map<String, String> env() {
        Map<String, String> env = new HashMap<>(System.getenv());
        env.putAll(TempGitRepo.gitEnvironment());
        env.put("HOME", dir.toString());
        return env;
    }

    SeriesResult run(GitStep... series) {
        return GitRunner.execute(repo.root(), List.of(series), PROTECTED, env());
    }

    static GitStep step(Set<Precondition> preconditions, String... argv) {
        return new GitStep(List.of(argv), preconditions, "test");
    }

    String head() {
        return repo.git("rev-parse", "HEAD").strip();
    }

    @Test
    void a_series_starts_a_branch_commits_and_publishes_it_to_the_remote() {
        repo.write("prices.py", "ROUND = 2\n");
        repo.git("add", "prices.py");

        SeriesResult result = run(
                step(Set.of(), "switch", "-c", "ABC-12"),
                step(
                        Set.of(NOT_PROTECTED),
                        "commit",
                        "-F",
                        message.toString(),
                        "--author",
                        "Ada Lovelace <ada@example.com>"),
                step(Set.of(NOT_PROTECTED, NO_UPSTREAM), "push", "-u", "origin", "ABC-12"));

        assertTrue(result.completed(), result::toString);
        assertEquals(3, result.ran().size());
        assertEquals(List.of(), result.notRun());
        assertEquals(
                "Ada Lovelace <ada@example.com>",
                repo.git("log", "-1", "--format=%an <%ae>").strip());
        assertEquals(
                "ABC-12: price rounding", repo.git("log", "-1", "--format=%s").strip());
        assertEquals(
                head(),
                TempGitRepo.Processes.run(
                                origin,
                                List.of("git", "rev-parse", "refs/heads/ABC-12"),
                                TempGitRepo.gitEnvironment(),
                                60)
                        .stdout()
                        .strip());
        assertEquals(
                "origin/ABC-12",
                repo.git("rev-parse", "--abbrev-ref", "ABC-12@{upstream}").strip());
        result.ran().forEach(outcome -> assertEquals(StepOutcome.Status.OK, outcome.status()));
        assertTrue(
                result.ran().get(2).output().contains("ABC-12"),
                result.ran().get(2).output());
    }

    @Test
    void preconditions_are_read_before_each_step_not_once_for_the_series() {
        repo.write("prices.py", "ROUND = 2\n");
        repo.git("add", "prices.py");

        // On main the commit would be refused; it is read after the switch, on ABC-12.
        SeriesResult result = run(
                step(Set.of(), "switch", "-c", "ABC-12"),
                step(Set.of(NOT_PROTECTED), "commit", "-F", message.toString()),
                step(Set.of(), "switch", "main"),
                step(Set.of(NOT_PROTECTED), "commit", "-F", message.toString()));

        assertEquals(3, result.ran().size());
        assertEquals(StepOutcome.Status.REFUSED, result.failed().orElseThrow().status());
        assertTrue(
                result.failed().get().refusal().contains("branch main is protected"),
                result.failed().get().refusal());
    }

    @Test
    void a_commit_on_a_protected_branch_is_refused_and_git_does_not_run() {
        repo.write("prices.py", "ROUND = 2\n");
        repo.git("add", "prices.py");
        String before = head();

        SeriesResult result = run(step(Set.of(NOT_PROTECTED), "commit", "-F", message.toString()));

        StepOutcome refused = result.failed().orElseThrow();
        assertEquals(StepOutcome.Status.REFUSED, refused.status());
        assertEquals(-1, refused.exitCode());
        assertEquals(
                "not-protected: branch main is protected (main, release/*); start a work branch first (wb git start KEY)",
                refused.refusal());
        assertEquals(before, head());
        assertEquals(List.of(), result.ran());
        assertEquals(1, result.notRun().size());
    }

    @Test
    void a_branch_matching_a_protected_glob_is_protected() {
        repo.git("switch", "-q", "-c", "release/2026.1");
        repo.write("prices.py", "ROUND = 2\n");
        repo.git("add", "prices.py");

        SeriesResult result = run(step(Set.of(NOT_PROTECTED), "commit", "-F", message.toString()));

        assertTrue(result.failed().orElseThrow().refusal().contains("branch release/2026.1 is protected"));
    }

    @Test
    void a_detached_head_is_refused_by_not_protected_since_the_branch_cannot_be_told() {
        repo.git("switch", "-q", "--detach");
        SeriesResult result = run(step(Set.of(NOT_PROTECTED), "commit", "-F", message.toString()));
        assertTrue(result.failed().orElseThrow().refusal().startsWith("not-protected: HEAD is detached"));
    }

    @Test
    void a_tracked_change_makes_the_tree_unclean_but_an_untracked_file_does_not() {
        repo.write("notes-untracked.txt", "mine\n");
        SeriesResult untracked = run(step(Set.of(CLEAN_TREE), "switch", "-c", "ABC-1"));
        assertTrue(untracked.completed(), untracked::toString);
        assertTrue(Files.exists(repo.resolve("notes-untracked.txt")), "switch -c carried the untracked file across");

        repo.write("README.md", "edited, not committed\n");
        SeriesResult tracked = run(step(Set.of(CLEAN_TREE), "switch", "-c", "ABC-2"));
        assertEquals(
                "clean-tree: tracked files have uncommitted changes; commit or stash them (git stash), then run the"
                        + " series again",
                tracked.failed().orElseThrow().refusal());
        assertEquals("ABC-1", repo.git("branch", "--show-current").strip());
        assertFalse(repo.git("branch", "--list", "ABC-2").contains("ABC-2"));

        repo.git("add", "README.md");
        assertEquals(
                StepOutcome.Status.REFUSED,
                run(step(Set.of(CLEAN_TREE), "switch", "-c", "ABC-3"))
                        .failed()
                        .orElseThrow()
                        .status(),
                "a staged change is a tracked change too");
    }

    @Test
    void a_published_branch_is_refused_for_push() {
        repo.git("switch", "-q", "-c", "ABC-12");
        repo.git("push", "-q", "-u", "origin", "ABC-12");
        repo.write("more.txt", "more\n");
        repo.commitAll("more");

        SeriesResult result = run(step(Set.of(NOT_PROTECTED, NO_UPSTREAM), "push", "-u", "origin", "ABC-12"));

        assertEquals(
                "no-upstream: branch ABC-12 already tracks origin/ABC-12, so it is published; wb pushes a branch"
                        + " once only (push it yourself if you mean to)",
                result.failed().orElseThrow().refusal());
        assertFalse(
                head().equals(TempGitRepo.Processes.run(
                                origin,
                                List.of("git", "rev-parse", "refs/heads/ABC-12"),
                                TempGitRepo.gitEnvironment(),
                                60)
                        .stdout()
                        .strip()),
                "the remote did not move");
    }

    @Test
    void a_cherry_pick_conflict_stops_the_carry_and_reports_the_rest_from_the_failed_step() {
        repo.write("prices.py", "ROUND = 2\n");
        repo.commitAll("base");
        repo.git("switch", "-q", "-c", "feature");
        repo.write("cart.py", "cart\n");
        String clean = repo.commitAll("adds the cart");
        repo.write("prices.py", "ROUND = 3\n");
        String conflicting = repo.commitAll("rounds to three");
        repo.write("tax.py", "tax\n");
        String after = repo.commitAll("adds tax");
        repo.git("switch", "-q", "main");
        repo.write("prices.py", "ROUND = 4\n");
        repo.commitAll("rounds to four on main");

        List<GitStep> carry = List.of(
                step(Set.of(CLEAN_TREE), "switch", "-c", "carry/ABC-12", "main"),
                step(Set.of(NOT_PROTECTED), "cherry-pick", "-x", clean),
                step(Set.of(NOT_PROTECTED), "cherry-pick", "-x", conflicting),
                step(Set.of(NOT_PROTECTED), "cherry-pick", "-x", after));
        SeriesResult result = GitRunner.execute(repo.root(), carry, PROTECTED, env());

        assertEquals(2, result.ran().size());
        StepOutcome failed = result.failed().orElseThrow();
        assertEquals(StepOutcome.Status.FAILED, failed.status());
        assertEquals(carry.get(2), failed.step());
        assertTrue(failed.exitCode() > 0, "exit " + failed.exitCode());
        assertTrue(failed.output().contains("CONFLICT"), failed.output());
        assertEquals(carry.subList(2, 4), result.notRun(), "the failed step did not happen: the rest starts at it");
        assertTrue(Files.exists(repo.resolve("cart.py")));
        assertFalse(Files.exists(repo.resolve("tax.py")), "nothing after the failure ran");
    }

    @Test
    void a_refused_step_in_the_middle_stops_the_series_before_git_sees_it() {
        SeriesResult result = run(
                step(Set.of(), "switch", "-c", "ABC-12"),
                step(Set.of(), "push", "--force", "origin", "ABC-12"),
                step(Set.of(), "switch", "main"));

        assertEquals(1, result.ran().size());
        StepOutcome refused = result.failed().orElseThrow();
        assertTrue(
                refused.refusal().startsWith("'--force' (argument 2) is refused wherever it appears"),
                refused.refusal());
        assertEquals("", refused.output());
        assertEquals(2, result.notRun().size());
        assertEquals("ABC-12", repo.git("branch", "--show-current").strip());
    }

    @Test
    void a_failing_git_stops_the_series_with_its_exit_code_and_message() {
        SeriesResult result = run(step(Set.of(), "switch", "-c", "main"), step(Set.of(), "switch", "-c", "never"));

        StepOutcome failed = result.failed().orElseThrow();
        assertEquals(128, failed.exitCode());
        assertTrue(failed.output().contains("already exists"), failed.output());
        assertEquals(2, result.notRun().size());
    }

    @Test
    void an_empty_series_completes() {
        SeriesResult result = run();
        assertTrue(result.completed());
        assertEquals(List.of(), result.ran());
    }

    @Test
    void git_missing_from_the_path_fails_the_step_plainly() {
        Map<String, String> env = env();
        env.put("PATH", dir.resolve("no-bin").toString());
        SeriesResult result = GitRunner.execute(repo.root(), List.of(step(Set.of(), "fetch")), PROTECTED, env);
        StepOutcome failed = result.failed().orElseThrow();
        assertEquals(StepOutcome.Status.FAILED, failed.status());
        assertEquals("git was not found on PATH", failed.output());
    }

    @Test
    void a_repository_that_cannot_be_read_refuses_a_step_with_preconditions() {
        Path plain = dir.resolve("not-a-repo");
        SeriesResult result = GitRunner.execute(plain, List.of(step(Set.of(CLEAN_TREE), "fetch")), PROTECTED, env());
        assertTrue(
                result.failed().orElseThrow().refusal().startsWith("the preconditions could not be read"),
                result.failed().get().refusal());
    }

    // --- the process: time limit and output, with a stand-in git ------------------------------------

    Map<String, String> standInGit(String script) throws IOException {
        Path bin = Files.createDirectories(dir.resolve("bin"));
        Path git = Files.writeString(bin.resolve("git"), "#!/bin/sh\n" + script);
        Files.setPosixFilePermissions(git, PosixFilePermissions.fromString("rwxr-xr-x"));
        Map<String, String> env = new HashMap<>();
        env.put("PATH", bin + ":/usr/bin:/bin");
        return env;
    }

    @Test
    void a_git_that_outlives_the_time_limit_is_stopped_with_every_process_it_started() throws Exception {
        Path pid = dir.resolve("child.pid");
        Map<String, String> env = standInGit("sleep 300 &\necho $! > '" + pid + "'\necho waiting\nwait\n");

        SeriesResult result =
                GitRunner.execute(dir, List.of(step(Set.of(), "fetch")), Set.of(), env, Duration.ofSeconds(1));

        StepOutcome failed = result.failed().orElseThrow();
        assertEquals(-1, failed.exitCode());
        assertTrue(failed.output().startsWith("waiting\n"), failed.output());
        assertTrue(
                failed.output().endsWith("wb stopped git after 1 s, with every process it had started"),
                failed.output());
        long child = Long.parseLong(Files.readString(pid).strip());
        for (int i = 0;
                i < 50 && ProcessHandle.of(child).map(ProcessHandle::isAlive).orElse(false);
                i++) {
            Thread.sleep(100);
        }
        assertFalse(
                ProcessHandle.of(child).map(ProcessHandle::isAlive).orElse(false), "the sleep git started still runs");
    }

    @Test
    void output_is_kept_to_its_last_4000_characters_stdout_and_stderr_together() throws IOException {
        Map<String, String> env = standInGit(
                "i=0\nwhile [ $i -lt 3000 ]; do echo \"line $i\"; i=$((i+1)); done\necho 'to stderr' >&2\nexit 3\n");

        StepOutcome failed = GitRunner.execute(dir, List.of(step(Set.of(), "fetch")), Set.of(), env)
                .failed()
                .orElseThrow();

        assertEquals(3, failed.exitCode());
        assertEquals(4000, failed.output().length());
        assertTrue(
                failed.output().startsWith("[earlier output omitted]\n"),
                failed.output().substring(0, 40));
        assertTrue(failed.output().endsWith("line 2999\nto stderr\n"), failed.output());
    }
}
