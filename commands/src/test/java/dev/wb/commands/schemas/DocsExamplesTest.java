package dev.wb.commands.schemas;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.wb.commands.config.WorkspaceConfig;
import dev.wb.commands.judge.core.ReviewRecord;
import dev.wb.commands.plan.PlanReader;
import dev.wb.commands.policy.ReadPolicy;
import dev.wb.engine.TaskKey;
import dev.wb.engine.json.CanonicalJson;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Set;
import java.util.TreeSet;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;

/**
 * Every JSON example of docs/ is one of the files the shipped schemas describe, and valid against its
 * schema and for wb's own reader of that file, or marked as something else. The marker is the line
 * before the fence (blank lines between are allowed): {@code <!-- schema: sdd -->} (config, policy,
 * sdd, review), or {@code <!-- schema: none -->} for a JSON document that is not such a file (an
 * event's payload, a command's --json output). An unmarked example fails, so a new one is never
 * left unchecked.
 */
class DocsExamplesTest {

    private static final Pattern MARKER = Pattern.compile("^<!-- schema: ([a-z]+)(?: [^>]*)? -->$");

    /** One fenced json block: where it is, what its marker says (empty: none), and its text. */
    record Example(String where, String schema, String text) {}

    static List<Example> examples() throws IOException {
        Path docs = SchemaCheck.projectRoot().resolve("docs");
        List<Path> files;
        try (Stream<Path> walk = Files.walk(docs)) {
            files = walk.filter(p -> p.toString().endsWith(".md")).sorted().toList();
        }
        List<Example> examples = new ArrayList<>();
        for (Path file : files) {
            List<String> lines = Files.readAllLines(file, StandardCharsets.UTF_8);
            String name = docs.getParent().relativize(file).toString().replace('\\', '/');
            for (int i = 0; i < lines.size(); i++) {
                if (!lines.get(i).strip().equals("```json")) {
                    continue;
                }
                int before = i - 1;
                while (before >= 0 && lines.get(before).isBlank()) {
                    before--;
                }
                Matcher marker = before >= 0 ? MARKER.matcher(lines.get(before).strip()) : MARKER.matcher("");
                String schema = marker.matches() ? marker.group(1) : "";
                StringBuilder text = new StringBuilder();
                int end = i + 1;
                while (end < lines.size() && !lines.get(end).strip().equals("```")) {
                    text.append(lines.get(end)).append('\n');
                    end++;
                }
                examples.add(new Example(name + ":" + (i + 1), schema, text.toString()));
                i = end;
            }
        }
        return examples;
    }

    @Test
    void every_json_example_in_docs_is_marked_with_its_schema_or_none() throws IOException {
        List<Example> examples = examples();
        assertTrue(examples.size() >= 10, "found only " + examples.size() + " json examples in docs/");
        List<String> unmarked = new ArrayList<>();
        for (Example example : examples) {
            if (!example.schema().equals("none") && !ShippedSchemas.NAMES.contains(example.schema())) {
                unmarked.add(example.where() + (example.schema().isEmpty() ? ": no marker" : ": " + example.schema()));
            }
        }
        assertEquals(
                List.of(),
                unmarked,
                "put <!-- schema: NAME --> (" + String.join(", ", ShippedSchemas.NAMES) + ", or none) before each");
    }

    @Test
    void every_marked_example_fits_its_schema_and_wbs_reader_and_every_schema_has_one() throws IOException {
        List<String> failures = new ArrayList<>();
        Set<String> covered = new TreeSet<>();
        for (Example example : examples()) {
            if (!ShippedSchemas.NAMES.contains(example.schema())) {
                continue;
            }
            covered.add(example.schema());
            JsonNode document;
            try {
                document = CanonicalJson.parse(example.text().getBytes(StandardCharsets.UTF_8));
            } catch (IllegalArgumentException e) {
                failures.add(example.where() + ": not JSON: " + e.getMessage());
                continue;
            }
            SchemaCheck.errors(example.schema(), document)
                    .forEach(error -> failures.add(example.where() + " (" + example.schema() + "): " + error));
            wbsReader(example.schema(), example.text().getBytes(StandardCharsets.UTF_8), document)
                    .forEach(problem -> failures.add(example.where() + " (wb's reader): " + problem));
        }
        assertEquals(List.of(), failures);
        // Flows are YAML: FlowSchemaTest validates the shipped and the originals' flows against flow's schema.
        Set<String> json = new TreeSet<>(ShippedSchemas.NAMES);
        json.remove("flow");
        assertEquals(json, covered, "every schema of a JSON file has an example in docs/");
    }

    @Test
    void the_review_example_is_read_without_schema_as_the_originals_and_refused_with_a_schema_not_a_string()
            throws IOException {
        Example review = examples().stream()
                .filter(e -> e.schema().equals("review"))
                .findFirst()
                .orElseThrow();
        ObjectNode record = CanonicalJson.parseObject(review.text());
        ObjectNode original = record.deepCopy();
        original.remove("$schema");
        ObjectNode wrong = record.deepCopy();
        wrong.put("$schema", 1);

        assertEquals(List.of(), SchemaCheck.errors("review", original));
        assertEquals(List.of(), ReviewRecord.read(CanonicalJson.bytes(original)).problems());
        assertFalse(SchemaCheck.errors("review", wrong).isEmpty());
        assertEquals(
                List.of("$schema must be a string."),
                ReviewRecord.read(CanonicalJson.bytes(wrong)).problems());
    }

    /** What wb's own reader of that file says is wrong with it; empty when it reads it. */
    static List<String> wbsReader(String schema, byte[] bytes, JsonNode document) {
        try {
            return switch (schema) {
                case "config" -> {
                    WorkspaceConfig.of(WorkspaceConfig.parse(bytes));
                    yield List.of();
                }
                case "policy" -> {
                    ReadPolicy.parse(bytes);
                    yield List.of();
                }
                case "sdd" ->
                    PlanReader.read(bytes, new TaskKey(document.path("key").asText("ABC-1")))
                            .problems();
                case "review" -> ReviewRecord.read(bytes).problems();
                default -> throw new IllegalArgumentException(schema);
            };
        } catch (RuntimeException e) {
            return List.of(e.getMessage());
        }
    }
}
