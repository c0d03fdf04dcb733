package dev.wb.commands.flow;

import java.util.List;
import java.util.Map;
import java.util.Optional;

/**
 * A flow file read into what the engine dispatches: its security ceiling, policies, named loop budgets,
 * nodes, edges, decomposition and supervisor. {@code graphComplete} is false when a node's id or kind, or
 * an edge's ends, could not be read: the graph rules would then report the same mistake again in other
 * words, so they are skipped.
 *
 * @param networkPolicy empty: no network
 */
public record FlowDefinition(
        String name,
        String taskType,
        String permissionCeiling,
        String outputPolicy,
        String publishing,
        Optional<String> networkPolicy,
        Map<String, Integer> budgets,
        List<FlowNode> nodes,
        List<FlowEdge> edges,
        Optional<Decomposition> decomposition,
        Optional<Supervisor> supervisor,
        boolean graphComplete) {

    /** {@code decomposition}: the node that proposes subtasks and the region each subtask runs. */
    public record Decomposition(int line, String proposedBy, List<String> subFlow, Optional<String> sharedBudget) {}

    /**
     * {@code supervisor}: its prompt files (key → path, as written) and the observation cadence asked for.
     */
    public record Supervisor(int line, Map<String, String> prompts, Optional<String> observeMode) {}

    public Optional<FlowNode> node(String id) {
        return nodes.stream().filter(n -> n.id().equals(id)).findFirst();
    }

    /** The permission a node runs with: an agent's own or the ceiling; an evaluator's own or read-only. */
    public String profile(FlowNode node) {
        if (node.kind().equals("agent")) {
            return node.permissionProfile().orElse(permissionCeiling);
        }
        return node.permissionProfile().orElse(FlowVocabulary.READ_ONLY);
    }

    /** Whether a node reaches the network: its own network_access, else whether the flow has a network_policy. */
    public boolean network(FlowNode node) {
        return node.networkAccess().orElse(networkPolicy.isPresent());
    }
}
