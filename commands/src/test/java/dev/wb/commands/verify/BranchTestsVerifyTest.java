package dev.wb.commands.verify;

import static dev.wb.commands.PlanFixture.plan;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ArrayNode;
import dev.wb.commands.PlanFixture;
import dev.wb.commands.Session;
import dev.wb.commands.base.Failure;
import dev.wb.commands.base.Workspace;
import dev.wb.commands.sdd.SddAudit;
import dev.wb.engine.EventEnvelope;
import dev.wb.engine.StreamId;
import dev.wb.engine.TaskKey;
import dev.wb.engine.TestEvents;
import dev.wb.projections.events.Verdict;
import dev.wb.projections.events.audit.PlanAudited;
import dev.wb.projections.events.verify.ProcessOutcome;
import dev.wb.projections.events.verify.VerifyRegressionRan;
import dev.wb.projections.events.verify.VerifyStarted;
import dev.wb.testkit.TempGitRepo;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Optional;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * {@code wb impl verify}'s checks of the plan's tests on a real repository with a real branch, real
 * processes (python3's unittest, git worktree) and the real log: test targets must be among the
 * branch's changes, and with {@code --regression} a regression target must fail at the merge base and
 * pass in the checkout.
 */
class BranchTestsVerifyTest {

    static final TaskKey KEY = new TaskKey("ABC-1");

    static final String TEST = """
            import unittest
            from src.app import value

            class Bug(unittest.TestCase):
                def test_value_is_two(self):
                    self.assertEqual(2, value)
            """;

    static final String OK_TEST = """
            import unittest

            class Ok(unittest.TestCase):
                def test_ok(self):
                    pass
            """;

    @TempDir
    Path tmp;

    TempGitRepo repo;

    @BeforeEach
    void repositoryOnABranch() {
        repo = TempGitRepo.create(tmp, "repo");
        repo.write("src/__init__.py", "");
        repo.write("src/app.py", "# app\nvalue = 1\n");
        repo.write("tests/__init__.py", "");
        repo.write("tests/test_ok.py", OK_TEST);
        repo.write("Makefile", "ok:\n\t@echo ok\n");
        repo.write(".gitignore", ".workflow/local/\n");
        repo.commitAll("app");
        repo.git("checkout", "-q", "-b", "ABC-1-fix");
    }

    Session session() {
        return new Session(Workspace.require(repo.root()), System.getenv(), TestEvents.invocation());
    }

    /** A plan verified by {@code verify}, naming {@code tests} as {kind, target} pairs; audited now. */
    void audit(List<String> verify, String... tests) {
        PlanFixture plan = plan(KEY.value())
                .cite("src/app.py", 2, "value = 1")
                .file("src/app.py", "edit")
                .file("tests/test_bug.py", "add");
        ArrayNode commands = plan.json().putArray("verify");
        verify.forEach(commands::add);
        ArrayNode planned = plan.json().putArray("tests");
        for (int i = 0; i < tests.length; i += 2) {
            planned.addObject()
                    .put("kind", tests[i])
                    .put("target", tests[i + 1])
                    .put("asserts", "value is 2");
        }
        plan.writeTo(repo);
        try (Session session = session()) {
            assertTrue(SddAudit.run(session, KEY, false).passed(), "the plan passes its audit");
        }
    }

    ImplVerify.Result verify(boolean regression, Optional<String> base) {
        try (Session session = session()) {
            return ImplVerify.run(
                    session, KEY, System.getenv(), ImplVerify.Progress.NONE, new ImplVerify.Request(regression, base));
        }
    }

    List<EventEnvelope> history() {
        try (Session session = session()) {
            return session.reader().read(StreamId.task(KEY));
        }
    }

    JsonNode evidence(ImplVerify.Result result) throws IOException {
        return new ObjectMapper().readTree(Files.readString(result.evidenceJson()));
    }

    void fix() {
        repo.write("src/app.py", "# app\nvalue = 2\n");
        repo.write("tests/test_bug.py", TEST);
    }

    @Test
    void a_test_target_the_branch_does_not_change_is_listed_as_missing_and_fails_the_run() throws IOException {
        audit(List.of("python3 -m unittest -q"), "regression", "tests/test_bug.py", "unit", "tests/test_ok.py");
        repo.write("src/app.py", "# app\nvalue = 2\n");

        ImplVerify.Result result = verify(false, Optional.empty());

        assertEquals(Verdict.FAIL, result.verdict());
        assertEquals(1, result.run().commands().size());
        assertTrue(result.run().commands().get(0).passed(), "the plan's command itself passed");
        JsonNode started = history().stream()
                .filter(VerifyStarted.TYPE::matches)
                .findFirst()
                .orElseThrow()
                .payload()
                .json();
        assertEquals(2, started.get("testsMissing").size());
        assertEquals("tests/test_bug.py", started.get("testsMissing").get(0).asText());
        assertEquals(
                repo.git("rev-parse", "main").strip(),
                started.get("changesSince").asText());
        JsonNode evidence = evidence(result);
        assertEquals("fail", evidence.get("verdict").asText());
        assertEquals("tests/test_ok.py", evidence.get("tests_missing").get(1).asText());
        assertTrue(Files.readString(result.evidenceMarkdown()).contains("## Tests the branch does not change\n"));
    }

    @Test
    void a_test_target_committed_on_the_branch_or_left_untracked_counts_as_changed() throws IOException {
        audit(List.of("python3 -m unittest -q"), "regression", "tests/test_bug.py::Bug", "unit", "tests/extra/");
        fix();
        repo.commitAll("fix the value, with its test");
        repo.write("tests/extra/test_more.py", "");

        ImplVerify.Result result = verify(false, Optional.empty());

        assertEquals(Verdict.PASS, result.verdict());
        assertEquals(0, evidence(result).get("tests_missing").size());
        assertEquals(0, evidence(result).get("regression").size());
    }

    @Test
    void a_regression_test_that_fails_at_the_merge_base_and_passes_in_the_checkout_passes() throws IOException {
        audit(List.of("make -s ok", "python3 -m unittest -q"), "regression", "tests/test_bug.py");
        fix();
        repo.commitAll("fix");

        ImplVerify.Result result = verify(true, Optional.empty());

        VerifyRegressionRan ran = result.run().regression().get(0);
        assertEquals(Verdict.PASS, result.verdict(), ran.toString());
        assertEquals("python3 -m unittest -q tests/test_bug.py", ran.command());
        assertEquals(repo.git("rev-parse", "main").strip(), ran.baseCommit());
        assertEquals(1, ran.base().orElseThrow().exitCode());
        assertTrue(ran.base().orElseThrow().tail().contains("AssertionError: 2 != 1"), ran.toString());
        assertEquals(0, ran.head().orElseThrow().exitCode());
        JsonNode target = evidence(result).get("regression").get(0);
        assertEquals("tests/test_bug.py", target.get("target").asText());
        assertEquals("fail", target.get("base").get("verdict").asText());
        assertEquals(1, target.get("base").get("exit").asInt());
        assertEquals("pass", target.get("head").get("verdict").asText());
        assertEquals(
                1,
                repo.git("worktree", "list", "--porcelain")
                        .lines()
                        .filter(l -> l.startsWith("worktree "))
                        .count(),
                "the work tree at the merge base is gone");
        assertFalse(repo.git("status", "--porcelain").contains("src/app.py"), "the checkout is untouched");
    }

    @Test
    void a_regression_test_that_hangs_at_the_merge_base_is_stopped_counts_as_failing_there_and_its_tree_goes() {
        audit(List.of("python3 -m unittest -q"), "regression", "tests/test_bug.py");
        repo.write(".workflow/config.json", "{\"checks\": {\"timeout_seconds\": 2}}");
        repo.write("src/app.py", "# app\nvalue = 2\n");
        repo.write("tests/test_bug.py", TEST.replace("    def test_value_is_two(self):\n", """
                    def test_value_is_two(self):
                        if value == 1:
                            import time
                            time.sleep(60)
                """));

        ImplVerify.Result result = verify(true, Optional.empty());

        VerifyRegressionRan ran = result.run().regression().get(0);
        assertEquals(ProcessOutcome.TIMED_OUT, ran.base().orElseThrow().outcome(), ran.toString());
        assertTrue(ran.passed(), ran.toString());
        assertEquals(Verdict.PASS, result.verdict());
        assertEquals(
                1,
                repo.git("worktree", "list", "--porcelain")
                        .lines()
                        .filter(l -> l.startsWith("worktree "))
                        .count(),
                "the work tree at the merge base is gone after the timeout");
    }

    @Test
    void a_regression_test_that_passes_at_the_merge_base_reproduces_nothing_and_fails_the_run() throws IOException {
        audit(List.of("python3 -m unittest -q"), "regression", "tests/test_bug.py");
        repo.write("src/app.py", "# app\nvalue = 2\n");
        repo.write("tests/test_bug.py", TEST.replace("assertEqual(2, value)", "assertTrue(value > 0)"));

        ImplVerify.Result result = verify(true, Optional.empty());

        assertEquals(Verdict.FAIL, result.verdict());
        VerifyRegressionRan ran = result.run().regression().get(0);
        assertFalse(ran.passed());
        assertTrue(ran.base().orElseThrow().passed());
        assertTrue(ran.reason().orElseThrow().contains("does not reproduce the bug"), ran.toString());
        assertTrue(Files.readString(result.evidenceMarkdown()).contains("## Regression `tests/test_bug.py` — FAIL"));
    }

    @Test
    void a_regression_test_that_still_fails_in_the_checkout_fails_the_run() {
        audit(List.of("python3 -m unittest -q"), "regression", "tests/test_bug.py");
        repo.write("tests/test_bug.py", TEST);

        ImplVerify.Result result = verify(true, Optional.of("main"));

        assertEquals(Verdict.FAIL, result.verdict());
        VerifyRegressionRan ran = result.run().regression().get(0);
        assertEquals(1, ran.base().orElseThrow().exitCode());
        assertEquals(1, ran.head().orElseThrow().exitCode());
        assertTrue(ran.reason().orElseThrow().contains("fails in the checkout"), ran.toString());
    }

    @Test
    void regression_without_a_command_that_runs_test_files_records_the_target_as_not_run() {
        audit(List.of("make -s ok"), "regression", "tests/test_bug.py");
        fix();

        ImplVerify.Result result = verify(true, Optional.empty());

        assertEquals(Verdict.FAIL, result.verdict());
        VerifyRegressionRan ran = result.run().regression().get(0);
        assertTrue(ran.base().isEmpty() && ran.head().isEmpty());
        assertTrue(ran.reason().orElseThrow().contains("no verify command of the plan runs test files"));
    }

    @Test
    void regression_with_no_regression_target_or_an_unknown_base_is_refused_before_anything_is_recorded() {
        audit(List.of("python3 -m unittest -q"), "unit", "tests/test_ok.py");

        Failure none = assertThrows(Failure.class, () -> verify(true, Optional.empty()));
        assertEquals(Failure.Kind.USAGE, none.kind());
        assertTrue(none.getMessage().contains("no regression test with a target"), none.getMessage());
        Failure base = assertThrows(Failure.class, () -> verify(false, Optional.of("no-such-branch")));
        assertEquals(Failure.Kind.USAGE, base.kind());
        assertTrue(base.getMessage().contains("--base no-such-branch names no commit"), base.getMessage());
        assertEquals(
                List.of(PlanAudited.TYPE.name()),
                history().stream().map(EventEnvelope::type).toList());
    }
}
