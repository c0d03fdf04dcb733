package dev.wb.cli.sync;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.wb.testkit.TempGitRepo;
import dev.wb.testkit.TempGitRepo.ProcessResult;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
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
 * The README's CI step, run as written, in a fresh clone of a pull request's branch: it passes when a
 * developer's clone recorded a passing audit of the plan and pushed its history, and fails when no
 * clone did, when the branch's commits leave the plan, or when the plan changed after its audit.
 */
class SyncCiIT {

    private static final Path HOME = Path.of(System.getProperty("user.dir")).getParent();
    private static final Path BIN = HOME.resolve("bin");

    @TempDir
    Path tmp;

    Path remote;
    Path fakeHome;

    @BeforeEach
    void remote() throws IOException {
        remote = TempGitRepo.createBare(tmp, "remote.git");
        TempGitRepo seed = TempGitRepo.create(tmp, "seed");
        seed.write("src/app.py", "# app\nvalue = 1\n");
        // Unsigned developers: the README's step itself is the subject here (signed clones: SignedSyncTest).
        seed.write(".workflow/config.json", "{\"sync\": {\"signatures\": \"off\"}}\n");
        seed.commitAll("app");
        seed.git("push", "-q", remote.toString(), "main");
        fakeHome = Files.createDirectories(tmp.resolve("home"));
    }

    private Map<String, String> env() {
        Map<String, String> env = new HashMap<>(TempGitRepo.gitEnvironment());
        env.put("HOME", fakeHome.toString());
        env.put("WB_SERVER", "off");
        env.put("PATH", BIN + ":" + System.getenv("PATH"));
        return env;
    }

    private ProcessResult wb(TempGitRepo repo, String... args) {
        List<String> argv = new ArrayList<>();
        argv.add(BIN.resolve("wb").toString());
        argv.addAll(List.of(args));
        return TempGitRepo.Processes.run(repo.root(), argv, env(), 120);
    }

    private void ok(TempGitRepo repo, String... args) {
        ProcessResult result = wb(repo, args);
        assertEquals(0, result.exitCode(), () -> String.join(" ", args) + "\n" + result.stdout() + result.stderr());
    }

    /** The block the README marks as the CI step, exactly as a user copies it. */
    private static String ciStep() throws IOException {
        String readme = Files.readString(HOME.resolve("README.md"), StandardCharsets.UTF_8);
        int marker = readme.indexOf("<!-- ci-step");
        assertTrue(marker >= 0, "the README marks its CI step");
        int start = readme.indexOf("```bash\n", marker) + "```bash\n".length();
        return readme.substring(start, readme.indexOf("```", start));
    }

    /** A developer's clone: a plan for KEY on branch task/KEY, audited and scope-checked, committed and pushed. */
    private TempGitRepo developer(String name, String key, boolean audit, String... extraFiles) {
        TempGitRepo dev = TempGitRepo.cloneOf(remote, tmp, name);
        dev.git("checkout", "-q", "-b", "task/" + key);
        ok(dev, "init");
        dev.write(".workflow/" + key + "/sdd.json", plan(key));
        if (audit) {
            ok(dev, "sdd", "audit", key);
        }
        dev.write("src/app.py", "# app\nvalue = 2\n");
        for (String extra : extraFiles) {
            dev.write(extra, "# outside the plan\n");
        }
        dev.commitAll("change for " + key);
        dev.git("push", "-q", "origin", "task/" + key);
        return dev;
    }

    private static String plan(String key) {
        return """
                {"schema":1,"key":"%s","preset":"startup","persona":"fullstack-specialist",
                 "objective":"Raise the value.",
                 "evidence":[{"claim":"value is one","file":"src/app.py","line":2,"quote":"value = 1"}],
                 "files":[{"path":"src/app.py","change":"edit","why":"raise it"}],"zones":{},
                 "steps":[{"do":"set value to 2"}],
                 "tests":[{"kind":"regression","target":"tests/test_app.py","asserts":"value is 2"}],
                 "verify":["true"],"rollback":"revert the commit","product":{},"questions":[]}
                """.formatted(key);
    }

    /** The README's step in a fresh clone of the pull request's branch. */
    private ProcessResult ci(String key) throws IOException {
        TempGitRepo ci = TempGitRepo.cloneOf(remote, tmp, "ci-" + key);
        ci.git("checkout", "-q", "task/" + key);
        Path script = tmp.resolve("ci-step-" + key + ".sh");
        Files.writeString(script, "set -euo pipefail\n" + ciStep(), StandardCharsets.UTF_8);
        Map<String, String> env = env();
        env.put("BRANCH", "task/" + key);
        return TempGitRepo.Processes.run(ci.root(), List.of("bash", script.toString()), env, 300);
    }

    @Test
    void a_task_audited_on_a_developers_clone_and_synced_passes_ci() throws IOException {
        TempGitRepo dev = developer("dev", "ABC-1", true);
        ok(dev, "impl", "check", "ABC-1");
        ok(dev, "sync", "push");
        ProcessResult result = ci("ABC-1");
        assertEquals(0, result.exitCode(), result.stdout() + result.stderr());
        assertTrue(result.stdout().contains("in scope"), result.stdout());
    }

    @Test
    void a_task_whose_audit_no_clone_synced_fails_ci() throws IOException {
        TempGitRepo dev = developer("dev", "ABC-2", true);
        // audited on the developer's clone, but never synced: CI cannot know it
        ProcessResult unsynced = ci("ABC-2");
        assertEquals(6, unsynced.exitCode(), unsynced.stdout());
        assertTrue(unsynced.stderr().contains("no history for task ABC-2"), unsynced.stderr());

        TempGitRepo other = developer("other", "ABC-4", false);
        // its one audit failed (the plan cites a line the code does not hold), and that is what was synced
        other.write(
                ".workflow/ABC-4/sdd.json",
                plan("ABC-4").replace("\"quote\":\"value = 1\"", "\"quote\":\"value = 9\""));
        assertEquals(7, wb(other, "sdd", "audit", "ABC-4").exitCode());
        other.commitAll("the plan as audited");
        other.git("push", "-q", "origin", "task/ABC-4");
        ok(other, "sync", "push");
        ProcessResult unaudited = ci("ABC-4");
        assertEquals(2, unaudited.exitCode(), unaudited.stdout() + unaudited.stderr());
        assertTrue(dev.root().toFile().isDirectory());
    }

    @Test
    void a_branch_whose_commits_leave_the_plan_fails_ci() throws IOException {
        TempGitRepo dev = developer("dev", "ABC-3", true, "src/extra.py");
        ok(dev, "sync", "push");
        ProcessResult result = ci("ABC-3");
        assertEquals(7, result.exitCode(), result.stdout() + result.stderr());
        assertTrue(result.stdout().contains("src/extra.py"), result.stdout());
    }

    @Test
    void a_plan_changed_after_its_audit_fails_ci() throws IOException {
        TempGitRepo dev = developer("dev", "ABC-5", true);
        ok(dev, "sync", "push");
        dev.write(".workflow/ABC-5/sdd.json", plan("ABC-5").replace("Raise the value.", "Raise it more."));
        dev.commitAll("plan edited, not audited again");
        dev.git("push", "-q", "origin", "task/ABC-5");
        ProcessResult result = ci("ABC-5");
        assertEquals(2, result.exitCode(), result.stdout() + result.stderr());
    }
}
