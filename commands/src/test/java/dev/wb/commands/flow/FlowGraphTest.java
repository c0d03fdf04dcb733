package dev.wb.commands.flow;

import static dev.wb.commands.flow.FlowFixture.IMPLEMENT_REVIEW;
import static dev.wb.commands.flow.FlowFixture.flow;
import static dev.wb.commands.flow.FlowSchemaTest.has;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** The graph rules: one entry, reachability, a terminal on every path, outcomes per kind, bounded loops. */
class FlowGraphTest {

    @TempDir
    Path tmp;

    FlowFixture fx;

    @BeforeEach
    void repository() {
        fx = new FlowFixture(tmp);
    }

    FlowResult graph(String nodesAndEdges) {
        return fx.validate("g", flow("g", "  budgets:\n    fix: 2\n" + nodesAndEdges));
    }

    /** {@code count} hitl nodes n0 → n1 → … chained by plain edges, and then {@code extraEdges}. */
    static String chain(int count, String extraEdges) {
        StringBuilder yaml = new StringBuilder("  nodes:\n");
        for (int i = 0; i < count; i++) {
            yaml.append("    - {id: n").append(i).append(", kind: hitl, signal: approve}\n");
        }
        yaml.append("  edges:\n");
        for (int i = 1; i < count; i++) {
            yaml.append("    - {from: n").append(i - 1).append(", to: n").append(i).append("}\n");
        }
        return yaml.append(extraEdges).toString();
    }

    @Test
    void a_long_chain_is_checked_without_exhausting_the_stack() {
        FlowResult result = fx.validate("long", flow("long", chain(10_000, "")));

        assertEquals(List.of(), result.violations());
    }

    @Test
    void a_long_cycle_of_plain_edges_is_named_without_exhausting_the_stack() {
        String ring = chain(10_000, "    - {from: n9999, to: n0}\n    - {from: start, to: n0}\n")
                .replace("  nodes:\n", "  nodes:\n    - {id: start, kind: hitl, signal: approve}\n");

        List<String> violations = fx.validate("ring", flow("ring", ring)).violations();

        assertEquals(2, violations.size(), () -> violations.toString().substring(0, 300));
        assertEquals("line 8: flow: no terminal node: every node has an outgoing edge, so no path ends",
                violations.get(0));
        assertTrue(violations.get(1).startsWith("line 9: flow: nodes 'n0', 'n1', 'n2', 'n3',"),
                violations.get(1).substring(0, 100));
        assertTrue(violations.get(1).endsWith(", 'n9998', 'n9999' form a cycle of plain edges (no rework or fail"
                + " edge), so no budget bounds it"), violations.get(1).substring(0, 100));
    }

    @Test
    void two_entry_nodes_are_a_violation_naming_both() {
        FlowResult result = graph("""
                  nodes:
                    - {id: a, kind: agent}
                    - {id: b, kind: agent}
                    - {id: c, kind: agent}
                  edges:
                    - {from: a, to: c}
                    - {from: b, to: c}
                """);

        assertEquals(List.of("line 11: flow: 2 entry nodes: 'a', 'b'; exactly one node may have no incoming edge"),
                result.violations());
    }

    @Test
    void a_rework_edge_back_to_the_entry_does_not_take_its_place_as_entry() {
        FlowResult result = fx.validate("g", flow("g", IMPLEMENT_REVIEW));

        assertEquals(List.of(), result.violations());
    }

    @Test
    void an_unreachable_node_is_named_with_its_line() {
        FlowResult result = graph("""
                  nodes:
                    - {id: a, kind: agent}
                    - {id: b, kind: agent}
                    - {id: island, kind: agent}
                  edges:
                    - {from: a, to: b}
                    - {from: island, to: island}
                """);

        has(result, "line 12: node 'island': unreachable from the entry node 'a'");
    }

    @Test
    void a_cycle_with_no_terminal_is_a_violation() {
        FlowResult result = graph("""
                  nodes:
                    - {id: implement, kind: agent}
                    - {id: review, kind: evaluator, role: reviewer}
                    - {id: fix, kind: agent}
                  edges:
                    - {from: implement, to: review}
                    - {from: review, to: fix, outcome: accept}
                    - {from: review, to: fix, outcome: rework, loop: fix}
                    - {from: fix, to: review}
                """);

        assertEquals(List.of("line 10: flow: no terminal node: every node has an outgoing edge, so no path ends",
                "line 11: flow: nodes 'review', 'fix' form a cycle of plain edges (no rework or fail edge), so no budget"
                        + " bounds it"), result.violations());
    }

    @Test
    void nodes_that_cannot_reach_the_terminal_are_trapped_in_a_cycle() {
        FlowResult result = graph("""
                  nodes:
                    - {id: a, kind: agent}
                    - {id: gate, kind: checks}
                    - {id: spin, kind: agent}
                    - {id: loop, kind: agent}
                  edges:
                    - {from: a, to: gate}
                    - {from: gate, to: spin, outcome: pass}
                    - {from: gate, to: a, outcome: fail, budget: 1}
                    - {from: spin, to: loop}
                    - {from: loop, to: spin}
                """);

        assertEquals(List.of("line 10: flow: no terminal node: every node has an outgoing edge, so no path ends",
                "line 12: flow: nodes 'spin', 'loop' form a cycle of plain edges (no rework or fail edge), so no budget"
                        + " bounds it"), result.violations());

        result = graph("""
                  nodes:
                    - {id: a, kind: agent}
                    - {id: gate, kind: checks}
                    - {id: end, kind: agent}
                    - {id: spin, kind: agent}
                    - {id: loop, kind: checks}
                  edges:
                    - {from: a, to: gate}
                    - {from: gate, to: end, outcome: pass}
                    - {from: gate, to: spin, outcome: fail, budget: 1}
                    - {from: spin, to: loop}
                    - {from: loop, to: spin, outcome: fail, budget: 2}
                    - {from: loop, to: spin, outcome: pass}
                """);
        assertEquals(List.of("line 13: flow: nodes 'spin', 'loop' never reach a terminal node (a node with no outgoing"
                + " edge): a cycle with no way out", "line 13: flow: nodes 'spin', 'loop' form a cycle of plain edges (no"
                + " rework or fail edge), so no budget bounds it"), result.violations());
    }

    @Test
    void an_unbounded_rework_edge_a_loop_without_budget_and_a_budget_on_accept_are_violations() {
        FlowResult result = graph("""
                  nodes:
                    - {id: a, kind: agent}
                    - {id: r, kind: evaluator, role: reviewer}
                    - {id: end, kind: publish, policy: draft}
                  edges:
                    - {from: a, to: r}
                    - {from: r, to: end, outcome: accept, budget: 2}
                    - {from: r, to: a, outcome: rework}
                """);

        assertEquals(List.of("line 15: edge r -> end (accept): budget and loop bound rework and fail edges only",
                "line 16: edge r -> a (rework): unbounded: a rework edge needs budget: N or a loop: named under"
                        + " flow.budgets"), result.violations());

        result = graph(IMPLEMENT_REVIEW.substring(IMPLEMENT_REVIEW.indexOf("  nodes:"))
                .replace("loop: fix}", "loop: fixes, budget: 3}"));
        assertEquals(List.of("line 22: edge review -> implement (rework): loop 'fixes' is not named under flow.budgets",
                "line 22: edge review -> implement (rework): give budget or loop, not both"),
                result.violations());
    }

    @Test
    void edges_carry_the_outcomes_of_their_kind_and_cover_all_of_them() {
        FlowResult result = graph("""
                  nodes:
                    - {id: a, kind: agent}
                    - {id: r, kind: evaluator, role: reviewer}
                    - {id: c, kind: checks}
                    - {id: end, kind: publish, policy: draft}
                  edges:
                    - {from: a, to: r, outcome: done}
                    - {from: r, to: c, outcome: pass}
                    - {from: r, to: c}
                    - {from: c, to: end, outcome: pass}
                    - {from: c, to: end, outcome: pass}
                """);

        assertEquals(List.of("line 12: node 'c': no edge for outcome 'fail' (give every outcome an edge, or none to"
                + " end the flow here)", "line 15: edge a -> r (done): an agent node's edges carry no outcome",
                "line 16: edge r -> c (pass): 'pass' is not an outcome of an evaluator node (accept, rework)",
                "line 17: edge r -> c: an edge from an evaluator node needs an outcome: accept or rework",
                "line 19: edge c -> end (pass): node 'c' already has an edge for outcome 'pass' (line 18); a node"
                        + " has one successor per outcome"), result.violations().subList(0, 5));
    }

    @Test
    void an_edge_naming_no_node_suggests_the_closest_id() {
        FlowResult result = graph("""
                  nodes:
                    - {id: implement, kind: agent}
                    - {id: end, kind: publish, policy: draft}
                  edges:
                    - {from: implemnt, to: end}
                """);

        assertEquals(List.of("line 13: edge implemnt -> end: 'implemnt' is not a node (did you mean 'implement'?)"),
                result.violations());
    }
}
