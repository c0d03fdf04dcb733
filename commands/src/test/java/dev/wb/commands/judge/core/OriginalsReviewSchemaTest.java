package dev.wb.commands.judge.core;

import static org.junit.jupiter.api.Assertions.assertEquals;

import com.fasterxml.jackson.databind.JsonNode;
import dev.wb.commands.judge.agents.JudgeAgentTemplates;
import dev.wb.commands.judge.snapshot.ScopeBlock;
import dev.wb.engine.json.CanonicalJson;
import java.util.ArrayList;
import java.util.List;
import java.util.Set;
import java.util.TreeSet;
import org.junit.jupiter.api.Test;

/**
 * The review.schema.json wb installs says exactly what {@code wb judge verify} enforces of a record's
 * shape: the same keys, required keys, value sets and patterns (no JSON Schema validator is in the
 * build, so the agreement is held list by list, each side read from where it is used).
 */
class OriginalsReviewSchemaTest {

    static final JsonNode SCHEMA = CanonicalJson.parse(JudgeAgentTemplates.schema());
    static final JsonNode TOP = SCHEMA.path("properties");
    static final JsonNode SCOPE = TOP.path("scope");

    @Test
    void the_schema_is_draft_2020_12_and_closed_at_every_level() {
        assertEquals(
                "https://json-schema.org/draft/2020-12/schema",
                SCHEMA.path("$schema").asText());
        assertEquals(false, SCHEMA.path("additionalProperties").asBoolean(true));
        assertEquals(false, SCOPE.path("additionalProperties").asBoolean(true));
        assertEquals(
                false,
                TOP.path("tests").path("items").path("additionalProperties").asBoolean(true));
        assertEquals(
                false,
                TOP.path("criteria").path("items").path("additionalProperties").asBoolean(true));
    }

    @Test
    void the_record_keys_and_required_keys_are_verifys() {
        assertEquals(new TreeSet<>(ReviewRecord.TOP), names(TOP));
        Set<String> required = new TreeSet<>(ReviewRecord.TOP);
        required.removeAll(Set.of("$schema", "independent", "receiptDigest"));
        assertEquals(required, texts(SCHEMA.path("required")));
        assertEquals(
                ReviewRecord.SCHEMA_VERSION,
                TOP.path("schemaVersion").path("const").asInt());
        assertEquals(
                ScopeShape.TASK_ID.pattern(), TOP.path("taskId").path("pattern").asText());
    }

    @Test
    void the_value_sets_and_patterns_are_verifys() {
        assertEquals(ReviewRecord.VERDICTS, texts(TOP.path("verdict").path("enum")));
        JsonNode test = TOP.path("tests").path("items");
        assertEquals(ReviewRecord.TEST_KEYS, names(test.path("properties")));
        assertEquals(Set.of("command", "status"), texts(test.path("required")));
        assertEquals(
                ReviewRecord.TEST_STATUSES,
                texts(test.path("properties").path("status").path("enum")));
        assertEquals(
                1, test.path("properties").path("command").path("minLength").asInt());
        JsonNode criterion = TOP.path("criteria").path("items");
        assertEquals(ReviewRecord.CRITERION_KEYS, names(criterion.path("properties")));
        assertEquals(ReviewRecord.CRITERION_KEYS, texts(criterion.path("required")));
        assertEquals(
                ReviewRecord.CRITERION_STATUSES,
                texts(criterion.path("properties").path("status").path("enum")));
        assertEquals(
                ReviewRecord.CRITERION_ID.pattern(),
                criterion.path("properties").path("id").path("pattern").asText());
    }

    @Test
    void the_scope_keys_are_the_judges_in_its_order_and_only_base_ref_is_optional() {
        List<String> properties = new ArrayList<>();
        SCOPE.path("properties").fieldNames().forEachRemaining(properties::add);
        assertEquals(ScopeBlock.KEYS, properties);
        List<String> required = new ArrayList<>(ScopeBlock.KEYS);
        required.remove("baseRef");
        List<String> schemaRequired = new ArrayList<>();
        SCOPE.path("required").forEach(n -> schemaRequired.add(n.asText()));
        assertEquals(required, schemaRequired);
        assertEquals(
                ScopeBlock.SCHEMA_VERSION,
                SCOPE.path("properties").path("schemaVersion").path("const").asInt());
        assertEquals(
                ScopeShape.COMMIT.pattern(),
                SCHEMA.path("$defs").path("commit").path("pattern").asText());
        assertEquals(
                ScopeShape.TASK_ID.pattern(),
                SCOPE.path("properties")
                        .path("includedTaskIds")
                        .path("items")
                        .path("pattern")
                        .asText());
    }

    @Test
    void an_approved_record_needs_at_least_one_criterion_and_every_one_pass() {
        JsonNode approved = SCHEMA.path("allOf").get(0);
        assertEquals(
                "APPROVED",
                approved.path("if")
                        .path("properties")
                        .path("verdict")
                        .path("const")
                        .asText());
        JsonNode criteria = approved.path("then").path("properties").path("criteria");
        assertEquals(1, criteria.path("minItems").asInt());
        assertEquals(
                "pass",
                criteria.path("items")
                        .path("properties")
                        .path("status")
                        .path("const")
                        .asText());
    }

    private static Set<String> names(JsonNode object) {
        Set<String> names = new TreeSet<>();
        object.fieldNames().forEachRemaining(names::add);
        return names;
    }

    private static Set<String> texts(JsonNode array) {
        Set<String> texts = new TreeSet<>();
        array.forEach(n -> texts.add(n.asText()));
        return texts;
    }
}
