package dev.wb.commands.flow;

import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.wb.engine.json.CanonicalJson;
import java.util.List;

/**
 * One flow's verdict: valid when it has no violation. Warnings never make it invalid.
 *
 * @param name the file's stem, as {@code wb validate-flow NAME} takes it
 * @param file the file, relative to the repository root
 */
public record FlowResult(String name, String file, List<String> violations, List<String> warnings) {

    public FlowResult {
        violations = List.copyOf(violations);
        warnings = List.copyOf(warnings);
    }

    public boolean valid() {
        return violations.isEmpty();
    }

    /**
     * The lines people read: {@code flow <name>: OK}, or {@code flow <name>: FAIL — <first violation>}
     * followed by every violation indented two spaces; then one {@code flow <name>: WARN — …} a warning.
     */
    public List<String> lines() {
        List<String> lines = new java.util.ArrayList<>();
        if (valid()) {
            lines.add("flow " + name + ": OK");
        } else {
            lines.add("flow " + name + ": FAIL — " + violations.get(0));
            violations.forEach(v -> lines.add("  " + v));
        }
        warnings.forEach(w -> lines.add("flow " + name + ": WARN — " + w));
        return lines;
    }

    /** {@code {name, file, valid, violations, warnings}}, as --json and the flow.validated event carry it. */
    public ObjectNode toJson() {
        ObjectNode o = CanonicalJson.objectNode();
        o.put("name", name);
        o.put("file", file);
        o.put("valid", valid());
        ArrayNode v = o.putArray("violations");
        violations.forEach(v::add);
        ArrayNode w = o.putArray("warnings");
        warnings.forEach(w::add);
        return o;
    }
}
