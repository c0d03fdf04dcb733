package dev.wb.commands.handover;

import static dev.wb.commands.handover.MarkdownText.block;
import static dev.wb.commands.handover.MarkdownText.inline;
import static dev.wb.commands.handover.MarkdownText.textOf;

import com.fasterxml.jackson.databind.JsonNode;
import java.util.ArrayList;
import java.util.List;

/**
 * {@code wb sdd handover}: the note the reporter and QA read, from the plan's {@code handover}
 * section, in the original's headings and order ({@code sdd.render_handover}): what was happening,
 * why, what changes now, who was affected, until this ships, how to confirm it, the release note.
 * A field left blank is left out; the plan's text goes through {@link MarkdownText}.
 */
public final class HandoverMarkdown {

    /** The plain-words fields and the heading each is written under, in the note's order. */
    private static final List<List<String>> SECTIONS = List.of(
            List.of("symptom_plain", "What was happening"),
            List.of("cause_plain", "Why"),
            List.of("fix_plain", "What changes now"),
            List.of("scope", "Who was affected"),
            List.of("workaround", "Until this ships"));

    private HandoverMarkdown() {}

    /** Whether the plan has a handover to write: a {@code handover} object with at least one field. */
    public static boolean present(JsonNode plan) {
        JsonNode handover = plan.path("handover");
        return handover.isObject() ? !handover.isEmpty() : truthy(handover);
    }

    /** The note, ending in a newline. */
    public static String render(JsonNode plan) {
        JsonNode handover = plan.path("handover");
        String key = textOf(plan.get("key"));
        List<String> lines = new ArrayList<>();
        lines.add("# " + inline(key.isEmpty() ? "?" : key) + " — what changed, and how to confirm it");
        lines.add("");
        for (List<String> section : SECTIONS) {
            String value = textOf(handover.get(section.get(0))).strip();
            if (!value.isEmpty()) {
                SpecMarkdown.section(lines, section.get(1), List.of(block(value)));
            }
        }
        List<String> steps = numbered(handover.path("qa_steps"));
        if (!steps.isEmpty()) {
            SpecMarkdown.section(lines, "How to confirm it", steps);
        }
        String note = textOf(handover.get("release_note")).strip();
        if (!note.isEmpty()) {
            SpecMarkdown.section(lines, "Release note", List.of(block(note)));
        }
        return String.join("\n", lines);
    }

    /** {@code 1. step}, {@code 2. step}, …: a list's items, numbered from one. */
    static List<String> numbered(JsonNode steps) {
        List<String> lines = new ArrayList<>();
        if (steps.isArray()) {
            int index = 1;
            for (JsonNode step : steps) {
                lines.add(index++ + ". " + inline(textOf(step)));
            }
        }
        return lines;
    }

    /** Python's truth of a JSON value that is not an object: a non-empty string or list, a true, a non-zero. */
    private static boolean truthy(JsonNode value) {
        if (value.isMissingNode() || value.isNull()) {
            return false;
        }
        if (value.isTextual()) {
            return !value.textValue().isEmpty();
        }
        if (value.isBoolean()) {
            return value.booleanValue();
        }
        if (value.isNumber()) {
            return value.doubleValue() != 0;
        }
        return !value.isEmpty();
    }
}
