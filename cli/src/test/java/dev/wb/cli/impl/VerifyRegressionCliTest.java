package dev.wb.cli.impl;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.wb.cli.testing.CliRun;
import dev.wb.testkit.SamplePlan;
import dev.wb.testkit.TempGitRepo;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.regex.Pattern;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * {@code wb impl verify KEY [--regression] [--base REF]} through {@code bin/wb}, in a real repository
 * with a real branch and real processes (python3's unittest, git worktree): the console lines, the
 * JSON, the exit codes and the refusals.
 */
class VerifyRegressionCliTest {

    private static final Pattern STACK_FRAME = Pattern.compile("(?m)^\\s+at [\\w.$]+\\(");

    private static final String TEST = """
            import unittest
            from src.app import value

            class Bug(unittest.TestCase):
                def test_value_is_two(self):
                    self.assertEqual(2, value)
            """;

    @TempDir
    Path tmp;

    TempGitRepo repo;
    final List<CliRun.Result> seen = new ArrayList<>();

    @BeforeEach
    void repositoryOnABranch() {
        repo = TempGitRepo.create(tmp, "repo");
        repo.write("src/__init__.py", "");
        repo.write("src/app.py", SamplePlan.APP_PY);
        repo.write("tests/__init__.py", "");
        repo.write(".workflow/.gitignore", "local/\n");
        repo.commitAll("app");
        repo.git("checkout", "-q", "-b", "ABC-1-fix");
    }

    @AfterEach
    void neverAStackTrace() {
        for (CliRun.Result r : seen) {
            assertFalse(STACK_FRAME.matcher(r.err()).find(), r.toString());
        }
    }

    CliRun.Result wb(String... args) {
        CliRun.Result r = CliRun.wb(repo.root(), args);
        seen.add(r);
        return r;
    }

    /** The sample plan verified by python3's unittest, with one test of {@code kind} at tests/test_bug.py. */
    void audit(String kind) throws IOException {
        ObjectNode plan = (ObjectNode) new ObjectMapper()
                .readTree(
                        SamplePlan.of("ABC-1").verify("python3 -m unittest -q").json());
        ArrayNode tests = plan.putArray("tests");
        tests.addObject().put("kind", kind).put("target", "tests/test_bug.py").put("asserts", "value is 2");
        repo.write(".workflow/ABC-1/sdd.json", plan.toPrettyString());
        CliRun.Result audit = wb("sdd", "audit", "ABC-1");
        assertEquals(0, audit.code(), audit.toString());
    }

    @Test
    void regression_prints_the_target_at_the_merge_base_and_in_the_checkout_and_passes() throws IOException {
        audit("regression");
        repo.write("src/app.py", "# app\nvalue = 2\n");
        repo.write("tests/test_bug.py", TEST);

        CliRun.Result text = wb("impl", "verify", "ABC-1", "--regression");

        assertEquals(0, text.code(), text.toString());
        String base = repo.git("rev-parse", "main").strip().substring(0, 12);
        assertTrue(
                text.out()
                        .contains("  reproduced  regression tests/test_bug.py  (merge base " + base
                                + ": failed, exit 1; checkout: passed)"),
                text.out());
        assertTrue(
                text.err().contains("at the merge base " + base + ": python3 -m unittest -q tests/test_bug.py"),
                text.err());

        JsonNode json = wb("impl", "verify", "ABC-1", "--regression", "--base", "main", "--json")
                .json();
        JsonNode target = json.get("regression").get(0);
        assertEquals("pass", json.get("verdict").asText());
        assertEquals("fail", target.get("base").get("verdict").asText());
        assertEquals(
                repo.git("rev-parse", "main").strip(),
                target.get("base").get("commit").asText());
        assertEquals(0, target.get("head").get("exit").asInt());
        assertEquals(0, json.get("tests_missing").size());
    }

    @Test
    void a_test_target_the_branch_does_not_change_fails_with_exit_7_and_says_so() throws IOException {
        audit("unit");
        repo.write("src/app.py", "# app\nvalue = 2\n");

        CliRun.Result r = wb("impl", "verify", "ABC-1");

        assertEquals(7, r.code(), r.toString());
        assertTrue(
                r.out()
                        .contains("  no change   tests/test_bug.py  (a test target of the plan, not among the"
                                + " branch's changed paths)"),
                r.out());
        assertTrue(r.err().contains("error: the verification of ABC-1 did not pass: fail"), r.err());
        assertTrue(r.err().contains("fix: "), r.err());
        CliRun.Result replay = wb("replay", "ABC-1");
        assertTrue(replay.out().contains("test targets not changed: tests/test_bug.py"), replay.out());
    }

    @Test
    void regression_with_nothing_to_run_or_an_unknown_base_is_a_usage_error_with_a_fix() throws IOException {
        audit("unit");
        repo.write("tests/test_bug.py", TEST);

        CliRun.Result none = wb("impl", "verify", "ABC-1", "--regression");
        CliRun.Result base = wb("impl", "verify", "ABC-1", "--base", "nowhere");

        assertEquals(2, none.code(), none.toString());
        assertTrue(none.err().contains("error: the plan of ABC-1 has no regression test with a target"), none.err());
        assertTrue(none.err().contains("fix: "), none.err());
        assertEquals(2, base.code(), base.toString());
        assertTrue(base.err().contains("error: --base nowhere names no commit in this repository"), base.err());
        assertFalse(Files.exists(repo.resolve(".workflow/ABC-1/evidence.json")), "nothing was run or written");
    }
}
