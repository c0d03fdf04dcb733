package dev.wb.cli.ci;

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
import java.util.regex.Pattern;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * {@code wb ci check [KEY] --base REF} in real repositories: the task audited, changed and verified as a
 * developer does it (real {@code make} runs), then each gate (audit, scope, verify) broken in turn.
 */
class CiCheckCliTest {

    private static final Pattern STACK_FRAME = Pattern.compile("(?m)^\\s+at [\\w.$]+\\(");

    @TempDir
    Path tmp;

    TempGitRepo repo;
    String base;
    final Map<String, String> env = new HashMap<>();
    final List<CliRun.Result> seen = new ArrayList<>();

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

    @AfterEach
    void neverAStackTrace() {
        for (CliRun.Result r : seen) {
            assertFalse(STACK_FRAME.matcher(r.err()).find(), r.toString());
        }
    }

    CliRun.Result wb(String... args) {
        CliRun.Result r = CliRun.wb(repo.root(), env, args);
        seen.add(r);
        return r;
    }

    void ok(String... args) {
        CliRun.Result r = wb(args);
        assertEquals(0, r.code(), String.join(" ", args) + "\n" + r);
    }

    String plan(String objective, String quote) {
        return SamplePlan.of("ABC-1")
                .objective(objective)
                .quote(quote)
                .verify("make -s ok")
                .json();
    }

    /** The plan audited and committed, src/app.py changed inside it and committed. */
    void auditedAndChanged() {
        repo.write(".workflow/ABC-1/sdd.json", plan("o", "value = 1"));
        ok("sdd", "audit", "ABC-1");
        repo.commitAll("plan");
        repo.write("src/app.py", "# app\nvalue = 2\n");
        repo.commitAll("change");
    }

    JsonNode check(int expectedExit, String... keyArgs) {
        List<String> args = new ArrayList<>(List.of("ci", "check"));
        args.addAll(List.of(keyArgs));
        args.addAll(List.of("--base", base, "--json"));
        CliRun.Result r = wb(args.toArray(String[]::new));
        assertEquals(expectedExit, r.code(), r.toString());
        return r.json();
    }

    static JsonNode gate(JsonNode doc, String name) {
        for (JsonNode check : doc.get("checks")) {
            if (check.get("name").asText().equals(name)) {
                return check;
            }
        }
        throw new AssertionError("no check " + name + " in " + doc);
    }

    static void failed(JsonNode doc, String name, String detailPart) {
        JsonNode check = gate(doc, name);
        assertFalse(check.get("passed").asBoolean(), doc.toString());
        assertTrue(check.get("detail").asText().contains(detailPart), doc.toString());
        assertFalse(check.get("fix").asText().isBlank(), doc.toString());
        assertFalse(doc.get("passed").asBoolean(), doc.toString());
    }

    // ------------------------------------------------------------------ the whole gate passes

    @Test
    void an_audited_task_changed_inside_its_plan_and_verified_on_head_passes_all_three_gates() {
        auditedAndChanged();
        ok("impl", "verify", "ABC-1");

        JsonNode doc = check(0, "ABC-1");

        assertEquals("ABC-1", doc.get("taskId").asText());
        assertEquals(repo.git("rev-parse", "HEAD").strip(), doc.get("head").asText());
        assertEquals(base, doc.get("base").asText());
        assertTrue(doc.get("passed").asBoolean(), doc.toString());
        assertEquals(3, doc.get("checks").size(), doc.toString());
        for (String name : List.of("audit", "scope", "verify")) {
            assertTrue(gate(doc, name).get("passed").asBoolean(), doc.toString());
            assertTrue(gate(doc, name).get("fix").isNull(), doc.toString());
        }
        assertTrue(gate(doc, "scope").get("detail").asText().startsWith("1 changed path"), doc.toString());
    }

    @Test
    void the_text_report_has_a_line_per_gate_and_the_verdict() {
        auditedAndChanged();
        ok("impl", "verify", "ABC-1");

        CliRun.Result r = wb("ci", "check", "ABC-1", "--base", base);

        assertEquals(0, r.code(), r.toString());
        List<String> lines = r.out().lines().toList();
        assertEquals(4, lines.size(), r.out());
        assertTrue(lines.get(0).startsWith("pass  audit: "), r.out());
        assertTrue(lines.get(1).startsWith("pass  scope: "), r.out());
        assertTrue(lines.get(2).startsWith("pass  verify: "), r.out());
        assertTrue(lines.get(3).startsWith("ABC-1: the gate passes (head "), r.out());
    }

    // ------------------------------------------------------------------ scope

    @Test
    void a_change_outside_the_plan_fails_the_scope_gate_naming_the_path_with_exit_7() {
        auditedAndChanged();
        repo.write("src/other.py", "extra = 1\n");
        repo.commitAll("outside the plan");
        ok("impl", "verify", "ABC-1");

        JsonNode doc = check(7, "ABC-1");

        failed(doc, "scope", "src/other.py");
        assertTrue(gate(doc, "audit").get("passed").asBoolean(), doc.toString());
        assertTrue(gate(doc, "verify").get("passed").asBoolean(), doc.toString());
        CliRun.Result text = wb("ci", "check", "ABC-1", "--base", base);
        assertEquals(7, text.code(), text.toString());
        assertTrue(text.out().contains("FAIL  scope: "), text.out());
        assertTrue(text.out().contains("      fix: "), text.out());
        assertTrue(text.out().contains("ABC-1: the gate does not pass"), text.out());
    }

    // ------------------------------------------------------------------ verify

    @Test
    void no_verify_run_fails_the_verify_gate() {
        auditedAndChanged();

        failed(check(7, "ABC-1"), "verify", "no verify run");
    }

    @Test
    void a_verify_run_with_uncommitted_changes_fails_the_verify_gate() {
        auditedAndChanged();
        repo.write("src/app.py", "# app\nvalue = 3\n");
        ok("impl", "verify", "ABC-1");
        repo.git("checkout", "-q", "--", "src/app.py");

        failed(check(7, "ABC-1"), "verify", "1 uncommitted paths");
    }

    @Test
    void a_failing_verify_run_fails_the_verify_gate() {
        auditedAndChanged();
        repo.write("Makefile", "ok:\n\t@echo broken; exit 1\n");
        repo.commitAll("broken make");
        CliRun.Result verify = wb("impl", "verify", "ABC-1");
        assertTrue(verify.code() != 0, verify.toString());

        failed(check(7, "ABC-1"), "verify", "did not pass");
    }

    @Test
    void a_verify_run_on_an_older_commit_fails_once_a_source_file_changed_after_it() {
        auditedAndChanged();
        ok("impl", "verify", "ABC-1");
        repo.write("src/app.py", "# app\nvalue = 4\n");
        repo.commitAll("after the verify run");

        failed(check(7, "ABC-1"), "verify", "src/app.py");
    }

    @Test
    void a_verify_run_followed_only_by_changes_to_wbs_own_files_passes() {
        auditedAndChanged();
        ok("impl", "verify", "ABC-1");
        repo.write(".workflow/ABC-1/notes.md", "notes\n");
        repo.write(".github/workflows/wb.yml", "name: wb\n");
        repo.commitAll("wb's own files after the verify run");

        JsonNode doc = check(0, "ABC-1");

        assertTrue(gate(doc, "verify").get("detail").asText().contains("only wb's own files"), doc.toString());
    }

    @Test
    void a_verify_run_on_a_commit_the_branch_was_reset_away_from_fails_even_if_only_wbs_files_followed() {
        auditedAndChanged();
        ok("impl", "verify", "ABC-1");
        repo.git("reset", "-q", "--hard", "HEAD~1");
        repo.write(".workflow/ABC-1/notes.md", "notes\n");
        repo.commitAll("only wb's own files, on a branch without the verified change");

        failed(check(7, "ABC-1"), "verify", "src/app.py");
    }

    @Test
    void a_verify_run_on_a_commit_this_clone_does_not_have_fails_the_verify_gate() {
        auditedAndChanged();
        ok("impl", "verify", "ABC-1");
        repo.git("reset", "-q", "--hard", "HEAD~1");
        repo.write("src/app.py", "# app\nvalue = 5\n");
        repo.commitAll("another change");
        repo.git("reflog", "expire", "--expire=now", "--all");
        repo.git("gc", "-q", "--prune=now");

        failed(check(7, "ABC-1"), "verify", "which is not in this repository");
    }

    // ------------------------------------------------------------------ audit

    @Test
    void a_plan_never_audited_fails_the_audit_gate_and_scope_is_not_checked() {
        repo.write(".workflow/ABC-1/sdd.json", plan("o", "value = 1"));
        repo.write("src/app.py", "# app\nvalue = 2\n");
        repo.commitAll("plan and change");

        JsonNode doc = check(7, "ABC-1");

        failed(doc, "audit", "has not been audited");
        failed(doc, "scope", "not checked");
    }

    @Test
    void a_failed_audit_fails_the_audit_gate() {
        repo.write(".workflow/ABC-1/sdd.json", plan("o", "value = 42"));
        CliRun.Result audit = wb("sdd", "audit", "ABC-1");
        assertTrue(audit.code() != 0, audit.toString());
        repo.commitAll("plan");

        failed(check(7, "ABC-1"), "audit", "failed");
    }

    @Test
    void a_plan_changed_after_its_audit_fails_the_audit_gate() {
        auditedAndChanged();
        ok("impl", "verify", "ABC-1");
        repo.write(".workflow/ABC-1/sdd.json", plan("another objective", "value = 1"));
        repo.commitAll("plan edited");

        JsonNode doc = check(7, "ABC-1");

        failed(doc, "audit", "changed since its audit");
        failed(doc, "verify", "another version of the plan");
    }

    @Test
    void no_plan_at_all_fails_the_audit_gate() {
        failed(check(7, "ABC-1"), "audit", "no plan");
    }

    // ------------------------------------------------------------------ the task and the base

    @Test
    void without_a_key_the_task_comes_from_github_head_ref() {
        auditedAndChanged();
        ok("impl", "verify", "ABC-1");
        repo.git("checkout", "-q", "--detach");
        env.put("GITHUB_HEAD_REF", "task/ABC-1");

        assertEquals("ABC-1", check(0).get("taskId").asText());
    }

    @Test
    void without_a_key_the_task_comes_from_the_checked_out_branch() {
        auditedAndChanged();
        ok("impl", "verify", "ABC-1");

        assertEquals("ABC-1", check(0).get("taskId").asText());
    }

    @Test
    void without_a_key_a_branch_that_names_no_task_is_a_usage_error() {
        repo.git("checkout", "-q", "-b", "feature/x");

        CliRun.Result r = wb("ci", "check", "--base", base);

        assertEquals(2, r.code(), r.toString());
        assertEquals("", r.out());
        assertTrue(r.err().startsWith("error: the branch feature/x is not named task/KEY"), r.err());
        assertTrue(r.err().contains("fix: name the task: wb ci check KEY --base REF"), r.err());
    }

    @Test
    void without_a_key_a_detached_head_and_no_github_head_ref_is_a_usage_error() {
        repo.git("checkout", "-q", "--detach");

        CliRun.Result r = wb("ci", "check", "--base", base);

        assertEquals(2, r.code(), r.toString());
        assertTrue(r.err().startsWith("error: HEAD is detached and GITHUB_HEAD_REF is not set"), r.err());
        assertTrue(r.err().contains("fix: "), r.err());
    }

    @Test
    void a_base_that_is_not_a_commit_is_a_usage_error() {
        auditedAndChanged();

        CliRun.Result r = wb("ci", "check", "ABC-1", "--base", "origin/no-such-branch");

        assertEquals(2, r.code(), r.toString());
        assertEquals("", r.out());
        assertTrue(
                r.err().startsWith("error: --base origin/no-such-branch is not a commit in this repository"), r.err());
        assertTrue(r.err().contains("fix: "), r.err());
    }

    @Test
    void a_malformed_key_and_a_missing_base_are_usage_errors() {
        CliRun.Result key = wb("ci", "check", "not a key", "--base", base);
        assertEquals(2, key.code(), key.toString());
        assertTrue(key.err().startsWith("error: "), key.err());

        CliRun.Result noBase = wb("ci", "check", "ABC-1");
        assertEquals(2, noBase.code(), noBase.toString());
        assertTrue(noBase.err().contains("--base"), noBase.err());
    }
}
