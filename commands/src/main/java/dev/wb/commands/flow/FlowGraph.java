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
 * The orchestrator's graph rules, applied before it dispatches a flow: each kind's edges carry its outcomes
 * ({@code route:<x>} from any kind), every {@code rework}/{@code fail} edge bounded, exactly one entry node
 * (a node no edge leads to), every node reachable from it, a terminal (a node with no outgoing edge) that
 * every node can reach, {@code lineage_affinity} naming an editing-lineage agent one hop away, and a
 * {@code decomposition} whose region the flow enters and leaves. wb adds one: a cycle whose every edge
 * carries no outcome, which nothing could ever decide to leave (unless a hitl node of it routes out). Pure: a definition in, violations out.
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
        this.edges = flow.edges().stream()
                .filter(e -> out.containsKey(e.from()) && out.containsKey(e.to()))
                .toList();
        edges.forEach(e -> out.get(e.from()).add(e));
    }

    /**
     * The rules of each edge and node always; the rules of the whole graph (entry, reachability, terminals,
     * cycles, decomposition) only when every node and edge could be read, since a node left out would make
     * them report noise.
     */
    static List<String> check(FlowDefinition flow) {
        FlowGraph graph = new FlowGraph(flow);
        graph.outcomes();
        graph.bounds();
        graph.lineage();
        if (flow.graphComplete()) {
            graph.entry().ifPresent(graph::reachability);
            graph.terminals();
            graph.unconditionalCycles();
            flow.decomposition().ifPresent(graph::decomposition);
        }
        return graph.violations;
    }

    private void problem(int line, String label, String message) {
        violations.add("line " + line + ": " + label + ": " + message);
    }

    private void outcomes() {
        for (FlowNode node : flow.nodes()) {
            List<String> allowed = FlowVocabulary.OUTCOMES.get(node.kind());
            for (FlowEdge edge : out.get(node.id())) {
                if (edge.routed() || edge.outcome().map(allowed::contains).orElse(allowed.isEmpty())) {
                    continue;
                }
                String may = allowed.isEmpty() ? "carries no outcome" : "carries " + String.join(" or ", allowed);
                problem(
                        edge.line(),
                        edge.label(),
                        node.label() + " (" + node.kind() + "): outcome "
                                + edge.outcome().map(o -> "'" + o + "'").orElse("none") + " not allowed; an edge from "
                                + a(node.kind()) + " node " + may + " (or route:<name>)");
            }
        }
    }

    private void bounds() {
        edges.stream()
                .filter(e -> e.loopsBack() && !e.bounded())
                .forEach(e -> problem(
                        e.line(),
                        e.label(),
                        "unbounded: a " + e.outcome().get() + " edge must declare budget: N or a loop: named under"
                                + " flow.budgets"));
    }

    /** The one node no edge leads to. */
    private Optional<FlowNode> entry() {
        Set<String> targets = edges.stream().map(FlowEdge::to).collect(Collectors.toSet());
        List<FlowNode> entries =
                flow.nodes().stream().filter(n -> !targets.contains(n.id())).toList();
        if (entries.size() == 1) {
            return Optional.of(entries.get(0));
        }
        int line = entries.size() > 1
                ? entries.get(1).line()
                : flow.nodes().isEmpty() ? 1 : flow.nodes().get(0).line();
        problem(
                line,
                "flow",
                "expected exactly one entry node (a node no edge leads to), got "
                        + (entries.isEmpty()
                                ? "none: every node has an incoming edge"
                                : entries.size() + ": " + names(entries)));
        return Optional.empty();
    }

    private void reachability(FlowNode entry) {
        Set<String> seen = walk(Set.of(entry.id()), true);
        List<FlowNode> unreached =
                flow.nodes().stream().filter(n -> !seen.contains(n.id())).toList();
        if (!unreached.isEmpty()) {
            problem(
                    unreached.get(0).line(),
                    "flow",
                    "unreachable nodes: " + names(unreached) + " (from the entry" + " node '" + entry.id() + "')");
        }
    }

    private void terminals() {
        Set<String> terminals = out.entrySet().stream()
                .filter(e -> e.getValue().isEmpty())
                .map(Map.Entry::getKey)
                .collect(Collectors.toCollection(LinkedHashSet::new));
        if (terminals.isEmpty() && !flow.nodes().isEmpty()) {
            problem(
                    flow.nodes().get(0).line(),
                    "flow",
                    "no terminal node (every node has at least one outgoing" + " edge), so no path ends");
            return;
        }
        Set<String> ending = walk(terminals, false);
        List<FlowNode> trapped =
                flow.nodes().stream().filter(n -> !ending.contains(n.id())).toList();
        if (!trapped.isEmpty()) {
            problem(
                    trapped.get(0).line(),
                    "flow",
                    "nodes cannot reach any terminal: " + names(trapped) + " (a cycle with no way out)");
        }
    }

    /** wb: a cycle of edges that carry no outcome never ends, since no verdict ever leaves it. */
    private void unconditionalCycles() {
        Map<String, List<String>> plain = new LinkedHashMap<>();
        flow.nodes().forEach(n -> plain.put(n.id(), new ArrayList<>()));
        edges.stream()
                .filter(e -> e.outcome().isEmpty())
                .forEach(e -> plain.get(e.from()).add(e.to()));
        for (List<String> cycle : Cycles.of(plain)) {
            if (answeredExit(cycle)) {
                continue;
            }
            problem(
                    flow.node(cycle.get(0)).orElseThrow().line(),
                    "flow",
                    (cycle.size() == 1
                                    ? "node '" + cycle.get(0) + "' forms"
                                    : "nodes "
                                            + cycle.stream()
                                                    .map(id -> "'" + id + "'")
                                                    .collect(Collectors.joining(", ")) + " form")
                            + " a cycle of edges without an outcome: no verdict ever leaves it and no budget bounds it");
        }
    }

    /**
     * A cycle a person leaves: a hitl node of it has a {@code route:<answer>} edge out of it, so each round
     * waits for a human whose answer ({@code route:resume_ok}) ends the loop. An agent's or a publish node's
     * route leaves nothing: wb's engine gives routes only to a hitl node's answers.
     */
    private boolean answeredExit(List<String> cycle) {
        return cycle.stream()
                .filter(id -> flow.node(id).map(n -> n.kind().equals("hitl")).orElse(false))
                .flatMap(id -> out.get(id).stream())
                .anyMatch(e -> e.routed() && !cycle.contains(e.to()));
    }

    /** An agent's lineage_affinity names an agent that owns an editing lineage, one hop, on the same provider. */
    private void lineage() {
        for (FlowNode node : flow.nodes()) {
            if (!node.kind().equals("agent") || node.lineageAffinity().isEmpty()) {
                continue;
            }
            String name = node.lineageAffinity().get();
            Optional<FlowNode> target = flow.node(name);
            if (target.isEmpty()) {
                problem(
                        node.line(),
                        node.label(),
                        "lineage_affinity '" + name + "' not found"
                                + FlowFields.nearest(name, out.keySet())
                                        .map(x -> " (did you mean '" + x + "'?)")
                                        .orElse(""));
            } else if (!target.get().kind().equals("agent")
                    || !target.get().sessionScope().equals(FlowVocabulary.EDITING_LINEAGE)) {
                problem(
                        node.line(),
                        node.label(),
                        "lineage_affinity '" + name + "' must be an agent with" + " session_scope editing_lineage");
            } else if (target.get().lineageAffinity().isPresent()) {
                problem(
                        node.line(),
                        node.label(),
                        "lineage_affinity '" + name + "' must be a lineage owner (a node"
                                + " that does not itself declare lineage_affinity); affinity chains are not allowed");
            } else if (node.provider().isPresent()
                    && target.get().provider().isPresent()
                    && !node.provider().equals(target.get().provider())) {
                problem(
                        node.line(),
                        node.label(),
                        "provider '" + node.provider().get() + "' conflicts with"
                                + " lineage_affinity '" + name + "' provider '"
                                + target.get().provider().get() + "' (a"
                                + " session cannot be resumed across providers)");
            }
        }
    }

    /** The decomposition names real nodes and a real budget; the proposer enters its region, which has a way out. */
    private void decomposition(FlowDefinition.Decomposition d) {
        String label = "flow.decomposition";
        boolean resolved = true;
        if (!out.containsKey(d.proposedBy())) {
            problem(d.line(), label, "decomposition.proposed_by '" + d.proposedBy() + "' not found");
            resolved = false;
        }
        for (String id : d.subFlow()) {
            if (!out.containsKey(id)) {
                problem(d.line(), label, "decomposition.sub_flow '" + id + "' not found");
                resolved = false;
            }
        }
        d.sharedBudget()
                .filter(b -> !flow.budgets().containsKey(b))
                .ifPresent(b -> problem(d.line(), label, "decomposition.shared_budget '" + b + "' not in budgets"));
        if (!resolved) {
            return;
        }
        Set<String> region = Set.copyOf(d.subFlow());
        if (out.get(d.proposedBy()).stream().noneMatch(e -> region.contains(e.to()))) {
            problem(
                    d.line(),
                    label,
                    "decomposition: no edge from proposed_by '" + d.proposedBy() + "' enters the" + " sub_flow region");
        }
        boolean exit = d.subFlow().stream()
                .flatMap(id -> out.get(id).stream())
                .anyMatch(e -> !region.contains(e.to()) && !e.loopsBack());
        if (!exit) {
            problem(d.line(), label, "decomposition: sub_flow region has no forward exit edge to a post node");
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
