package dev.wb.cli.sdd;

import static dev.wb.cli.testing.CliRun.wb;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import dev.wb.cli.testing.CliRun;
import dev.wb.cli.testing.Fixtures;
import dev.wb.testkit.SamplePlan;
import dev.wb.testkit.TempGitRepo;
import java.nio.file.Path;
import java.util.stream.Stream;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;

/** {@code wb sdd audit} and {@code wb impl check} as a user meets them: output, exit codes, errors. */
class PlanCliTest {

    static final String PLAN = Fixtures.ABC_12_PLAN;

    @TempDir
    Path tmp;

    TempGitRepo repo;

    @BeforeEach
    void repository() {
        repo = TempGitRepo.create(tmp, "repo");
        repo.write("src/app.py", SamplePlan.APP_PY);
        repo.git("add", ".");
        repo.git("commit", "-q", "-m", "app");
    }

    @Test
    void a_passing_audit_exits_0_and_says_where_it_is_recorded() {
        repo.write(".workflow/ABC-12/sdd.json", PLAN);

        CliRun.Result result = wb(repo.root(), "sdd", "audit", "abc-12");

        assertEquals(0, result.code(), result::toString);
        assertTrue(
                result.out().startsWith("ABC-12: audit passed · light tier · first audit (strict)"), result::toString);
        assertTrue(result.out().contains("ok           evidence[0]  src/app.py:2"), result::toString);
        assertTrue(result.out().contains("recorded as event 0 of ABC-12"), result::toString);
    }

    @Test
    void a_failing_audit_exits_7_with_error_and_fix() {
        repo.write(
                ".workflow/ABC-12/sdd.json",
                SamplePlan.of("ABC-12").line(1).verify("pytest -q").json());

        CliRun.Result result = wb(repo.root(), "sdd", "audit", "ABC-12");

        assertEquals(7, result.code(), result::toString);
        assertTrue(result.out().contains("moved        evidence[0]  src/app.py:1: now at line 2"), result::toString);
        assertTrue(result.out().contains("set evidence[0].line to 2"), result::toString);
        assertTrue(result.err().startsWith("error: the audit of ABC-12 failed: 1 finding\n  fix: "), result::toString);
    }

    @Test
    void a_drifted_citation_is_shown_with_its_line_and_the_rebaseline_hint() {
        repo.write(".workflow/ABC-12/sdd.json", PLAN);
        assertEquals(0, wb(repo.root(), "sdd", "audit", "ABC-12").code());
        repo.write("src/app.py", "# app\n# moved down\nvalue = 1\n");

        CliRun.Result result = wb(repo.root(), "sdd", "audit", "ABC-12");

        assertEquals(0, result.code(), result::toString);
        assertTrue(
                result.out()
                        .contains("moved        evidence[0]  src/app.py:2: now at line 3\n"
                                + "               re-anchor with: wb sdd audit ABC-12 --rebaseline"),
                result::toString);
    }

    @Test
    void json_is_one_document_with_the_recorded_audit() {
        repo.write(".workflow/ABC-12/sdd.json", PLAN);

        JsonNode doc = wb(repo.root(), "--json", "sdd", "audit", "ABC-12").json();

        assertEquals("pass", doc.get("verdict").asText());
        assertEquals("ABC-12", doc.get("task").asText());
        assertEquals(0, doc.get("version").asInt());
        assertEquals("ok", doc.get("citations").get(0).get("verdict").asText());
    }

    @Test
    void no_plan_exits_6_and_a_bad_key_exits_2() {
        CliRun.Result missing = wb(repo.root(), "sdd", "audit", "ABC-12");
        CliRun.Result bad = wb(repo.root(), "sdd", "audit", "not a key");

        assertEquals(6, missing.code(), missing::toString);
        assertTrue(missing.err().contains("fix: write the plan"), missing::toString);
        assertEquals(2, bad.code(), bad::toString);
        assertTrue(bad.err().startsWith("error: malformed key: not a key"), bad::toString);
    }

    static Stream<String> malformedPlans() {
        return Stream.of(
                "",
                "{",
                "null",
                "[]",
                "42",
                "{\"key\": 12}",
                "{\"evidence\": {}}",
                "{\"evidence\": [null, 1, \"x\", []]}",
                "{\"files\": [{\"path\": 1, \"change\": []}]}",
                "{\"verify_env\": {\"PATH\": 1, \"\": \"x\"}, \"steps\": \"no\"}",
                "{\"evidence\": [{\"claim\": \"c\", \"file\": \"src/app.py\", \"line\": 99999999999, \"quote\": \"q\"}]}");
    }

    @ParameterizedTest
    @MethodSource("malformedPlans")
    void a_malformed_plan_is_a_finding_and_exit_7_never_a_stack_trace(String content) {
        repo.write(".workflow/ABC-12/sdd.json", content);

        CliRun.Result result = wb(repo.root(), "sdd", "audit", "ABC-12");

        assertEquals(7, result.code(), result::toString);
        assertTrue(result.out().contains("structure:"), result::toString);
        assertFalse(result.err().contains("\tat "), result::toString);
        assertFalse(result.err().contains("unexpected"), result::toString);
    }

    @Test
    void impl_check_exits_2_without_an_audit_0_in_scope_and_7_on_a_deviation() {
        repo.write(".workflow/ABC-12/sdd.json", PLAN);
        CliRun.Result refused = wb(repo.root(), "impl", "check", "ABC-12");
        assertEquals(2, refused.code(), refused::toString);
        assertTrue(refused.err().contains("fix: wb sdd audit ABC-12"), refused::toString);

        assertEquals(0, wb(repo.root(), "sdd", "audit", "ABC-12").code());
        repo.write("src/app.py", "# app\nvalue = 2\n");
        CliRun.Result ok = wb(repo.root(), "impl", "check", "ABC-12");
        assertEquals(0, ok.code(), ok::toString);
        assertTrue(ok.out().contains("  ok        src/app.py"), ok::toString);

        repo.write("src/billing/charge.py", "x = 1\n");
        CliRun.Result deviation = wb(repo.root(), "impl", "check", "ABC-12");
        assertEquals(7, deviation.code(), deviation::toString);
        assertTrue(
                deviation.out().contains("deviation src/billing/charge.py  [critical zone: billing]"),
                deviation::toString);
        assertTrue(
                deviation
                        .err()
                        .startsWith("error: ABC-12: 1 changed path outside every audited plan:"
                                + " src/billing/charge.py (critical zone: billing)"),
                deviation::toString);
    }

    @Test
    void impl_check_json_reports_each_path() {
        repo.write(".workflow/ABC-12/sdd.json", PLAN);
        wb(repo.root(), "sdd", "audit", "ABC-12");
        repo.write("stray.txt", "x\n");

        CliRun.Result result = wb(repo.root(), "impl", "check", "ABC-12", "--json");

        assertEquals(7, result.code());
        JsonNode doc = result.json();
        assertEquals("deviation", doc.get("verdict").asText());
        // The original's order (ok, pending, other, overlap), then the deviations.
        assertEquals("src/app.py", doc.get("paths").get(0).get("path").asText());
        assertEquals("stray.txt", doc.get("paths").get(1).get("path").asText());
        assertEquals("deviation", doc.get("paths").get(1).get("status").asText());
        assertEquals(1, doc.get("counts").get("pending").asInt());
    }

    @Test
    void a_group_without_a_subcommand_prints_its_help() {
        CliRun.Result result = wb(repo.root(), "sdd");

        assertEquals(0, result.code(), result::toString);
        assertEquals(wb(repo.root(), "sdd", "--help"), result);
        assertTrue(result.out().contains("\n  audit "), result::toString);
    }

    @Test
    void replay_summarises_audits_and_checks() {
        repo.write(".workflow/ABC-12/sdd.json", PLAN);
        wb(repo.root(), "sdd", "audit", "ABC-12");
        wb(repo.root(), "impl", "check", "ABC-12");

        CliRun.Result result = wb(repo.root(), "replay", "ABC-12");

        assertTrue(result.out().contains("plan.audited"), result::toString);
        assertTrue(result.out().contains("pass · light · first · citations ok=1"), result::toString);
        assertTrue(result.out().contains("pass · worktree · 1 pending · 2 excluded"), result::toString);
    }

    @Test
    void config_json_adds_critical_zones_and_an_unusable_one_exits_3() {
        repo.write(".workflow/ABC-12/sdd.json", PLAN);
        wb(repo.root(), "sdd", "audit", "ABC-12");
        repo.write(
                ".workflow/config.json", "{\"execute\": true, \"critical_zones\": {\"ledger\": [\"core/ledger/**\"]}}");
        repo.write("core/ledger/entry.py", "x = 1\n");

        CliRun.Result zoned = wb(repo.root(), "impl", "check", "ABC-12");
        repo.write(".workflow/config.json", "{\"critical_zones\": {\"ledger\": \"core/ledger/**\"}}");
        CliRun.Result broken = wb(repo.root(), "impl", "check", "ABC-12");

        assertEquals(7, zoned.code(), zoned::toString);
        assertTrue(zoned.out().contains("deviation core/ledger/entry.py  [critical zone: ledger]"), zoned::toString);
        assertEquals(3, broken.code(), broken::toString);
        assertTrue(
                broken.err().startsWith("error: .workflow/config.json line 1: critical_zones.ledger must be a list"),
                broken::toString);
    }
}
