package dev.wb.commands.sdd;

import static dev.wb.commands.PlanFixture.plan;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import dev.wb.commands.PlanFixture;
import dev.wb.commands.Session;
import dev.wb.commands.base.Failure;
import dev.wb.commands.base.Workspace;
import dev.wb.commands.config.WorkspaceConfig;
import dev.wb.commands.plan.PresetBar;
import dev.wb.engine.EventEnvelope;
import dev.wb.engine.StreamId;
import dev.wb.engine.TaskKey;
import dev.wb.engine.TestEvents;
import dev.wb.engine.json.CanonicalJson;
import dev.wb.projections.events.audit.AuditTier;
import dev.wb.projections.events.audit.CitationVerdict;
import dev.wb.testkit.OriginalPlans;
import dev.wb.testkit.TempGitRepo;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Arrays;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The original workbench's plan (schema 1) read as it reads it: its own example unchanged, and each
 * rule of its format — tiers, product, handover, tests' kinds, zones, the preset bar — on a real
 * repository and a real log.
 */
class OriginalsPlanTest {

    static final TaskKey ABC_1 = new TaskKey("ABC-1");

    @TempDir
    Path tmp;

    TempGitRepo repo;

    @BeforeEach
    void repository() {
        repo = TempGitRepo.create(tmp, "repo");
        repo.write("src/checkout.py", OriginalPlans.CHECKOUT);
        repo.write("src/app.py", "def total(a, b):\n    return a + b\n");
        repo.write("src/b.py", "b = 1\n");
        repo.write("src/c.py", "c = 1\n");
        repo.git("add", ".");
        repo.git("commit", "-q", "-m", "shop");
    }

    SddAudit.Result audit(TaskKey key) {
        try (Session session = new Session(Workspace.require(repo.root()), System.getenv(), TestEvents.invocation())) {
            return SddAudit.run(session, key, false);
        }
    }

    SddAudit.Result audit(PlanFixture plan) {
        plan.writeTo(repo);
        return audit(new TaskKey(plan.json().get("key").asText()));
    }

    JsonNode recorded(TaskKey key) {
        try (Session session = new Session(Workspace.require(repo.root()), System.getenv(), TestEvents.invocation())) {
            List<EventEnvelope> events = session.reader().read(StreamId.task(key));
            return events.get(events.size() - 1).payload().json();
        }
    }

    static PlanFixture oneFile() {
        return plan("ABC-1").cite("src/app.py", 2, "return a + b").file("src/app.py", "edit");
    }

    void config(String json) {
        repo.write(".workflow/config.json", json);
    }

    @Test
    void the_originals_example_plan_passes_unchanged_with_a_notice_for_its_undeclared_zone() throws IOException {
        byte[] original = OriginalPlans.bytes(OriginalPlans.ABC_1);
        Path file = repo.resolve(".workflow/ABC-1/sdd.json");
        Files.createDirectories(file.getParent());
        Files.write(file, original);
        assertEquals(
                OriginalPlans.CHECKOUT_LINE_2,
                Files.readAllLines(repo.resolve("src/checkout.py")).get(1));

        SddAudit.Result result = audit(ABC_1);

        assertTrue(
                result.passed(),
                () -> result.report().structure() + " " + result.report().citations());
        assertEquals(AuditTier.STANDARD, result.report().tier());
        assertEquals("touches billing", result.report().tierReason());
        assertEquals(
                List.of("zones: src/checkout.py touches billing, not declared in zones"
                        + " (wb repo zones src/checkout.py)"),
                result.report().notices());
        assertEquals(CitationVerdict.OK, result.report().citations().get(0).verdict());
        JsonNode event = recorded(ABC_1);
        assertEquals("pass", event.get("verdict").asText());
        assertEquals("touches billing", event.get("tierReason").asText());
        assertEquals(
                result.report().notices().get(0), event.get("notices").get(0).asText());
        assertTrue(Arrays.equals(original, Files.readAllBytes(file)), "the audit leaves the plan as it is");
    }

    @Test
    void the_tier_and_its_reason_follow_the_originals_rules_in_order() {
        assertEquals("1 file(s), no critical zone", audit(oneFile()).report().tierReason());
        assertEquals(
                "3 files (light is up to 2)",
                audit(oneFile().file("src/b.py", "edit").file("src/checkout.py", "edit"))
                        .report()
                        .tierReason());
        assertEquals(
                "touches billing",
                audit(oneFile().file("src/checkout.py", "edit")).report().tierReason());
        assertEquals(
                "Defect work has a non-engineering audience",
                audit(oneFile().set("ticket_type", "Defect").handover("the total was wrong", "open the cart"))
                        .report()
                        .tierReason());
        assertEquals(
                "no files listed",
                audit(plan("ABC-1").cite("src/app.py", 2, "return a + b"))
                        .report()
                        .tierReason());
        assertEquals(
                AuditTier.LIGHT,
                audit(oneFile().file("src/b.py", "edit")).report().tier());
    }

    @Test
    void handover_required_overrides_the_ticket_type_both_ways() {
        SddAudit.Result notOwed = audit(oneFile().set("ticket_type", "bug").flag("handover_required", false));
        SddAudit.Result forced = audit(oneFile().flag("handover_required", true));

        assertEquals(AuditTier.LIGHT, notOwed.report().tier());
        assertTrue(notOwed.passed(), notOwed.report().structure()::toString);
        assertEquals(
                "support work has a non-engineering audience", forced.report().tierReason());
        assertEquals(
                List.of(
                        "a support ticket needs handover.symptom_plain: what the reporter saw, in their words,"
                                + " no jargon",
                        "a support ticket needs handover.qa_steps: numbered steps QA follows to confirm it, ending in the"
                                + " expected result"),
                forced.report().structure());
    }

    @Test
    void a_bug_plan_with_its_handover_passes_and_one_without_fails_naming_the_field() {
        SddAudit.Result with = audit(oneFile()
                .set("ticket_type", "bug")
                .handover("the total showed 0.30000000000000004", "add three items of 0.10", "the cart shows 0.30"));
        SddAudit.Result without = audit(oneFile().set("ticket_type", "bug"));
        SddAudit.Result noSteps = audit(oneFile().set("ticket_type", "bug").handover("the total was wrong"));

        assertTrue(with.passed(), with.report().structure()::toString);
        assertFalse(without.passed());
        assertTrue(
                without.report()
                        .structure()
                        .contains("a bug ticket needs handover.symptom_plain: what the reporter"
                                + " saw, in their words, no jargon"),
                without.report().structure()::toString);
        assertEquals(
                List.of("a bug ticket needs handover.qa_steps: numbered steps QA follows to confirm it, ending in"
                        + " the expected result"),
                noSteps.report().structure());
    }

    @Test
    void solo_saas_and_startup_plans_name_their_metric_and_who_asked_unless_light() {
        PlanFixture standard = oneFile().file("src/b.py", "edit").file("src/c.py", "edit");

        SddAudit.Result startup = audit(standard.set("preset", "startup"));
        assertEquals(
                List.of("preset startup requires product.{metric, who_asked}: which metric this moves, and who"
                        + " asked for it"),
                startup.report().structure());
        SddAudit.Result soloSaas = audit(oneFile()
                .file("src/b.py", "edit")
                .file("src/c.py", "edit")
                .set("preset", "solo-saas")
                .product("checkout conversion", ""));
        assertEquals(
                List.of("preset solo-saas requires product.{who_asked}: which metric this moves, and who asked"
                        + " for it"),
                soloSaas.report().structure());
        assertTrue(audit(oneFile()
                        .file("src/b.py", "edit")
                        .file("src/c.py", "edit")
                        .set("preset", "startup")
                        .product("checkout conversion", "sales"))
                .passed());
        assertTrue(audit(oneFile().set("preset", "startup")).passed(), "a light plan is waived");
        assertTrue(
                audit(oneFile()
                                .file("src/b.py", "edit")
                                .file("src/c.py", "edit")
                                .set("preset", "enterprise"))
                        .passed(),
                "above startup the product call is a product owner's");
    }

    @Test
    void a_standard_plan_lists_its_steps_and_a_light_one_need_not() {
        ObjectNodeEdit.without(oneFile(), "steps").writeTo(repo);
        assertTrue(audit(ABC_1).passed());

        SddAudit.Result standard = audit(ObjectNodeEdit.without(oneFile().file("src/checkout.py", "edit"), "steps"));

        assertEquals(
                List.of("steps is empty: an unordered plan cannot be executed or reviewed (only a light plan may"
                        + " leave them out)"),
                standard.report().structure());
    }

    @Test
    void light_waives_nothing_but_steps_and_product() {
        SddAudit.Result result = audit(ObjectNodeEdit.without(oneFile().set("rollback", " "), "steps"));

        assertEquals(AuditTier.LIGHT, result.report().tier());
        assertEquals(
                List.of("rollback is empty: state how to undo this before doing it"),
                result.report().structure());
    }

    @Test
    void a_declared_tier_is_ignored_and_the_computed_one_applies() {
        SddAudit.Result result = audit(oneFile().file("src/checkout.py", "edit").set("tier", "light"));

        assertEquals(AuditTier.STANDARD, result.report().tier());
        assertTrue(result.passed(), result.report().structure()::toString);
        assertTrue(
                result.report()
                        .notices()
                        .contains("the plan's \"tier\" is ignored: the tier is computed by the"
                                + " audit, never declared"),
                result.report().notices()::toString);
    }

    @Test
    void declared_zones_that_disagree_with_the_files_are_structure_and_plainly_wrong_zones_too() {
        SddAudit.Result declared =
                audit(oneFile().file("src/checkout.py", "edit").zone("billing", "src/checkout.py"));
        SddAudit.Result untouched = audit(oneFile().zone("auth", "src/app.py"));
        SddAudit.Result partial = audit(oneFile()
                .file("src/checkout.py", "edit")
                .file("src/stripe.py", "add")
                .zone("billing", "src/checkout.py"));
        SddAudit.Result undeclared = audit(oneFile()
                .file("src/checkout.py", "edit")
                .file("src/auth.py", "add")
                .zone("billing", "src/checkout.py"));
        SddAudit.Result unknown = audit(oneFile().zone("biling", "src/app.py"));
        SddAudit.Result stray =
                audit(oneFile().file("src/checkout.py", "edit").zone("billing", "src/checkout.py", "src/payments.py"));

        assertTrue(declared.passed());
        assertEquals(List.of(), declared.report().notices());
        assertFalse(untouched.passed());
        assertEquals(
                List.of("zones: auth is declared, but no listed file touches it"),
                untouched.report().structure());
        assertFalse(partial.passed());
        assertEquals(
                List.of("zones: billing should list src/checkout.py, src/stripe.py"),
                partial.report().structure());
        assertEquals(
                List.of("zones: src/auth.py touches auth, not declared in zones (wb repo zones src/auth.py)"),
                undeclared.report().structure());
        assertEquals(List.of(), undeclared.report().notices());
        assertEquals(
                List.of("zones.biling is not a critical zone; the zones are auth, billing, migration, secrets,"
                        + " user-data (wb repo zones)"),
                unknown.report().structure());
        assertEquals(
                List.of(
                        "zones.billing lists src/payments.py, which files does not list",
                        "zones: billing should list src/checkout.py"),
                stray.report().structure());
    }

    @Test
    void empty_zones_that_disagree_with_the_files_are_only_a_notice() {
        SddAudit.Result empty = audit(oneFile().file("src/checkout.py", "edit"));

        assertTrue(empty.passed(), empty.report().structure()::toString);
        assertEquals(
                List.of(
                        "zones: src/checkout.py touches billing, not declared in zones (wb repo zones src/checkout.py)"),
                empty.report().notices());
    }

    @Test
    void a_zone_config_json_adds_is_a_known_zone() {
        config("{\"critical_zones\": {\"ledger\": [\"core/ledger/**\"], \"core\": [\"src/app.py\"]}}");

        SddAudit.Result result = audit(oneFile().zone("core", "src/app.py"));
        SddAudit.Result untouched = audit(oneFile().zone("core", "src/app.py").zone("ledger", "src/app.py"));

        assertTrue(result.passed(), result.report().structure()::toString);
        assertEquals(
                List.of("zones: ledger is declared, but no listed file touches it"),
                untouched.report().structure());
    }

    @Test
    void without_a_recorded_preset_there_is_no_bar_and_an_unknown_preset_is_a_notice() {
        SddAudit.Result result = audit(oneFile().set("preset", "prototyp"));

        assertTrue(result.passed(), result.report().structure()::toString);
        assertTrue(
                result.report()
                        .notices()
                        .get(0)
                        .startsWith("preset 'prototyp' is not one of: prototype,"
                                + " solo-saas, startup, scaleup, enterprise"),
                result.report().notices()::toString);
    }

    @Test
    void a_recorded_preset_holds_the_plan_to_at_least_its_bar() {
        config("{\"preset\": \"startup\"}");

        SddAudit.Result below = audit(oneFile().set("preset", "prototype"));
        SddAudit.Result unknown = audit(oneFile().set("preset", "prototyp"));

        assertEquals(
                List.of("the plan declares preset prototype but src/app.py is held to startup: raise the preset,"
                        + " or split the change"),
                below.report().structure());
        assertEquals(
                List.of("preset 'prototyp' is not one of: prototype, solo-saas, startup, scaleup, enterprise"),
                unknown.report().structure());
        assertTrue(audit(oneFile().set("preset", "startup")).passed());
        assertTrue(audit(oneFile().set("preset", "enterprise")).passed());
    }

    @Test
    void preset_paths_hold_each_path_to_its_longest_rule_and_a_change_to_its_strictest() {
        config("{\"preset_paths\": {\"src/**\": \"startup\", \"src/checkout*\": \"enterprise\","
                + " \"packages/billing/**\": \"scaleup\"}}");

        SddAudit.Result both = audit(oneFile().file("src/checkout.py", "edit").set("preset", "scaleup"));
        SddAudit.Result playground = audit(oneFile().set("preset", "startup"));
        SddAudit.Result unmatched = audit(plan("ABC-1")
                .cite("src/app.py", 2, "return a + b")
                .file("README.md", "add")
                .set("preset", "prototype"));

        assertEquals(
                List.of("the plan declares preset scaleup but src/checkout.py is held to enterprise: raise the"
                        + " preset, or split the change"),
                both.report().structure());
        assertTrue(playground.passed(), playground.report().structure()::toString);
        assertTrue(unmatched.passed(), "a path no rule matches is held to the plan's own preset");
    }

    @Test
    void a_preset_rule_covers_the_folder_it_names_and_a_tie_goes_to_the_higher_bar() {
        PresetBar bar = new PresetBar(Optional.empty(), Map.of("packages/billing", "enterprise"));
        PresetBar tie = new PresetBar(Optional.empty(), new LinkedHashMap<>(Map.of("a/*", "prototype")));

        assertEquals(Optional.of("enterprise"), bar.presetOf("packages/billing/src/charge.py"));
        assertEquals(Optional.empty(), bar.presetOf("packages/billing-ui/x.ts"));
        assertEquals(Optional.of("prototype"), tie.presetOf("a/b/c.py"), "fnmatch's * crosses folders");
        LinkedHashMap<String, String> rules = new LinkedHashMap<>();
        rules.put("a/x*", "enterprise");
        rules.put("a/*y", "prototype");
        assertEquals(Optional.of("enterprise"), new PresetBar(Optional.empty(), rules).presetOf("a/xy"));
    }

    @Test
    void config_json_refuses_a_preset_that_is_not_one() {
        Failure bad = assertThrows(
                Failure.class,
                () -> WorkspaceConfig.of(
                        WorkspaceConfig.parse("{\"preset\": \"scale-up\"}".getBytes(StandardCharsets.UTF_8))));
        Failure badPath = assertThrows(
                Failure.class,
                () -> WorkspaceConfig.of(WorkspaceConfig.parse(
                        "{\"preset_paths\": {\n\"pkg/**\": \"big\"}}".getBytes(StandardCharsets.UTF_8))));

        assertEquals(Failure.Kind.CONFIG, bad.kind());
        assertEquals(
                ".workflow/config.json line 1: preset is \"scale-up\", which is not a preset; the presets are"
                        + " prototype, solo-saas, startup, scaleup, enterprise",
                bad.getMessage());
        assertTrue(bad.fixes().get(0).contains("prototype < solo-saas < startup < scaleup < enterprise"));
        assertTrue(badPath.getMessage().startsWith(".workflow/config.json line 2: preset_paths."), badPath::getMessage);
        WorkspaceConfig ok = WorkspaceConfig.of(
                WorkspaceConfig.parse("{\"preset\": \"scaleup\", \"preset_paths\": {\"pkg/**\": \"enterprise\"}}"
                        .getBytes(StandardCharsets.UTF_8)));
        assertEquals(Optional.of("scaleup"), ok.presets().preset());
        assertEquals(Map.of("pkg/**", "enterprise"), ok.presets().paths());
    }

    @Test
    void the_invented_forms_are_refused_with_the_originals_shape() {
        repo.write(
                ".workflow/ABC-1/sdd.json",
                CanonicalJson.text(
                        oneFile()
                                .json()
                                .put("product", "faster")
                                .set("zones", CanonicalJson.parse("[\"billing\"]".getBytes(StandardCharsets.UTF_8))),
                        true));

        SddAudit.Result result = audit(ABC_1);

        assertFalse(result.passed());
        assertTrue(
                result.report()
                        .structure()
                        .contains("zones must be an object of zone: [paths], like {\"billing\":"
                                + " [\"src/checkout.py\"]}, not an array"),
                result.report().structure()::toString);
        assertTrue(
                result.report()
                        .structure()
                        .contains("product must be an object {\"metric\": \"…\", \"who_asked\":"
                                + " \"…\"}, not a string"),
                result.report().structure()::toString);
    }

    /** Removes a field from a fixture's plan before it is written. */
    static final class ObjectNodeEdit {
        static PlanFixture without(PlanFixture plan, String field) {
            plan.json().remove(field);
            return plan;
        }
    }
}
