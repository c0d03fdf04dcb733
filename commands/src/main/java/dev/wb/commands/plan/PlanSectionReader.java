package dev.wb.commands.plan;

import com.fasterxml.jackson.databind.JsonNode;
import dev.wb.commands.plan.Plan.Citation;
import dev.wb.commands.plan.Plan.PlannedTest;
import dev.wb.commands.plan.Plan.Step;
import dev.wb.projections.events.PlannedFile;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.TreeMap;

/**
 * The sections of a plan that have a structure of their own (evidence, files, steps, tests, zones,
 * product, handover, verify_env), each read into its part of the {@link Plan}, with what is wrong
 * with it added to the reading's problems.
 */
final class PlanSectionReader {

    static final List<String> CHANGES = List.of("edit", "add", "delete", "rename");

    static final List<String> TEST_KINDS = List.of("unit", "regression", "integration", "e2e", "property");

    static final Set<String> PRODUCT_KEYS = Set.of("metric", "who_asked", "cost", "pricing_impact");

    static final Set<String> HANDOVER_KEYS =
            Set.of("symptom_plain", "cause_plain", "fix_plain", "scope", "workaround", "qa_steps", "release_note");

    private final List<String> problems;
    private final PlanFields fields;

    PlanSectionReader(List<String> problems, PlanFields fields) {
        this.problems = problems;
        this.fields = fields;
    }

    List<Citation> evidence(JsonNode node) {
        List<Citation> citations = new ArrayList<>();
        if (!fields.array(node, "evidence", true)) {
            return citations;
        }
        if (node.size() > PlanReader.MAX_CITATIONS) {
            problems.add(
                    "evidence has " + node.size() + " citations; at most " + PlanReader.MAX_CITATIONS + " are audited");
            return citations;
        }
        for (int i = 0; i < node.size(); i++) {
            String where = "evidence[" + i + "]";
            JsonNode entry = node.get(i);
            if (entry.isObject() && entry.has("kind")) {
                new AbsenceClaims(problems, fields).read(i, entry).ifPresent(citations::add);
                continue;
            }
            if (!fields.object(entry, where, Set.of("claim", "file", "line", "quote"))) {
                continue;
            }
            String claim = fields.text(entry, "claim", where + ".claim", true);
            String file = fields.text(entry, "file", where + ".file", true);
            String quote = fields.text(entry, "quote", where + ".quote", true);
            JsonNode line = entry.get("line");
            int number = 0;
            if (line == null) {
                problems.add(where + ".line is missing");
            } else if (!line.isIntegralNumber() || !line.canConvertToInt() || line.intValue() < 1) {
                problems.add(where + ".line must be a whole number of at least 1, not " + line);
            } else {
                number = line.intValue();
            }
            if (file.length() > PlanReader.MAX_PATH) {
                problems.add(where + ".file is " + file.length() + " characters long; at most " + PlanReader.MAX_PATH);
                file = "";
            }
            if (!claim.isEmpty() && !file.isEmpty() && !quote.isEmpty() && number > 0) {
                citations.add(new Citation(i, claim, file, number, quote));
            }
        }
        return citations;
    }

    List<PlannedFile> files(JsonNode node) {
        List<PlannedFile> files = new ArrayList<>();
        if (!fields.array(node, "files", true)) {
            return files;
        }
        if (node.size() > PlanReader.MAX_FILES) {
            problems.add("files has " + node.size() + " entries; at most " + PlanReader.MAX_FILES + " are audited"
                    + " (a folder entry, ending in /, stands for everything under it)");
            return files;
        }
        Map<String, Integer> seen = new HashMap<>();
        for (int i = 0; i < node.size(); i++) {
            String where = "files[" + i + "]";
            JsonNode entry = node.get(i);
            if (!fields.object(entry, where, Set.of("path", "change", "why", "to"))) {
                continue;
            }
            Optional<String> path = fields.path(entry, "path", where + ".path", true);
            String change = fields.text(entry, "change", where + ".change", true);
            fields.text(entry, "why", where + ".why", true);
            if (!change.isEmpty() && !CHANGES.contains(change)) {
                problems.add(where + ".change is \"" + change + "\"; it must be one of " + String.join(", ", CHANGES));
                change = "";
            }
            Optional<String> to = fields.path(entry, "to", where + ".to", false);
            // a rename without `to` is the original workbench's own shape ({path, change: "rename", why}): its
            // path is the one renamed, and the path it becomes is planned by an entry of its own, or not at all
            if (!change.equals("rename") && !change.isEmpty() && entry.get("to") != null) {
                problems.add(where + ".to is only for a rename");
            }
            if (path.isPresent()) {
                Integer first = seen.putIfAbsent(path.get(), i);
                if (first != null) {
                    problems.add(where + ".path repeats files[" + first + "]: " + path.get());
                } else if (!change.isEmpty()) {
                    files.add(new PlannedFile(path.get(), change, to));
                }
            }
        }
        return files;
    }

    List<Step> steps(JsonNode node) {
        List<Step> steps = new ArrayList<>();
        if (!fields.array(node, "steps", false)) {
            return steps;
        }
        for (int i = 0; i < node.size(); i++) {
            String where = "steps[" + i + "]";
            JsonNode entry = node.get(i);
            if (fields.object(entry, where, Set.of("do", "file"))) {
                String action = fields.text(entry, "do", where + ".do", true);
                Optional<String> file = fields.path(entry, "file", where + ".file", false);
                if (!action.isEmpty()) {
                    steps.add(new Step(action, file));
                }
            }
        }
        return steps;
    }

    List<PlannedTest> tests(JsonNode node) {
        List<PlannedTest> tests = new ArrayList<>();
        if (!fields.array(node, "tests", true)) {
            return tests;
        }
        for (int i = 0; i < node.size(); i++) {
            String where = "tests[" + i + "]";
            JsonNode entry = node.get(i);
            if (fields.object(entry, where, Set.of("kind", "target", "asserts"))) {
                String kind = fields.text(entry, "kind", where + ".kind", true);
                if (!kind.isEmpty() && !TEST_KINDS.contains(kind)) {
                    problems.add(
                            where + ".kind is \"" + kind + "\"; it must be one of: " + String.join(", ", TEST_KINDS));
                    kind = "";
                }
                Optional<String> target = fields.optionalText(entry, "target");
                String asserts = fields.text(entry, "asserts", where + ".asserts", true);
                if (!kind.isEmpty() && !asserts.isEmpty()) {
                    tests.add(new PlannedTest(kind, target, asserts));
                }
            }
        }
        return tests;
    }

    /** {@code zones}: an object of zone name to the plan's paths in that zone. */
    Map<String, List<String>> zones(JsonNode node) {
        Map<String, List<String>> zones = new TreeMap<>();
        if (node == null || node.isNull()) {
            return zones;
        }
        if (!node.isObject()) {
            problems.add("zones must be an object of zone: [paths], like {\"billing\": [\"src/checkout.py\"]}, not "
                    + PlanFields.kind(node));
            return zones;
        }
        node.properties().forEach(zone -> {
            String where = "zones." + zone.getKey();
            JsonNode paths = zone.getValue();
            if (!paths.isArray()) {
                problems.add(where + " must be a list of the plan's paths in that zone, not " + PlanFields.kind(paths));
                return;
            }
            List<String> listed = new ArrayList<>();
            for (int i = 0; i < paths.size(); i++) {
                JsonNode path = paths.get(i);
                String at = where + "[" + i + "]";
                if (PlanFields.listedPath(path, at, problems)) {
                    PlanFields.normalized(path.textValue(), at, problems).ifPresent(listed::add);
                }
            }
            zones.put(zone.getKey(), listed);
        });
        return zones;
    }

    /** {@code product}: {metric, who_asked}, and the original's optional cost and pricing_impact. */
    Plan.Product product(JsonNode node) {
        if (node == null || node.isNull()) {
            return Plan.Product.NONE;
        }
        if (!node.isObject()) {
            problems.add("product must be an object {\"metric\": \"…\", \"who_asked\": \"…\"}, not "
                    + PlanFields.kind(node));
            return Plan.Product.NONE;
        }
        fields.object(node, "product", PRODUCT_KEYS);
        fields.text(node, "cost", "product.cost", false);
        fields.text(node, "pricing_impact", "product.pricing_impact", false);
        return new Plan.Product(
                fields.text(node, "metric", "product.metric", false),
                fields.text(node, "who_asked", "product.who_asked", false));
    }

    /** {@code handover}: symptom_plain and qa_steps carry it; the rest are optional text. */
    Optional<Plan.Handover> handover(JsonNode node) {
        if (node == null || node.isNull()) {
            return Optional.empty();
        }
        if (!node.isObject()) {
            problems.add("handover must be an object {\"symptom_plain\": \"…\", \"qa_steps\": [\"…\"], …}, not "
                    + PlanFields.kind(node));
            return Optional.empty();
        }
        fields.object(node, "handover", HANDOVER_KEYS);
        for (String field : List.of("cause_plain", "fix_plain", "scope", "workaround", "release_note")) {
            fields.text(node, field, "handover." + field, false);
        }
        JsonNode steps = node.get("qa_steps");
        List<String> qa = List.of();
        if (steps != null && !steps.isNull() && !steps.isArray()) {
            problems.add("handover.qa_steps must be a list of steps, not " + PlanFields.kind(steps));
        } else {
            qa = fields.strings(steps, "handover.qa_steps", false);
        }
        return Optional.of(new Plan.Handover(fields.text(node, "symptom_plain", "handover.symptom_plain", false), qa));
    }

    Map<String, String> verifyEnv(JsonNode node) {
        Map<String, String> env = new TreeMap<>();
        if (node == null) {
            return env;
        }
        if (!node.isObject()) {
            problems.add("verify_env must be an object of NAME: \"literal value\", not " + PlanFields.kind(node));
            return env;
        }
        node.properties().forEach(field -> {
            Optional<String> problem = VerifyEnvNames.problem(field.getKey());
            if (problem.isPresent()) {
                problems.add(problem.get());
            } else if (!field.getValue().isTextual()) {
                problems.add("verify_env." + field.getKey() + " must be a string: values are literal, never expanded");
            } else {
                env.put(field.getKey(), field.getValue().textValue());
            }
        });
        return env;
    }
}
