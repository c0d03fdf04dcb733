package dev.wb.commands.flow;

import dev.wb.projections.events.FlowValidated;
import java.util.ArrayList;
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
        List<String> lines = new ArrayList<>();
        if (valid()) {
            lines.add("flow " + name + ": OK");
        } else {
            lines.add("flow " + name + ": FAIL — " + violations.get(0));
            violations.forEach(v -> lines.add("  " + v));
        }
        warnings.forEach(w -> lines.add("flow " + name + ": WARN — " + w));
        return lines;
    }

    /** This flow's verdict as {@code flow.validated} and --json carry it. */
    public FlowValidated.Flow toEvent() {
        return new FlowValidated.Flow(name, file, valid(), violations, warnings);
    }
}
