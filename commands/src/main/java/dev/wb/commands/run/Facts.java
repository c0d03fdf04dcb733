package dev.wb.commands.run;

import com.fasterxml.jackson.databind.JsonNode;

/**
 * A node's {@code when: {fact, equals}}: {@code config.<a.b.c>} is read from {@code .workflow/config.json}
 * as written; wb derives no {@code derived.*} fact yet. An unknown fact is false, as the orchestrator has
 * it, so a node gated on one is skipped (and {@code wb validate-flow} names facts it cannot know).
 */
final class Facts {

    private Facts() {}

    /** Whether the node runs: no {@code when}, or the fact's value equals {@code equals} (default true). */
    static boolean holds(JsonNode when, JsonNode configTree) {
        if (!when.isObject()) {
            return true;
        }
        boolean wanted = when.path("equals").asBoolean(true);
        return value(when.path("fact").asText(""), configTree) == wanted;
    }

    /** The fact's value; false when it is unknown or not a boolean. */
    static boolean value(String fact, JsonNode configTree) {
        if (!fact.startsWith("config.")) {
            return false;
        }
        JsonNode node = configTree;
        for (String part : fact.substring("config.".length()).split("\\.", -1)) {
            node = node.path(part);
        }
        return node.isBoolean() && node.booleanValue();
    }
}
