package dev.wb.commands.schemas;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.wb.commands.sdd.BlankPlan;
import dev.wb.engine.TaskKey;
import dev.wb.engine.json.CanonicalJson;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

/**
 * The shipped schemas are draft 2020-12 with a title and a description (what editors show), accept
 * the files wb writes and the original's files without {@code $schema}, and reject what wb rejects: a
 * value of the wrong type, a value outside its set, an unknown key. Each bad file is also refused by wb's
 * own reader, so the schema and wb agree.
 */
class ShippedSchemasTest {

    static final String PLAN = """
            {"schema": 1, "key": "ABC-1", "objective": "o",
             "evidence": [{"claim": "c", "file": "src/a.py", "line": 1, "quote": "q"}],
             "files": [{"path": "src/a.py", "change": "edit", "why": "w"}],
             "tests": [{"kind": "unit", "asserts": "a"}], "verify": ["pytest"], "rollback": "revert"}
            """;

    @Test
    void each_schema_is_draft_2020_12_with_an_id_a_title_and_a_description() {
        for (String name : ShippedSchemas.NAMES) {
            JsonNode schema = CanonicalJson.parse(ShippedSchemas.bytes(name));
            assertEquals(
                    "https://json-schema.org/draft/2020-12/schema",
                    schema.path("$schema").asText(),
                    name);
            assertTrue(schema.path("$id").asText().endsWith("/" + ShippedSchemas.file(name)), name);
            assertFalse(schema.path("title").asText().isBlank(), name);
            assertFalse(schema.path("description").asText().isBlank(), name);
            assertEquals(
                    "string",
                    schema.path("properties")
                            .path("$schema")
                            .path("type")
                            .path(0)
                            .asText(schema.path("properties")
                                    .path("$schema")
                                    .path("type")
                                    .asText()),
                    name + " accepts $schema");
        }
    }

    @Test
    void the_demos_plan_and_the_blank_plan_fit_the_plan_schema() throws IOException {
        byte[] demo = Files.readAllBytes(
                SchemaCheck.projectRoot().resolve("cli/src/main/resources/dev/wb/cli/demo/sdd.json"));
        assertEquals(List.of(), SchemaCheck.errors("sdd", CanonicalJson.parse(demo)));
        ObjectNode blank = BlankPlan.document(new TaskKey("ABC-1"), "startup", "fullstack-specialist");
        assertEquals("../schemas/sdd.schema.json", blank.path("$schema").asText());
        assertEquals(List.of(), SchemaCheck.errors("sdd", blank));
        assertEquals(List.of(), SchemaCheck.errors("sdd", BlankPlan.text(new TaskKey("ABC-1"), "", "")));
        assertEquals(List.of(), SchemaCheck.errors("sdd", PLAN));
    }

    @Test
    void an_absence_claim_fits_the_plan_schema_and_wbs_reader() {
        String json = PLAN.replace(
                "\"file\": \"src/a.py\", \"line\": 1, \"quote\": \"q\"",
                "\"kind\": \"absence\", \"search\": {\"pattern\": \"eval(\", \"paths\": [\"src\", \"lib\\\\x\"],"
                        + " \"allow\": [\"src/vendor/\"], \"word\": true}");
        byte[] bytes = json.getBytes(StandardCharsets.UTF_8);

        assertEquals(List.of(), SchemaCheck.errors("sdd", json), json);
        assertEquals(List.of(), DocsExamplesTest.wbsReader("sdd", bytes, CanonicalJson.parse(bytes)), json);
    }

    @ParameterizedTest(name = "{0}: {1}")
    @CsvSource(delimiter = '|', textBlock = """
            config | {"execute": "yes"}
            config | {"agents": {"allowed": ["gpt"]}}
            config | {"agents": {"allowed": []}}
            config | {"checks": {"timeout_seconds": 601}}
            config | {"checks": {"command_sets": {"repo": {"commands": ["pytest -q"]}}}}
            config | {"checks": {"command_sets": {"repo": {"commands": [["pytest"]], "paths": ["./src/**"]}}}}
            config | {"preset": "huge"}
            config | {"branches": {"prefix": ""}}
            config | {"critical_zones": {"auth": ["/abs/path"]}}
            config | {"hooks": "loose"}
            config | {"exeucte": true}
            config | {"$schema": 1}
            policy | {"blockedReadPatterns": ".env"}
            policy | {"blockedReadPatterns": [1]}
            policy | {"blockedReadPattern": [".env"]}
            policy | {"$schema": true}
            policy | []
            """)
    void a_wrong_config_or_policy_is_refused_by_the_schema_and_by_wb(String schema, String json) {
        assertFalse(SchemaCheck.errors(schema, json).isEmpty(), "the schema accepts " + json);
        byte[] bytes = json.getBytes(StandardCharsets.UTF_8);
        assertFalse(
                DocsExamplesTest.wbsReader(schema, bytes, CanonicalJson.parse(bytes))
                        .isEmpty(),
                "wb accepts " + json);
    }

    @ParameterizedTest(name = "{0}")
    @CsvSource(delimiter = '|', textBlock = """
            wrong type of line       | "line": 1      | "line": "1"
            unknown change           | "edit"         | "rewrite"
            unknown test kind        | "unit"         | "smoke"
            wrong schema version     | "schema": 1    | "schema": 2
            unknown key              | "rollback"     | "rolback"
            verify not a list        | ["pytest"]     | "pytest"
            a to beside an edit      | "edit"         | "edit", "to": "src/b.py"
            $schema not a string     | "schema": 1,   | "$schema": 1, "schema": 1,
            absence of another kind  | "file": "src/a.py", "line": 1, "quote": "q" | "kind": "presence", "search": {"pattern": "eval("}
            absence without search   | "file": "src/a.py", "line": 1, "quote": "q" | "kind": "absence"
            absence with a file      | "file": "src/a.py", "line": 1, "quote": "q" | "kind": "absence", "file": "src/a.py", "search": {"pattern": "x"}
            absence without pattern  | "file": "src/a.py", "line": 1, "quote": "q" | "kind": "absence", "search": {"paths": ["src"]}
            absence, word not a bool | "file": "src/a.py", "line": 1, "quote": "q" | "kind": "absence", "search": {"pattern": "x", "word": "yes"}
            absence, unknown key     | "file": "src/a.py", "line": 1, "quote": "q" | "kind": "absence", "search": {"pattern": "x", "regex": true}
            """)
    void a_wrong_plan_is_refused_by_the_schema_and_is_a_structure_problem_for_wb(String what, String good, String bad) {
        String json = PLAN.replace(good, bad);
        assertFalse(json.equals(PLAN), what);
        assertFalse(SchemaCheck.errors("sdd", json).isEmpty(), what + ": the schema accepts " + json);
        byte[] bytes = json.getBytes(StandardCharsets.UTF_8);
        assertFalse(
                DocsExamplesTest.wbsReader("sdd", bytes, CanonicalJson.parse(bytes))
                        .isEmpty(),
                what + ": wb finds nothing wrong with " + json);
    }

    @Test
    void a_file_with_schema_is_read_by_every_reader_and_one_without_as_before() {
        String config = "{\"$schema\": \"./schemas/config.schema.json\", \"execute\": false}";
        String policy = "{\"$schema\": \"./schemas/policy.schema.json\", \"blockedReadPatterns\": [\".env\"]}";
        String plan = PLAN.replaceFirst("\\{", "{\"\\$schema\": \"../schemas/sdd.schema.json\", ");
        for (String[] file : List.of(
                new String[] {"config", config},
                new String[] {"config", "{\"execute\": false}"},
                new String[] {"policy", policy},
                new String[] {"policy", "{\"blockedReadPatterns\": [\".env\"]}"},
                new String[] {"sdd", plan},
                new String[] {"sdd", PLAN})) {
            byte[] bytes = file[1].getBytes(StandardCharsets.UTF_8);
            assertEquals(List.of(), SchemaCheck.errors(file[0], file[1]), file[1]);
            assertEquals(List.of(), DocsExamplesTest.wbsReader(file[0], bytes, CanonicalJson.parse(bytes)), file[1]);
        }
    }
}
