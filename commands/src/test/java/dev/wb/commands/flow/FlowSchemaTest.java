package dev.wb.commands.flow;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import dev.wb.commands.config.LocatedTree;
import dev.wb.commands.schemas.SchemaCheck;
import dev.wb.commands.schemas.ShippedSchemas;
import dev.wb.engine.json.CanonicalJson;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.SortedSet;
import java.util.TreeSet;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;

/**
 * The flow schema wb ships for YAML editors (flow.schema.json) accepts the flows wb itself ships and
 * reads (the demo's and the orchestrator's originals), refuses what validate-flow refuses by shape
 * (an unknown key, a value outside a closed set, a kind's missing key), and names every key and value
 * set of {@link FlowVocabulary}, so the two cannot drift apart.
 */
class FlowSchemaTest {

    private static final Path ORIGINALS = Path.of("src/test/resources/dev/wb/commands/flow/originals");
    private static final Path DEMO = SchemaCheck.projectRoot().resolve("cli/src/main/resources/dev/wb/cli/demo");

    private static JsonNode yaml(String text) throws LocatedTree.Malformed {
        return YamlTree.parse(text.getBytes(StandardCharsets.UTF_8)).root();
    }

    private static JsonNode schema() {
        return CanonicalJson.parse(ShippedSchemas.bytes("flow"));
    }

    @Test
    void the_flows_wb_ships_and_the_originals_are_valid_against_it() throws Exception {
        List<Path> flows = new ArrayList<>();
        try (Stream<Path> files = Files.list(ORIGINALS)) {
            files.filter(f -> f.toString().endsWith(".yaml")).sorted().forEach(flows::add);
        }
        flows.add(DEMO.resolve("implementation.yaml"));
        assertTrue(flows.size() >= 5, flows::toString);
        for (Path flow : flows) {
            JsonNode doc = yaml(Files.readString(flow));
            assertEquals(List.of(), SchemaCheck.errors("flow", doc), flow.toString());
        }
    }

    @Test
    void the_demos_flow_with_a_typo_fails_it_as_validate_flow_does() throws Exception {
        JsonNode hotfix = yaml(Files.readString(DEMO.resolve("hotfix.yaml")));

        assertFalse(SchemaCheck.errors("flow", hotfix).isEmpty());
    }

    @Test
    void an_unknown_key_a_value_outside_its_set_and_a_missing_key_fail_it() throws Exception {
        String valid = """
                flow:
                  name: x
                  task_type: x
                  permission_ceiling: workspace-write
                  output_policy: code_change
                  publishing: none
                  nodes:
                    - id: build
                      kind: tool
                      tool: build.sh
                """;
        assertEquals(List.of(), SchemaCheck.errors("flow", yaml(valid)));

        for (String broken : List.of(
                valid.replace("publishing: none", "publishing: nowhere"),
                valid.replace("      tool: build.sh", "      tool: build.sh\n      role: review"),
                valid.replace("      tool: build.sh\n", "      args: {}\n"),
                valid.replace("  name: x\n", "  name: x\n  nmae: y\n"),
                valid.replace("  name: x\n", ""),
                valid.replace("id: build", "id: Build"))) {
            assertFalse(SchemaCheck.errors("flow", yaml(broken)).isEmpty(), broken);
        }
    }

    @Test
    void it_names_every_key_and_closed_value_set_of_the_vocabulary() {
        JsonNode flow = schema().at("/properties/flow/properties");
        assertEquals(new TreeSet<>(FlowVocabulary.FLOW_KEYS), names(flow));
        assertEquals(
                new TreeSet<>(FlowVocabulary.REQUIRED_FLOW_KEYS),
                new TreeSet<>(values(schema().at("/properties/flow/required"))));
        assertEquals(FlowVocabulary.PERMISSIONS, values(flow.at("/permission_ceiling/enum")));
        assertEquals(FlowVocabulary.OUTPUT_POLICIES, values(flow.at("/output_policy/enum")));
        assertEquals(FlowVocabulary.PUBLISHING, values(flow.at("/publishing/enum")));
        assertEquals(FlowVocabulary.NETWORK_POLICIES, values(flow.at("/network_policy/enum")));
        assertEquals(new TreeSet<>(FlowVocabulary.EDGE_KEYS), names(schema().at("/$defs/edge/properties")));
        assertEquals(new TreeSet<>(FlowVocabulary.WHEN_KEYS), names(schema().at("/$defs/when/properties")));
        JsonNode node = schema().at("/$defs/node");
        assertEquals(FlowVocabulary.KINDS, values(node.at("/properties/kind/enum")));
        assertEquals(FlowVocabulary.SESSION_SCOPES, values(node.at("/properties/session_scope/enum")));
        assertEquals(FlowVocabulary.OUTPUT_ARTIFACTS, values(node.at("/properties/output_artifact/enum")));
        assertEquals(FlowVocabulary.CHECKERS, values(node.at("/properties/checker/enum")));
        assertEquals(FlowVocabulary.HITL_SIGNALS, values(node.at("/properties/signal/enum")));
        assertEquals(FlowVocabulary.PUBLISHING, values(node.at("/properties/policy/enum")));
        for (JsonNode rule : node.get("allOf")) {
            String kind = rule.at("/if/properties/kind/const").asText();
            List<String> keys = new ArrayList<>(List.of("id", "kind"));
            keys.addAll(FlowVocabulary.KIND_KEYS.get(kind));
            assertEquals(keys, values(rule.at("/then/propertyNames/enum")), kind);
            assertEquals(FlowVocabulary.KIND_REQUIRED.get(kind), values(rule.at("/then/required")), kind);
        }
        assertEquals(FlowVocabulary.KINDS.size(), node.get("allOf").size());
    }

    private static SortedSet<String> names(JsonNode object) {
        TreeSet<String> names = new TreeSet<>();
        object.fieldNames().forEachRemaining(names::add);
        return names;
    }

    private static List<String> values(JsonNode array) {
        List<String> values = new ArrayList<>();
        array.forEach(v -> values.add(v.asText()));
        return values;
    }

    @Test
    void the_schema_file_is_the_one_wb_init_installs() throws IOException {
        assertTrue(ShippedSchemas.NAMES.contains("flow"));
        assertEquals(
                "https://json-schema.org/draft/2020-12/schema",
                schema().get("$schema").asText());
    }
}
