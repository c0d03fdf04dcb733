package dev.wb.commands.plan;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.wb.engine.TaskKey;
import dev.wb.engine.json.CanonicalJson;
import dev.wb.projections.events.PlannedFile;
import dev.wb.testkit.OriginalPlans;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;

class PlanReaderTest {

    static final TaskKey KEY = new TaskKey("ABC-12");

    static final String VALID = """
            {
              "schema": 1,
              "key": "ABC-12",
              "preset": "startup",
              "persona": "fullstack-specialist",
              "objective": "Round totals to cents",
              "evidence": [{"claim": "totals are floats", "file": "src/app.py", "line": 3, "quote": "total = a + b"}],
              "files": [{"path": "src/app.py", "change": "edit", "why": "round there"}],
              "zones": {},
              "steps": [{"do": "round the total", "file": "src/app.py"}],
              "tests": [{"kind": "unit", "target": "tests/test_app.py", "asserts": "1.005 rounds to 1.01"}],
              "verify": ["python -m pytest -q"],
              "verify_env": {"PYTHONPATH": "src"},
              "rollback": "revert the commit",
              "product": {"metric": "invoice disputes", "who_asked": "support"},
              "questions": []
            }
            """;

    static PlanReader.Reading read(String json) {
        return PlanReader.read(json.getBytes(StandardCharsets.UTF_8), KEY);
    }

    @Test
    void a_complete_plan_has_no_problems() {
        PlanReader.Reading reading = read(VALID);

        assertEquals(List.of(), reading.problems());
        Plan plan = reading.plan().orElseThrow();
        assertEquals("src/app.py", plan.evidence().get(0).file());
        assertEquals("src", plan.verifyEnv().get("PYTHONPATH"));
        assertTrue(reading.digest().startsWith("sha256:"));
    }

    @Test
    void the_gate_digest_is_the_digest_a_full_read_records() {
        assertEquals(read(VALID).digest(), PlanReader.digest(VALID.getBytes(StandardCharsets.UTF_8)));
        assertEquals(read("{ not json").digest(), PlanReader.digest("{ not json".getBytes(StandardCharsets.UTF_8)));
    }

    @Test
    void the_digest_is_of_the_canonical_plan_so_reformatting_is_not_a_change() {
        String compact = VALID.replace("\n", "").replace("  ", "");

        assertEquals(read(VALID).digest(), read(compact).digest());
        assertNotEquals(
                read(VALID).digest(),
                read(VALID.replace("revert the commit", "revert it")).digest());
    }

    /** Ten ways to get sdd.json wrong: each is a finding that names the problem, never an exception. */
    static Stream<Arguments> malformed() {
        return Stream.of(
                Arguments.of("{\"key\": ", "sdd.json is not JSON"),
                Arguments.of("[1, 2]", "sdd.json must be a JSON object, not an array"),
                Arguments.of("\"a plan\"", "sdd.json must be a JSON object, not a string"),
                Arguments.of(
                        VALID.replace("\"rollback\": \"revert the commit\"", "\"rollback\": \"  \""),
                        "rollback is empty"),
                Arguments.of(
                        VALID.replace("\"evidence\": [{", "\"evidence\": [7, {"),
                        "evidence[0] must be an object, not a number"),
                Arguments.of(
                        VALID.replace("\"line\": 3", "\"line\": \"3\""),
                        "evidence[0].line must be a whole number of at least 1"),
                Arguments.of(
                        VALID.replace("\"PYTHONPATH\": \"src\"", "\"LD_PRELOAD\": \"x.so\""),
                        "verify_env.LD_PRELOAD is forbidden"),
                Arguments.of(
                        VALID.replace("\"PYTHONPATH\": \"src\"", "\"path\": \"/tmp\""), "verify_env.path is forbidden"),
                Arguments.of(
                        VALID.replace("\"PYTHONPATH\": \"src\"", "\"MY-VAR\": \"1\""),
                        "verify_env name \"MY-VAR\" is malformed"),
                Arguments.of(
                        VALID.replace("\"change\": \"edit\"", "\"change\": \"modify\""),
                        "files[0].change is \"modify\""),
                Arguments.of(
                        VALID.replace("\"path\": \"src/app.py\"", "\"path\": \"../../etc/passwd\""),
                        "leaves the repository"),
                Arguments.of(
                        VALID.replace("\"key\": \"ABC-12\"", "\"key\": \"ABC-13\""),
                        "key is ABC-13, but this is the plan of ABC-12"),
                Arguments.of(
                        VALID.replace("\"verify\": [\"python -m pytest -q\"]", "\"verify\": \"pytest\""),
                        "verify must be an array, not a string"),
                Arguments.of(VALID.replace("\"objective\": \"Round totals to cents\",", ""), "objective is missing"),
                Arguments.of(VALID.replace("\"claim\": \"totals are floats\", ", ""), "evidence[0].claim is missing"),
                Arguments.of(
                        VALID.replace("\"quote\": \"total = a + b\"", "\"quote\": \" \""),
                        "evidence[0].quote is empty"),
                Arguments.of(VALID.replace(", \"why\": \"round there\"", ""), "files[0].why is missing"),
                Arguments.of(
                        VALID.replace(", \"asserts\": \"1.005 rounds to 1.01\"", ""), "tests[0].asserts is missing"),
                Arguments.of(
                        VALID.replace(
                                "\"tests\": [{\"kind\": \"unit\", \"target\": \"tests/test_app.py\","
                                        + " \"asserts\": \"1.005 rounds to 1.01\"}]",
                                "\"tests\": []"),
                        "tests is empty: the floor is a unit test for every changed logic branch"),
                Arguments.of(
                        VALID.replace("\"verify\": [\"python -m pytest -q\"]", "\"verify\": []"),
                        "verify is empty: list the exact commands that prove this works"),
                Arguments.of(
                        VALID.replace(
                                "\"evidence\": [{\"claim\": \"totals are floats\", \"file\": \"src/app.py\","
                                        + " \"line\": 3, \"quote\": \"total = a + b\"}]",
                                "\"evidence\": []"),
                        "evidence is empty: every claim about this codebase needs a file:line citation"),
                Arguments.of(
                        VALID.replace("\"zones\": {}", "\"zones\": [\"billing\"]"),
                        "zones must be an object of zone: [paths]"),
                Arguments.of(
                        VALID.replace("\"zones\": {}", "\"zones\": {\"billing\": \"src/app.py\"}"),
                        "zones.billing must be a list of the plan's paths in that zone, not a string"),
                Arguments.of(
                        VALID.replace("{\"metric\": \"invoice disputes\", \"who_asked\": \"support\"}", "\"p\""),
                        "product must be an object {\"metric\": \"…\", \"who_asked\": \"…\"}, not a string"),
                Arguments.of(VALID.replace("\"who_asked\"", "\"who_aksed\""), "product has an unknown key who_aksed"),
                Arguments.of(
                        VALID.replace("\"questions\": []", "\"handover\": [\"it broke\"]"),
                        "handover must be an object"),
                Arguments.of(
                        VALID.replace("\"questions\": []", "\"handover\": {\"qa_steps\": \"open it\"}"),
                        "handover.qa_steps must be a list of steps, not a string"),
                Arguments.of(
                        VALID.replace("\"questions\": []", "\"handover_required\": \"false\""),
                        "handover_required must be true or false, not a string"),
                Arguments.of(
                        VALID.replace("\"kind\": \"unit\"", "\"kind\": \"smoke\""),
                        "tests[0].kind is \"smoke\"; it must be one of: unit, regression, integration, e2e, property"),
                Arguments.of(VALID.replace("\"preset\": \"startup\"", "\"preset\": 3"), "preset must be a string"),
                Arguments.of(VALID.replace("\"quote\":", "\"qoute\":"), "evidence[0] has an unknown key qoute"),
                Arguments.of("{\"key\": \"ABC-12\", \"key\": \"ABC-12\"}", "sdd.json is not JSON"),
                Arguments.of("", "sdd.json is not JSON"));
    }

    @ParameterizedTest
    @MethodSource("malformed")
    void a_malformed_plan_is_a_structure_finding(String json, String expected) {
        PlanReader.Reading reading = read(json);

        assertTrue(
                reading.problems().stream().anyMatch(p -> p.contains(expected)),
                () -> "expected a problem containing '" + expected + "' in " + reading.problems());
    }

    @Test
    void a_declared_tier_is_ignored_with_a_notice_as_the_original_ignores_it() {
        PlanReader.Reading reading = read(VALID.replace("\"zones\": {}", "\"zones\": {}, \"tier\": \"light\""));

        assertEquals(List.of(), reading.problems());
        assertEquals(
                List.of("the plan's \"tier\" is ignored: the tier is computed by the audit, never declared"),
                reading.notices());
    }

    @Test
    void every_key_the_original_defines_is_known() {
        PlanReader.Reading reading = read(VALID.replace(
                        "\"questions\": []",
                        "\"questions\": [\"half-even?\"],"
                                + " \"ticket_type\": \"bug\", \"handover_required\": true, \"handover\": {\"symptom_plain\": \"wrong"
                                + " totals\", \"cause_plain\": \"floats\", \"fix_plain\": \"cents\", \"scope\": \"everyone\","
                                + " \"workaround\": \"none\", \"qa_steps\": [\"open the cart\"], \"release_note\": \"totals are exact\"}")
                .replace(
                        "\"who_asked\": \"support\"",
                        "\"who_asked\": \"support\", \"cost\": \"none\"," + " \"pricing_impact\": \"none\""));

        assertEquals(List.of(), reading.problems());
        Plan plan = reading.plan().orElseThrow();
        assertEquals("startup", plan.preset());
        assertEquals("fullstack-specialist", plan.persona());
        assertEquals(new Plan.Product("invoice disputes", "support"), plan.product());
        assertEquals(List.of("open the cart"), plan.handover().orElseThrow().qaSteps());
        assertEquals(Optional.of(true), plan.handoverRequired());
    }

    @Test
    void the_handover_ticket_types_are_matched_in_any_case_and_handover_required_overrides_them() {
        for (String type : List.of("bug", "Support", "INCIDENT", "defect", "problem", " Service Request ")) {
            Plan plan = read(VALID.replace("\"questions\": []", "\"questions\": [], \"ticket_type\": \"" + type + "\""))
                    .plan()
                    .orElseThrow();
            assertTrue(plan.needsHandover(), type);
        }
        assertFalse(read(VALID.replace("\"questions\": []", "\"questions\": [], \"ticket_type\": \"feature\""))
                .plan()
                .orElseThrow()
                .needsHandover());
        assertFalse(read(VALID.replace(
                        "\"questions\": []",
                        "\"questions\": [], \"ticket_type\": \"bug\"," + " \"handover_required\": false"))
                .plan()
                .orElseThrow()
                .needsHandover());
        assertTrue(read(VALID.replace(
                        "\"questions\": []",
                        "\"questions\": [], \"ticket_type\": \"feature\"," + " \"handover_required\": true"))
                .plan()
                .orElseThrow()
                .needsHandover());
    }

    @Test
    void a_rename_in_the_originals_shape_without_to_reads_as_its_old_path() {
        PlanReader.Reading reading = read(VALID.replace("\"change\": \"edit\"", "\"change\": \"rename\""));

        assertEquals(List.of(), reading.problems());
        PlannedFile renamed = reading.plan().orElseThrow().files().get(0);
        assertEquals("src/app.py", renamed.path());
        assertEquals(Optional.empty(), renamed.to());
    }

    @Test
    void a_rename_may_still_name_what_it_becomes() {
        PlanReader.Reading reading =
                read(VALID.replace("\"change\": \"edit\"", "\"change\": \"rename\", \"to\": \"src/main.py\""));

        assertEquals(List.of(), reading.problems());
        assertEquals(
                Optional.of("src/main.py"),
                reading.plan().orElseThrow().files().get(0).to());
    }

    @Test
    void paths_are_normalized_and_a_repeat_is_named() {
        PlanReader.Reading reading = read(VALID.replace(
                "\"files\": [{\"path\": \"src/app.py\", \"change\": \"edit\", \"why\": \"round there\"}]",
                "\"files\": [{\"path\": \"./src/app.py\", \"change\": \"edit\", \"why\": \"a\"},"
                        + " {\"path\": \"src/x/../app.py\", \"change\": \"edit\", \"why\": \"b\"}]"));

        assertEquals("src/app.py", reading.plan().orElseThrow().files().get(0).path());
        assertTrue(
                reading.problems().contains("files[1].path repeats files[0]: src/app.py"),
                reading.problems()::toString);
    }

    @Test
    void every_example_plan_in_docs_plan_md_reads_without_problems() throws IOException {
        Path dir = Path.of("").toAbsolutePath();
        while (!Files.exists(dir.resolve("docs/PLAN.md"))) {
            dir = dir.getParent();
        }
        String doc = Files.readString(dir.resolve("docs/PLAN.md"));
        List<String> keys = new ArrayList<>();
        for (int at = doc.indexOf("```json\n"); at >= 0; at = doc.indexOf("```json\n", at + 1)) {
            int start = at + "```json\n".length();
            String example = doc.substring(start, doc.indexOf("```", start));
            if (!example.contains("\"objective\"")) {
                continue;
            }
            String key = CanonicalJson.parse(example.getBytes(StandardCharsets.UTF_8))
                    .get("key")
                    .asText();
            PlanReader.Reading reading = PlanReader.read(example.getBytes(StandardCharsets.UTF_8), new TaskKey(key));
            assertEquals(List.of(), reading.problems(), key);
            keys.add(key);
        }
        assertEquals(List.of("ABC-1", "SHOP-42"), keys);
        String original = new String(OriginalPlans.bytes(OriginalPlans.ABC_1), StandardCharsets.UTF_8);
        assertTrue(
                doc.contains("```json\n" + original + "```"), "docs/PLAN.md quotes the original's example unchanged");
    }
}
