package dev.wb.commands.flow;

import java.util.List;
import java.util.Map;
import java.util.Optional;

/**
 * A flow file read into what the engine dispatches: its security ceiling, policies, named loop budgets,
 * nodes and edges. {@code graphComplete} is false when a node's id or kind, or an edge's ends, could not
 * be read: the graph rules would then report the same mistake again in other words, so they are skipped.
 */
public record FlowDefinition(String name, String taskType, String permissionCeiling, String outputPolicy,
        String publishing, String networkPolicy, Map<String, Integer> budgets, List<FlowNode> nodes,
        List<FlowEdge> edges, boolean graphComplete) {

    public Optional<FlowNode> node(String id) {
        return nodes.stream().filter(n -> n.id().equals(id)).findFirst();
    }
}
