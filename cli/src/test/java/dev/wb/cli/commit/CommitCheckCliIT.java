package dev.wb.cli.commit;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.wb.testkit.SamplePlan;
import dev.wb.testkit.TempGitRepo;
import dev.wb.testkit.TempGitRepo.ProcessResult;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Through bin/wb, real processes: {@code wb git commit KEY} without commit.txt names {@code wb commit
 * check}; a drafted message that breaks a rule exits 7 and saves nothing; one that passes is saved,
 * and {@code wb git commit KEY --execute} commits with exactly that message.
 */
class CommitCheckCliIT {

    private static final Path WB =
            Path.of(System.getProperty("user.dir")).getParent().resolve("bin/wb");
    private static final String KEY = "ABC-1";
    private static final String MESSAGE = "keep the value at two\n\nThe app reads it twice.\n";

    @TempDir
    Path tmp;

    TempGitRepo repo;
    Path home;

    @BeforeEach
    void audited() throws IOException {
        repo = TempGitRepo.create(tmp, "repo");
        repo.write("src/app.py", SamplePlan.APP_PY);
        repo.write(".workflow/ABC-1/sdd.json", SamplePlan.of(KEY).verify("true").json());
        repo.commitAll("add the app and its plan");
        home = Files.createDirectories(tmp.resolve("home"));
        ProcessResult audit = wb("sdd", "audit", KEY);
        assertEquals(0, audit.exitCode(), audit.stderr());
        repo.git("switch", "-q", "-c", "task/ABC-1");
        repo.write("src/app.py", "# app\nvalue = 2\n");
        repo.git("add", "src/app.py");
    }

    private ProcessResult wb(String... args) {
        List<String> argv = new ArrayList<>();
        argv.add(WB.toString());
        argv.addAll(List.of(args));
        Map<String, String> env = new HashMap<>(TempGitRepo.gitEnvironment());
        env.put("HOME", home.toString());
        env.put("WB_SERVER", "off");
        return TempGitRepo.Processes.run(repo.root(), argv, env, 120);
    }

    @Test
    void a_failing_message_exits_7_and_saves_nothing_and_a_passing_one_is_what_git_commit_commits() {
        ProcessResult none = wb("git", "commit", KEY);
        assertEquals(6, none.exitCode(), none.stderr());
        assertTrue(none.stderr().contains("fix: write one first: wb commit check ABC-1 --file"), none.stderr());

        repo.write(".workflow/ABC-1/message.txt", "Fixed it.\nno blank line\n");
        ProcessResult failed = wb("commit", "check", KEY, "--file", ".workflow/ABC-1/message.txt");
        assertEquals(7, failed.exitCode(), failed.stderr());
        assertTrue(failed.stdout().contains("  - subject ends with a period"), failed.stdout());
        assertTrue(failed.stderr().startsWith("error: the message breaks 3 rules; nothing was saved"), failed.stderr());
        assertFalse(Files.exists(repo.resolve(".workflow/ABC-1/commit.txt")));

        repo.write(".workflow/ABC-1/message.txt", MESSAGE);
        ProcessResult passed = wb("commit", "check", "--file", ".workflow/ABC-1/message.txt", "--key", KEY);
        assertEquals(0, passed.exitCode(), passed.stderr());
        assertTrue(passed.stdout().startsWith("ok  keep the value at two\n"), passed.stdout());

        ProcessResult printed = wb("git", "commit", KEY);
        assertEquals(0, printed.exitCode(), printed.stderr());
        assertTrue(printed.stdout().contains("git commit -F .workflow/ABC-1/commit.txt"), printed.stdout());
        ProcessResult committed = wb("git", "commit", KEY, "--execute");
        assertEquals(0, committed.exitCode(), committed.stderr());
        assertEquals(MESSAGE, repo.git("log", "-1", "--format=%B").strip() + "\n");
        assertEquals(
                "src/app.py",
                repo.git("show", "--name-only", "--format=", "HEAD").strip());

        ProcessResult replay = wb("replay", KEY);
        assertTrue(
                replay.stdout().contains("commit.checked") && replay.stdout().contains("saved commit.txt"),
                replay.stdout());
    }
}
