package dev.wb.commands.flow;

import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.Deque;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.stream.Collectors;

/**
 * The graph rules the engine applies before it dispatches a flow: each kind's edges carry its outcomes and
 * cover all of them, one successor per outcome, every {@code rework}/{@code fail} edge bounded, exactly one
 * entry node, every node reachable from it, every path able to end at a terminal (a node with no outgoing
 * edge), and no cycle that only plain edges close (nothing would bound it). Pure: a definition in,
 * violations out.
 */
final class FlowGraph {

    private final FlowDefinition flow;
    private final List<String> violations = new ArrayList<>();
    private final Map<String, List<FlowEdge>> out = new LinkedHashMap<>();

    private final List<FlowEdge> edges;

    private FlowGraph(FlowDefinition flow) {
        this.flow = flow;
        flow.nodes().forEach(n -> out.put(n.id(), new ArrayList<>()));
        // An edge naming no node was reported by the reader; the rules here see the edges between nodes.
        this.edges = flow.edges().stream().filter(e -> out.containsKey(e.from()) && out.containsKey(e.to()))
                .toList();
        edges.forEach(e -> out.get(e.from()).add(e));
    }

    /**
     * The rules of each edge always; the rules of the whole graph (entry, reachability, terminals, cycles)
     * only when every node and edge could be read, since a node left out would make them report noise.
     */
    static List<String> check(FlowDefinition flow) {
        FlowGraph graph = new FlowGraph(flow);
        graph.outcomes();
        graph.bounds();
        if (flow.graphComplete()) {
            Optional<FlowNode> entry = graph.entry();
            entry.ifPresent(graph::reachability);
            graph.terminals();
            graph.plainCycles();
        }
        return graph.violations;
    }

    private void problem(int line, String label, String message) {
        violations.add("line " + line + ": " + label + ": " + message);
    }

    private FlowNode node(String id) {
        return flow.node(id).orElseThrow();
    }

    private void outcomes() {
        for (FlowNode node : flow.nodes()) {
            List<String> outcomes = FlowVocabulary.OUTCOMES.get(node.kind());
            Map<String, FlowEdge> seen = new HashMap<>();
            for (FlowEdge edge : out.get(node.id())) {
                if (outcomes.isEmpty() && edge.outcome().isPresent()) {
                    problem(edge.line(), edge.label(), a(node.kind()) + " node's edges carry no outcome");
                    continue;
                }
                if (!outcomes.isEmpty() && edge.outcome().isEmpty()) {
                    problem(edge.line(), edge.label(), "an edge from " + a(node.kind()) + " node needs an outcome: "
                            + String.join(" or ", outcomes));
                    continue;
                }
                if (edge.outcome().isPresent() && !outcomes.contains(edge.outcome().get())) {
                    problem(edge.line(), edge.label(), "'" + edge.outcome().get() + "' is not an outcome of "
                            + a(node.kind()) + " node (" + String.join(", ", outcomes) + ")");
                    continue;
                }
                String key = edge.outcome().orElse("");
                FlowEdge first = seen.putIfAbsent(key, edge);
                if (first != null) {
                    problem(edge.line(), edge.label(), node.label() + " already has an edge"
                            + edge.outcome().map(o -> " for outcome '" + o + "'").orElse("") + " (line "
                            + first.line() + "); a node has one successor per outcome");
                }
            }
            if (!seen.isEmpty()) {
                outcomes.stream().filter(o -> !seen.containsKey(o)).forEach(o -> problem(node.line(), node.label(),
                        "no edge for outcome '" + o + "' (give every outcome an edge, or none to end the flow here)"));
            }
        }
    }

    private void bounds() {
        edges.stream().filter(e -> e.loopsBack() && !e.bounded()).forEach(e -> problem(e.line(), e.label(),
                "unbounded: a " + e.outcome().get() + " edge needs budget: N or a loop: named under flow.budgets"));
    }

    /** The one node no edge leads to, except the rework and fail edges that lead back to it. */
    private Optional<FlowNode> entry() {
        Set<String> targets = edges.stream().filter(e -> !e.loopsBack()).map(FlowEdge::to)
                .collect(Collectors.toSet());
        List<FlowNode> entries = flow.nodes().stream().filter(n -> !targets.contains(n.id())).toList();
        if (entries.isEmpty()) {
            int line = flow.nodes().isEmpty() ? 1 : flow.nodes().get(0).line();
            problem(line, "flow", "no entry node: every node has an incoming edge (other than rework and fail"
                    + " edges), so no node starts the flow");
            return Optional.empty();
        }
        if (entries.size() > 1) {
            problem(entries.get(1).line(), "flow", entries.size() + " entry nodes: " + names(entries)
                    + "; exactly one node may have no incoming edge");
            return Optional.empty();
        }
        return Optional.of(entries.get(0));
    }

    private void reachability(FlowNode entry) {
        Set<String> seen = walk(Set.of(entry.id()), true);
        flow.nodes().stream().filter(n -> !seen.contains(n.id())).forEach(n -> problem(n.line(), n.label(),
                "unreachable from the entry node '" + entry.id() + "'"));
    }

    private void terminals() {
        Set<String> terminals = out.entrySet().stream().filter(e -> e.getValue().isEmpty()).map(Map.Entry::getKey)
                .collect(Collectors.toCollection(LinkedHashSet::new));
        if (terminals.isEmpty() && !flow.nodes().isEmpty()) {
            problem(flow.nodes().get(0).line(), "flow", "no terminal node: every node has an outgoing edge, so no"
                    + " path ends");
            return;
        }
        Set<String> ending = walk(terminals, false);
        List<FlowNode> trapped = flow.nodes().stream().filter(n -> !ending.contains(n.id())).toList();
        if (!trapped.isEmpty()) {
            problem(trapped.get(0).line(), "flow", (trapped.size() == 1 ? "node " + names(trapped) + " never reaches"
                    : "nodes " + names(trapped) + " never reach") + " a terminal node (a node with no outgoing edge):"
                    + " a cycle with no way out");
        }
    }

    /** Cycles closed only by edges that nothing bounds: the flow would loop for ever. */
    private void plainCycles() {
        Map<String, List<String>> forward = new LinkedHashMap<>();
        flow.nodes().forEach(n -> forward.put(n.id(), new ArrayList<>()));
        edges.stream().filter(e -> !e.loopsBack()).forEach(e -> forward.get(e.from()).add(e.to()));
        for (List<String> cycle : Cycles.of(forward)) {
            problem(node(cycle.get(0)).line(), "flow", (cycle.size() == 1 ? "node '" + cycle.get(0) + "' forms"
                    : "nodes " + cycle.stream().map(id -> "'" + id + "'").collect(Collectors.joining(", ")) + " form")
                    + " a cycle of plain edges (no rework or fail edge), so no budget bounds it");
        }
    }

    /** The nodes reachable from {@code start} along edges (or against them). */
    private Set<String> walk(Set<String> start, boolean along) {
        Map<String, List<String>> next = new HashMap<>();
        flow.nodes().forEach(n -> next.put(n.id(), new ArrayList<>()));
        edges.forEach(e -> next.get(along ? e.from() : e.to()).add(along ? e.to() : e.from()));
        Set<String> seen = new LinkedHashSet<>(start);
        Deque<String> queue = new ArrayDeque<>(start);
        while (!queue.isEmpty()) {
            for (String n : next.get(queue.poll())) {
                if (seen.add(n)) {
                    queue.add(n);
                }
            }
        }
        return seen;
    }

    /** The kind with its article: an agent, a tool. */
    private static String a(String kind) {
        return ("aeiou".indexOf(kind.charAt(0)) >= 0 ? "an " : "a ") + kind;
    }

    private static String names(List<FlowNode> nodes) {
        return nodes.stream().map(n -> "'" + n.id() + "'").collect(Collectors.joining(", "));
    }
}
