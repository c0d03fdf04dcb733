package dev.wb.commands.handover;

import static dev.wb.commands.handover.MarkdownText.block;
import static dev.wb.commands.handover.MarkdownText.code;
import static dev.wb.commands.handover.MarkdownText.inline;
import static dev.wb.commands.handover.MarkdownText.textOf;

import com.fasterxml.jackson.databind.JsonNode;
import dev.wb.engine.json.PythonJson;
import java.util.ArrayList;
import java.util.List;

/**
 * {@code wb sdd render}: a plan as Markdown for people, section by section in the original's order
 * and words ({@code sdd.render}). Never parsed back: sdd.json stays the source. Every value the plan
 * holds goes through {@link MarkdownText}, so the page shows the plan's text and nothing else.
 */
public final class SpecMarkdown {

    private static final List<String> PRODUCT = List.of("metric", "who_asked", "cost", "pricing_impact");

    /** The handover's plain-words fields as the spec shows them, in the original's order. */
    static final List<String> HANDOVER = List.of("symptom_plain", "cause_plain", "fix_plain", "scope", "workaround");

    private SpecMarkdown() {}

    /** The whole spec, ending in a newline. */
    public static String render(JsonNode plan) {
        List<String> lines = new ArrayList<>();
        lines.add("# " + inline(orUnknown(plan.get("key"))) + " — implementation spec");
        lines.add("");
        lines.add("**Preset** " + code(orUnknown(plan.get("preset"))) + " · **Persona** "
                + inline(orUnknown(plan.get("persona"))));
        lines.add("");
        section(lines, "Objective", List.of(block(textOf(plan.get("objective")))));
        zones(lines, plan.path("zones"));
        List<String> evidence = new ArrayList<>();
        for (JsonNode item : items(plan, "evidence")) {
            evidence.add("- " + inline(textOf(item.get("claim"))) + "  \n  "
                    + code(textOf(item.get("file")) + ":" + textOf(item.get("line"))) + " — "
                    + code(textOf(item.get("quote"))));
        }
        section(lines, "Evidence", evidence);
        List<String> files = new ArrayList<>();
        for (JsonNode item : items(plan, "files")) {
            files.add("- " + code(textOf(item.get("path"))) + " (" + inline(textOf(item.get("change"))) + ") — "
                    + inline(textOf(item.get("why"))));
        }
        section(lines, "Files touched", files);
        section(lines, "Steps", steps(plan));
        List<String> tests = new ArrayList<>();
        for (JsonNode item : items(plan, "tests")) {
            tests.add("- **" + inline(textOf(item.get("kind"))) + "** " + code(textOf(item.get("target"))) + " — "
                    + inline(textOf(item.get("asserts"))));
        }
        section(lines, "Tests", tests);
        List<String> verify = new ArrayList<>();
        plan.path("verify").forEach(command -> verify.add(MarkdownText.fence(textOf(command))));
        section(lines, "Verification", verify);
        section(lines, "Rollback", List.of(block(textOf(plan.get("rollback")))));
        labelled(lines, "Product", plan.path("product"), PRODUCT);
        handover(lines, plan.path("handover"));
        List<String> questions = new ArrayList<>();
        plan.path("questions").forEach(q -> questions.add("- " + inline(textOf(q))));
        if (!questions.isEmpty()) {
            section(lines, "Open questions", questions);
        }
        return String.join("\n", lines) + (lines.get(lines.size() - 1).isEmpty() ? "" : "\n");
    }

    private static void zones(List<String> lines, JsonNode zones) {
        if (!zones.isObject() || zones.isEmpty()) {
            return;
        }
        List<String> names = new ArrayList<>();
        zones.fieldNames().forEachRemaining(names::add);
        names.sort(PythonJson::compareCodePoints);
        List<String> rows = new ArrayList<>();
        for (String zone : names) {
            List<String> paths = new ArrayList<>();
            zones.get(zone).forEach(p -> paths.add(textOf(p)));
            rows.add("- **" + inline(zone) + "** — " + inline(String.join(", ", paths)));
        }
        section(lines, "Critical zones", rows);
    }

    private static List<String> steps(JsonNode plan) {
        List<String> steps = new ArrayList<>();
        int index = 1;
        for (JsonNode step : items(plan, "steps")) {
            String file = textOf(step.get("file"));
            String target = file.isEmpty() ? "" : " — " + code(file);
            steps.add(index++ + ". " + inline(textOf(step.get("do"))) + target);
        }
        return steps;
    }

    private static void handover(List<String> lines, JsonNode handover) {
        if (!handover.isObject() || handover.isEmpty()) {
            return;
        }
        List<String> rows = new ArrayList<>();
        for (String label : HANDOVER) {
            String value = textOf(handover.get(label));
            if (!value.isEmpty()) {
                String name = label.replace("_plain", "").replace('_', ' ');
                rows.add("- **" + name + "** — " + inline(value));
            }
        }
        List<String> qa = HandoverMarkdown.numbered(handover.path("qa_steps"));
        if (!qa.isEmpty()) {
            rows.addAll(List.of("", "**How QA confirms it:**", ""));
            rows.addAll(qa);
        }
        section(lines, "Handover", rows);
    }

    private static void labelled(List<String> lines, String heading, JsonNode object, List<String> labels) {
        if (!object.isObject() || object.isEmpty()) {
            return;
        }
        List<String> rows = new ArrayList<>();
        for (String label : labels) {
            String value = textOf(object.get(label));
            if (!value.isEmpty()) {
                rows.add("- **" + label.replace('_', ' ') + "** — " + inline(value));
            }
        }
        section(lines, heading, rows);
    }

    /** {@code ## heading}, a blank line, the rows, a blank line: the original's shape for every section. */
    static void section(List<String> lines, String heading, List<String> rows) {
        lines.add("## " + heading);
        lines.add("");
        lines.addAll(rows);
        lines.add("");
    }

    /** The objects of an array section; anything else in it is skipped (the audit reports the shape). */
    private static List<JsonNode> items(JsonNode plan, String name) {
        List<JsonNode> items = new ArrayList<>();
        plan.path(name).forEach(item -> {
            if (item.isObject()) {
                items.add(item);
            }
        });
        return items;
    }

    private static String orUnknown(JsonNode value) {
        String text = textOf(value);
        return text.isEmpty() ? "?" : text;
    }
}
