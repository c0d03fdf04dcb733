package dev.wb.cli.sdd;

import static dev.wb.cli.testing.CliRun.wb;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import dev.wb.cli.testing.CliRun;
import dev.wb.testkit.OriginalPlans;
import dev.wb.testkit.TempGitRepo;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** The original workbench's plans through the real command line: its example, a bug plan, wb repo zones. */
class OriginalsPlanCliTest {

    static final String BUG_PLAN = """
            {"schema": 1, "key": "ABC-2", "preset": "startup", "persona": "fullstack-specialist",
             "objective": "Refuse an expired coupon before charging.",
             "evidence": [{"claim": "the charge comes first", "file": "src/checkout.py", "line": 2,
                           "quote": "charge = create_charge(total)"}],
             "files": [{"path": "src/checkout.py", "change": "edit", "why": "validate first"}],
             "zones": {"billing": ["src/checkout.py"]},
             "steps": [{"do": "validate the coupon before the charge"}],
             "tests": [{"kind": "regression", "target": "tests/test_checkout.py", "asserts": "expired coupon returns 422"}],
             "verify": ["pytest -q"], "rollback": "revert the commit",
             "product": {"metric": "chargebacks", "who_asked": "support"},
             HANDOVER
             "questions": [], "ticket_type": "Bug"}
            """;

    @TempDir
    Path tmp;

    TempGitRepo repo;

    @BeforeEach
    void repository() {
        repo = TempGitRepo.create(tmp, "repo");
        repo.write("src/checkout.py", OriginalPlans.CHECKOUT);
        repo.git("add", ".");
        repo.git("commit", "-q", "-m", "checkout");
    }

    @Test
    void the_originals_example_plan_passes_wb_sdd_audit_unchanged() throws IOException {
        Path plan = repo.resolve(".workflow/ABC-1/sdd.json");
        Files.createDirectories(plan.getParent());
        Files.write(plan, OriginalPlans.bytes(OriginalPlans.ABC_1));

        CliRun.Result result = wb(repo.root(), "sdd", "audit", "ABC-1");

        assertEquals(0, result.code(), result::toString);
        assertTrue(
                result.out().startsWith("ABC-1: audit passed · standard tier · first audit (strict)"),
                result::toString);
        assertTrue(result.out().contains("\n  standard tier (touches billing)\n"), result::toString);
        assertTrue(result.out().contains("ok           evidence[0]  src/checkout.py:2"), result::toString);
        assertTrue(
                result.out()
                        .contains("notice: zones: src/checkout.py touches billing, not declared in zones"
                                + " (wb repo zones src/checkout.py)"),
                result::toString);
        assertEquals("", result.err());
        JsonNode json = wb(repo.root(), "sdd", "audit", "ABC-1", "--json").json();
        assertEquals("touches billing", json.get("tierReason").asText());
        assertEquals(1, json.get("notices").size());
    }

    @Test
    void a_bug_plan_passes_with_its_handover_and_fails_without_naming_the_field() {
        repo.write(
                ".workflow/ABC-2/sdd.json",
                BUG_PLAN.replace(
                        "HANDOVER",
                        "\"handover\": {\"symptom_plain\":"
                                + " \"an expired coupon still charged the card\", \"qa_steps\": [\"apply an expired coupon\","
                                + " \"pay: the page says the coupon expired, nothing is charged\"]},"));
        CliRun.Result passed = wb(repo.root(), "sdd", "audit", "ABC-2");
        repo.write(".workflow/ABC-2/sdd.json", BUG_PLAN.replace("HANDOVER", ""));
        CliRun.Result failed = wb(repo.root(), "sdd", "audit", "ABC-2");

        assertEquals(0, passed.code(), passed::toString);
        assertFalse(passed.out().contains("notice:"), passed::toString);
        assertEquals(7, failed.code(), failed::toString);
        assertTrue(
                failed.out()
                        .contains("structure:\n  a Bug ticket needs handover.symptom_plain: what the reporter"
                                + " saw, in their words, no jargon\n  a Bug ticket needs handover.qa_steps:"),
                failed::toString);
        assertTrue(failed.err().startsWith("error: the audit of ABC-2 failed: 2 findings\n  fix: "), failed::toString);
    }

    @Test
    void the_invented_array_and_string_forms_fail_with_the_originals_shape() {
        repo.write(
                ".workflow/ABC-2/sdd.json",
                BUG_PLAN.replace("{\"billing\": [\"src/checkout.py\"]}", "[\"billing\"]")
                        .replace("{\"metric\": \"chargebacks\", \"who_asked\": \"support\"}", "\"fewer chargebacks\"")
                        .replace("HANDOVER", "\"handover_required\": false,"));

        CliRun.Result result = wb(repo.root(), "sdd", "audit", "ABC-2");

        assertEquals(7, result.code(), result::toString);
        assertTrue(
                result.out()
                        .contains("  zones must be an object of zone: [paths], like {\"billing\":"
                                + " [\"src/checkout.py\"]}, not an array\n"),
                result::toString);
        assertTrue(
                result.out()
                        .contains("  product must be an object {\"metric\": \"…\", \"who_asked\": \"…\"}, not"
                                + " a string\n"),
                result::toString);
    }

    @Test
    void repo_zones_lists_the_originals_zones_and_the_configured_ones() {
        repo.write(
                ".workflow/config.json",
                "{\"critical_zones\": {\"ledger\": [\"core/ledger/**\"], \"auth\": [\"sso\"]}}");

        CliRun.Result text = wb(repo.root(), "repo", "zones");
        JsonNode json = wb(repo.root(), "repo", "zones", "--json").json();

        assertEquals(0, text.code(), text::toString);
        assertTrue(
                text.out()
                        .contains("  billing     built-in regex   billing|payment|invoice|subscription|checkout|"
                                + "stripe|paddle|quota|plan\n"),
                text::toString);
        assertTrue(
                text.out().contains("  secrets     built-in regex   secret|credential|keystore|vault|\\.env\n"),
                text::toString);
        assertTrue(text.out().contains("  ledger      config glob      core/ledger/**\n"), text::toString);
        assertTrue(text.out().contains("  auth        config word      sso\n"), text::toString);
        assertEquals(7, json.get("zones").size());
        assertEquals("user-data", json.get("zones").get(2).get("zone").asText());
        assertEquals(
                "(^|/)(users?|accounts?|pii|personal)(/|_|\\.)|(^|/)profiles?/",
                json.get("zones").get(2).get("pattern").asText());
        assertEquals("config", json.get("zones").get(5).get("source").asText());
    }

    @Test
    void repo_zones_of_paths_prints_what_a_plans_zones_lists() {
        CliRun.Result text = wb(repo.root(), "repo", "zones", "src/checkout.py", "src/stripe_hooks.py", "README.md");
        CliRun.Result none = wb(repo.root(), "repo", "zones", "README.md");
        JsonNode json =
                wb(repo.root(), "repo", "zones", "--json", "./src/checkout.py").json();

        assertEquals(0, text.code(), text::toString);
        assertEquals("""
                critical zones touched -- the bar rises here regardless of preset:
                  billing: src/checkout.py, src/stripe_hooks.py
                """, text.out());
        assertEquals("no critical zones touched\n", none.out());
        assertEquals("{\"zones\":{\"billing\":[\"src/checkout.py\"]}}", json.toString());
    }

    @Test
    void a_preset_config_json_does_not_know_stops_the_command_with_error_and_fix() {
        repo.write(".workflow/config.json", "{\"preset\": \"scale-up\"}");

        CliRun.Result result = wb(repo.root(), "repo", "zones");

        assertEquals(3, result.code(), result::toString);
        assertTrue(
                result.err()
                        .startsWith(
                                "error: .workflow/config.json line 1: preset is \"scale-up\", which is not"
                                        + " a preset; the presets are prototype, solo-saas, startup, scaleup, enterprise\n  fix: "),
                result::toString);
        assertFalse(result.err().contains("\tat "), result::toString);
    }

    @Test
    void a_plan_below_the_recorded_preset_fails_the_audit() {
        repo.write(".workflow/config.json", "{\"preset\": \"enterprise\"}");
        repo.write(".workflow/ABC-2/sdd.json", BUG_PLAN.replace("HANDOVER", "\"handover_required\": false,"));

        CliRun.Result result = wb(repo.root(), "sdd", "audit", "ABC-2");

        assertEquals(7, result.code(), result::toString);
        assertTrue(
                result.out()
                        .contains("  the plan declares preset startup but src/checkout.py is held to enterprise:"
                                + " raise the preset, or split the change\n"),
                result::toString);
    }
}
