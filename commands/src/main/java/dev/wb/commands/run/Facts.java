package dev.wb.commands.run;

import com.fasterxml.jackson.databind.JsonNode;
import dev.wb.commands.InputFiles;
import dev.wb.commands.capsule.AcceptanceCriteria;
import dev.wb.commands.capsule.CapsuleFolder;
import dev.wb.commands.capsule.Criterion;
import dev.wb.engine.TaskKey;
import dev.wb.projections.events.run.NodeWhen;
import java.nio.file.Path;
import java.util.List;
import java.util.Optional;

/**
 * A node's {@code when: {fact, equals}} (docs/RUNS.md, "Facts"): {@code config.<a.b.c>} is read from
 * {@code .workflow/config.json} as written; {@code derived.needs_refinement} from the task's capsule. An
 * unknown fact is false, as the orchestrator has it, so a node gated on one is skipped (and
 * {@code wb validate-flow} warns about a {@code derived.*} fact wb does not derive). Each evaluation says
 * what it read, and is recorded as {@code node.when}.
 */
final class Facts {

    static final String NEEDS_REFINEMENT = "derived.needs_refinement";

    /** The skeleton's placeholder under {@code ## Goal} ({@code wb task new}): not a description. */
    private static final String GOAL_PLACEHOLDER = "What this task is for, in a sentence or two.";

    private Facts() {}

    /** A fact's value and what it was read from. */
    record Value(boolean value, String basis) {}

    /** The node's {@code when} evaluated, as {@code node.when} records it; empty when the node has none. */
    static Optional<NodeWhen> evaluate(String node, JsonNode when, JsonNode configTree, Path root, TaskKey key) {
        if (!when.isObject()) {
            return Optional.empty();
        }
        String fact = when.path("fact").asText("");
        boolean wanted = when.path("equals").asBoolean(true);
        Value v = value(fact, configTree, root, key);
        return Optional.of(new NodeWhen(node, fact, wanted, v.value(), v.value() == wanted, v.basis()));
    }

    /** The fact's value; false when it is unknown or not a boolean. */
    static Value value(String fact, JsonNode configTree, Path root, TaskKey key) {
        if (fact.equals(NEEDS_REFINEMENT)) {
            return needsRefinement(root, key);
        }
        if (!fact.startsWith("config.")) {
            return new Value(false, "unknown fact: false");
        }
        JsonNode node = configTree;
        for (String part : fact.substring("config.".length()).split("\\.", -1)) {
            node = node.path(part);
        }
        String key2 = ".workflow/config.json " + fact.substring("config.".length());
        if (node.isMissingNode()) {
            return new Value(false, key2 + " is not set: false");
        }
        if (!node.isBoolean()) {
            return new Value(false, key2 + " is not a boolean: false");
        }
        return new Value(node.booleanValue(), key2 + " is " + node.booleanValue());
    }

    /**
     * True unless the capsule's task is well formed: task.md has a description (a non-blank line under
     * {@code ## Goal}, or before the first {@code ##} heading when there is no Goal, that is not the skeleton's
     * placeholder) and the task has a criterion with text (a {@code - AC-<n>: text} of acceptance-criteria.md,
     * or a non-blank line under an {@code ## Acceptance criteria} heading of task.md).
     */
    static Value needsRefinement(Path root, TaskKey key) {
        String folder;
        try {
            folder = CapsuleFolder.resolve(root, key);
        } catch (RuntimeException e) { // an ambiguous capsule: the task is not well formed either
            return new Value(true, "the capsule of " + key + " is ambiguous: needs refinement");
        }
        Optional<String> task = read(root, folder + "/task.md");
        if (task.isEmpty()) {
            return new Value(true, folder + "/task.md is missing or unreadable: needs refinement");
        }
        List<String> lines = task.get().lines().toList();
        boolean described = section(lines, "goal").or(() -> preamble(lines)).stream()
                .flatMap(List::stream)
                .map(String::strip)
                .anyMatch(l -> !l.isEmpty() && !l.equals(GOAL_PLACEHOLDER));
        boolean criteria = section(lines, "acceptance criteria").stream()
                        .flatMap(List::stream)
                        .anyMatch(l -> !l.isBlank())
                || read(root, folder + "/" + AcceptanceCriteria.FILE)
                        .map(text -> AcceptanceCriteria.parse(text, p -> false).criteria().stream()
                                .map(Criterion::text)
                                .anyMatch(t -> !t.isBlank()))
                        .orElse(false);
        String basis = folder + "/task.md " + (described ? "has" : "has no") + " description; "
                + (criteria ? "a criterion with text" : "no criterion with text")
                + " (task.md ## Acceptance criteria or "
                + AcceptanceCriteria.FILE + ")";
        return new Value(
                !(described && criteria), basis + (described && criteria ? ": well formed" : ": needs refinement"));
    }

    /** The lines under the {@code ## <name>} heading (any case), up to the next heading of level 1 or 2. */
    private static Optional<List<String>> section(List<String> lines, String name) {
        for (int i = 0; i < lines.size(); i++) {
            String l = lines.get(i).strip();
            if (l.startsWith("## ") && l.substring(3).strip().equalsIgnoreCase(name)) {
                int end = i + 1;
                while (end < lines.size() && !heading(lines.get(end))) {
                    end++;
                }
                return Optional.of(lines.subList(i + 1, end));
            }
        }
        return Optional.empty();
    }

    /** The lines before the first {@code ##} heading, the {@code #} title left out. */
    private static Optional<List<String>> preamble(List<String> lines) {
        int end = 0;
        while (end < lines.size() && !lines.get(end).strip().startsWith("## ")) {
            end++;
        }
        return Optional.of(lines.subList(0, end).stream()
                .filter(l -> !l.strip().startsWith("# "))
                .toList());
    }

    private static boolean heading(String line) {
        String l = line.strip();
        return l.startsWith("# ") || l.startsWith("## ");
    }

    private static Optional<String> read(Path root, String relative) {
        try {
            return InputFiles.read(root, root.resolve(relative), InputFiles.Kind.CAPSULE)
                    .map(InputFiles.Content::text);
        } catch (InputFiles.Unusable e) {
            return Optional.empty();
        }
    }
}
