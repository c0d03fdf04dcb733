package dev.wb.cli.status;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import dev.wb.cli.testing.CliRun;
import dev.wb.testkit.SamplePlan;
import dev.wb.testkit.TempGitRepo;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * A developer's day as a new user lives it: the plan written and audited but not committed, the change
 * verified before it is committed, then committed with {@code wb git commit}. At every step {@code wb
 * status KEY} says what {@code wb ci check} says of the same commit: the plan as committed, and whether
 * the latest verify run counts for HEAD; and the overall status does not show a verify CI will not count
 * as ok.
 */
class LocalAndCiAgreeTest {

    @TempDir
    Path tmp;

    TempGitRepo repo;
    String base;
    final Map<String, String> env = new HashMap<>();

    @BeforeEach
    void repository() {
        repo = TempGitRepo.create(tmp, "repo");
        repo.write("src/app.py", SamplePlan.APP_PY);
        repo.write("Makefile", "ok:\n\t@echo all good\n");
        repo.write(".workflow/.gitignore", "local/\n");
        base = repo.commitAll("app");
        repo.git("checkout", "-q", "-b", "task/ABC-1");
        env.put("GITHUB_HEAD_REF", "");
        env.put("WB_TASK", "");
    }

    void writePlan() {
        repo.write(
                ".workflow/ABC-1/sdd.json",
                SamplePlan.of("ABC-1")
                        .objective("o")
                        .quote("value = 1")
                        .verify("make -s ok")
                        .json());
    }

    CliRun.Result wb(String... args) {
        return CliRun.wb(repo.root(), env, args);
    }

    void ok(String... args) {
        CliRun.Result r = wb(args);
        assertEquals(0, r.code(), String.join(" ", args) + "\n" + r);
    }

    /** The verdicts of wb ci check, by gate. */
    Map<String, Boolean> ciCheck() {
        CliRun.Result r = wb("ci", "check", "ABC-1", "--base", base, "--json");
        Map<String, Boolean> passed = new HashMap<>();
        for (JsonNode check : r.json().get("checks")) {
            passed.put(check.get("name").asText(), check.get("passed").asBoolean());
        }
        assertEquals(passed.values().stream().allMatch(p -> p) ? 0 : 7, r.code(), r.toString());
        return passed;
    }

    /** What wb status ABC-1 says CI would say, by check. */
    Map<String, Boolean> statusCi() {
        CliRun.Result r = wb("status", "ABC-1", "--json");
        assertEquals(0, r.code(), r.toString());
        Map<String, Boolean> passed = new HashMap<>();
        for (JsonNode check : r.json().get("ci")) {
            passed.put(check.get("check").asText(), check.get("passed").asBoolean());
        }
        return passed;
    }

    String verifyMark() {
        JsonNode doc = wb("status", "--json").json();
        for (JsonNode task : doc.get("streams")) {
            if (task.get("stream").asText().equals("ABC-1")) {
                return task.get("stages").get("verify").get("mark").asText();
            }
        }
        throw new AssertionError("no ABC-1 in " + doc);
    }

    /** Status and CI agree: the plan as committed is the audit gate's precondition, verify is verify. */
    void agree(boolean plan, boolean verify) {
        Map<String, Boolean> ci = ciCheck();
        Map<String, Boolean> local = statusCi();
        assertEquals(Map.of("plan", plan, "verify", verify), local, "wb status ABC-1");
        assertEquals(plan, ci.get("audit"), "wb ci check's audit gate: " + ci);
        assertEquals(verify, ci.get("verify"), "wb ci check's verify gate: " + ci);
        assertEquals(verify ? "ok" : "pending", verifyMark(), "wb status's verify stage");
    }

    @Test
    void status_says_what_ci_check_says_through_verify_commit_and_verify_again() {
        writePlan();
        ok("sdd", "audit", "ABC-1");
        repo.write("src/app.py", "# app\nvalue = 2\n");
        ok("impl", "verify", "ABC-1");

        // Verified before committing, the plan untracked: neither counts in CI, and status says so.
        agree(false, false);

        // Committed with wb git commit, the plan left out: wb git commit says what CI will not count.
        repo.write(".workflow/ABC-1/commit.txt", "Raise the value\n\nBecause.\n");
        repo.git("add", "src/app.py");
        CliRun.Result commit = wb("git", "commit", "ABC-1", "--execute");
        assertEquals(0, commit.code(), commit.toString());
        assertTrue(
                commit.err()
                        .contains("warning: wb ci check will not count this commit's plan: "
                                + ".workflow/ABC-1/sdd.json is not committed"),
                commit.err());
        assertTrue(
                commit.err()
                        .contains("warning: wb ci check will not count this commit's verify: the latest verify"
                                + " run started with 1 uncommitted paths"),
                commit.err());
        assertTrue(commit.err().contains("fix: commit the plan: git add .workflow/ABC-1/sdd.json"), commit.err());
        agree(false, false);

        // The plan committed too: the audit gate passes in CI; the verify run still ran beside changes.
        repo.git("add", ".workflow/ABC-1/sdd.json");
        ok("git", "commit", "ABC-1", "--execute");
        agree(true, false);

        // Verified on the commit: both pass, and every stage is ok.
        ok("impl", "verify", "ABC-1");
        agree(true, true);
        assertTrue(ciCheck().values().stream().allMatch(p -> p), "every gate of wb ci check passes");
    }

    @Test
    void status_names_capsule_documents_a_review_in_ci_would_not_see() {
        writePlan();
        repo.write(".workflow/ABC-1/task.md", "# ABC-1\n\nRaise the value.\n");
        repo.git("add", ".workflow/ABC-1/sdd.json");
        repo.git("commit", "-q", "-m", "the plan only");

        JsonNode ci = wb("status", "ABC-1", "--json").json().get("ci");
        JsonNode capsule = null;
        for (JsonNode check : ci) {
            if (check.get("check").asText().equals("capsule")) {
                capsule = check;
            }
        }
        assertTrue(capsule != null && !capsule.get("passed").asBoolean(), ci.toString());
        assertTrue(capsule.get("detail").asText().contains(".workflow/ABC-1/task.md"), capsule.toString());
        assertTrue(
                capsule.get("fix").asText().startsWith("commit them: git add .workflow/ABC-1/task.md"),
                capsule.toString());

        repo.git("add", ".workflow/ABC-1/task.md");
        repo.git("commit", "-q", "-m", "the capsule");
        assertFalse(wb("status", "ABC-1", "--json").json().get("ci").toString().contains("capsule"));
    }

    @Test
    void status_says_when_the_tasks_history_is_not_pushed_where_ci_reads_it() {
        Path remote = TempGitRepo.createBare(tmp, "remote.git");
        repo.git("remote", "add", "origin", remote.toString());
        writePlan();
        ok("sdd", "audit", "ABC-1");

        JsonNode history = check(wb("status", "ABC-1", "--json").json(), "history");
        assertFalse(history.get("passed").asBoolean(), history.toString());
        assertTrue(
                history.get("detail").asText().startsWith("1 of the task's events recorded here are not pushed"),
                history.toString());
        assertEquals("wb sync push", history.get("fix").asText());

        ok("sync", "push");
        assertTrue(check(wb("status", "ABC-1", "--json").json(), "history")
                .get("passed")
                .asBoolean());

        ok("sdd", "audit", "ABC-1");
        history = check(wb("status", "ABC-1", "--json").json(), "history");
        assertTrue(history.get("detail").asText().startsWith("1 of the task's events"), history.toString());
    }

    static JsonNode check(JsonNode status, String name) {
        for (JsonNode check : status.get("ci")) {
            if (check.get("check").asText().equals(name)) {
                return check;
            }
        }
        throw new AssertionError("no ci check " + name + " in " + status);
    }

    @Test
    void impl_check_after_a_commit_compares_with_the_tasks_start_so_done_work_reads_as_done() {
        writePlan();
        ok("sdd", "audit", "ABC-1");
        repo.write("src/app.py", "# app\nvalue = 2\n");
        repo.commitAll("the change");

        CliRun.Result r = wb("impl", "check", "ABC-1");
        assertEquals(0, r.code(), r.toString());
        assertTrue(r.out().contains("ok        src/app.py"), r.out());
        assertFalse(r.out().contains("pending"), r.out());
        assertTrue(r.out().contains("and the commits since the task's start ("), r.out());

        List<String> json = new ArrayList<>();
        wb("impl", "check", "ABC-1", "--json").json().get("paths").forEach(p -> json.add(p.toString()));
        assertTrue(json.toString().contains("\"ok\""), json.toString());
    }
}
