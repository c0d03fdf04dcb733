package dev.wb.commands.run;

import dev.wb.projections.events.run.NodeFinished;
import java.util.List;
import java.util.Optional;

/**
 * What one node's work came to, before it is recorded as {@code node.finished}.
 *
 * @param outcome the edge-choosing outcome, or {@code incomplete}, {@code crashed}, {@code manual} for a
 *     node that only a person can finish
 */
record NodeResult(
        String outcome,
        List<NodeFinished.Artifact> artifacts,
        Optional<String> severity,
        Optional<NodeFinished.Usage> usage,
        Optional<String> reason) {

    static final String INCOMPLETE = "incomplete";
    static final String CRASHED = "crashed";
    static final String MANUAL = "manual";

    NodeResult {
        artifacts = List.copyOf(artifacts);
    }

    static NodeResult of(String outcome) {
        return new NodeResult(outcome, List.of(), Optional.empty(), Optional.empty(), Optional.empty());
    }

    static NodeResult of(String outcome, String reason) {
        return new NodeResult(outcome, List.of(), Optional.empty(), Optional.empty(), Optional.of(reason));
    }

    /** Whether the run ends here for a person, whatever the edges say. */
    boolean needsPerson() {
        return outcome.equals(INCOMPLETE) || outcome.equals(CRASHED) || outcome.equals(MANUAL);
    }

    NodeFinished finished(String node, long durationMs) {
        return new NodeFinished(node, outcome, durationMs, artifacts, severity, usage, reason);
    }
}
