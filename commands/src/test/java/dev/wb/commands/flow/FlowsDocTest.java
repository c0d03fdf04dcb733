package dev.wb.commands.flow;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * docs/FLOWS.md's examples are real: every {@code <!-- example: FILE valid|invalid [tools: a,b] -->} yaml block
 * validates as marked in a fresh repository with the default config, and every {@code <!-- output: FILE -->}
 * text block is exactly what {@code wb validate-flow} prints for it. The closed value sets of
 * {@link FlowVocabulary} are all documented.
 */
class FlowsDocTest {

    private static final Pattern EXAMPLE = Pattern.compile(
            "<!-- example: (\\S+)\\.yaml (valid|invalid)(?: tools: (\\S+))? -->\\n```yaml\\n(.*?)```", Pattern.DOTALL);
    private static final Pattern OUTPUT =
            Pattern.compile("<!-- output: (\\S+)\\.yaml -->\\n```text\\n(.*?)```", Pattern.DOTALL);

    @TempDir
    Path tmp;

    static String doc() throws IOException {
        Path dir = Path.of("").toAbsolutePath();
        while (!Files.exists(dir.resolve("docs/FLOWS.md"))) {
            dir = dir.getParent();
        }
        return Files.readString(dir.resolve("docs/FLOWS.md"));
    }

    @Test
    void every_example_validates_as_it_is_marked_and_prints_its_output_block() throws IOException {
        String doc = doc();
        FlowFixture fx = new FlowFixture(tmp);
        Map<String, FlowResult> results = new LinkedHashMap<>();
        Matcher m = EXAMPLE.matcher(doc);
        while (m.find()) {
            if (m.group(3) != null) {
                for (String tool : m.group(3).split(",", 0)) {
                    fx.tool(tool, true);
                }
            }
            FlowResult result = fx.validate(m.group(1), m.group(4));
            assertEquals(m.group(2).equals("valid"), result.valid(), m.group(1) + ": " + result);
            results.put(m.group(1), result);
        }
        assertTrue(results.values().stream().anyMatch(FlowResult::valid), "no valid example found");
        assertTrue(results.values().stream().anyMatch(r -> !r.valid()), "no invalid example found");

        Matcher o = OUTPUT.matcher(doc);
        List<String> checked = new ArrayList<>();
        while (o.find()) {
            FlowResult result = results.get(o.group(1));
            assertTrue(result != null, "output block for an example that is not there: " + o.group(1));
            assertEquals(o.group(2).lines().toList(), result.lines(), o.group(1));
            checked.add(o.group(1));
        }
        assertFalse(checked.isEmpty(), "no output block found");
    }

    @Test
    void every_closed_value_and_kind_is_documented() throws IOException {
        String doc = doc();
        List<List<String>> sets = List.of(
                FlowVocabulary.PERMISSIONS,
                FlowVocabulary.OUTPUT_POLICIES,
                FlowVocabulary.PUBLISHING,
                FlowVocabulary.NETWORK_POLICIES,
                FlowVocabulary.SESSION_SCOPES,
                FlowVocabulary.GATE_SEVERITIES,
                FlowVocabulary.OUTPUT_ARTIFACTS,
                FlowVocabulary.CHECKERS,
                FlowVocabulary.HITL_SIGNALS,
                FlowVocabulary.OBSERVE_MODES,
                FlowVocabulary.KINDS,
                FlowVocabulary.FLOW_KEYS,
                FlowVocabulary.TOKENS,
                FlowVocabulary.EVALUATOR_DEFAULT_KEYS,
                FlowVocabulary.RESERVED_IDS,
                FlowVocabulary.WHEN_KEYS,
                FlowVocabulary.HITL_SETTINGS_KEYS,
                FlowVocabulary.DECOMPOSITION_KEYS,
                FlowVocabulary.SUPERVISOR_KEYS,
                FlowVocabulary.EDGE_KEYS);
        for (List<String> set : sets) {
            for (String value : set) {
                assertTrue(
                        doc.contains("`" + value + "`") || doc.contains("`{" + value + "}`"),
                        "docs/FLOWS.md does not document " + value);
            }
        }
        FlowVocabulary.KIND_KEYS
                .values()
                .forEach(keys -> keys.forEach(key -> assertTrue(
                        doc.contains("`" + key + "`"), "docs/FLOWS.md does not document the node key " + key)));
    }
}
