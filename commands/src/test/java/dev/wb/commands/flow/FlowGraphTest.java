package dev.wb.commands.flow;

import static dev.wb.commands.flow.FlowFixture.IMPLEMENT_REVIEW;
import static dev.wb.commands.flow.FlowFixture.flow;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The graph rules on whole graphs: the entry is the one node no edge leads to (so the canonical
 * implementation topology, with its fix loops through a separate fixing node, has one), large graphs are
 * checked without exhausting the stack, and a cycle that only edges without an outcome close is named.
 * Each single rule has its case in {@link OriginalsFlowRulesTest}.
 */
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
            yaml.append("    - {id: n").append(i).append(", kind: hitl, signal: question}\n");
        }
        yaml.append("  edges:\n");
        for (int i = 1; i < count; i++) {
            yaml.append("    - {from: n")
                    .append(i - 1)
                    .append(", to: n")
                    .append(i)
                    .append("}\n");
        }
        return yaml.append(extraEdges).toString();
    }

    @Test
    void a_long_chain_is_checked_without_exhausting_the_stack() {
        FlowResult result = fx.validate("long", flow("long", chain(10_000, "")));

        assertEquals(List.of(), result.violations());
    }

    @Test
    void a_long_cycle_without_outcomes_is_named_without_exhausting_the_stack() {
        String ring = chain(10_000, "    - {from: n9999, to: n0}\n    - {from: start, to: n0}\n")
                .replace("  nodes:\n", "  nodes:\n    - {id: start, kind: hitl, signal: question}\n");

        List<String> violations = fx.validate("ring", flow("ring", ring)).violations();

        assertEquals(2, violations.size(), () -> violations.toString().substring(0, 300));
        assertEquals(
                "line 8: flow: no terminal node (every node has at least one outgoing edge), so no path ends",
                violations.get(0));
        assertTrue(
                violations.get(1).startsWith("line 9: flow: nodes 'n0', 'n1', 'n2', 'n3',"),
                violations.get(1).substring(0, 100));
        assertTrue(
                violations
                        .get(1)
                        .endsWith(", 'n9998', 'n9999' form a cycle of edges without an outcome: no"
                                + " verdict ever leaves it and no budget bounds it"),
                violations.get(1).substring(0, 100));
    }

    @Test
    void the_canonical_implementation_topology_has_one_entry_its_fix_loops_lead_to_fixing() {
        FlowResult result = graph("""
                  nodes:
                    - {id: planning, kind: agent, role_file: p.md}
                    - {id: implementation, kind: agent, role_file: i.md, session_scope: editing_lineage}
                    - {id: testing, kind: checks, checker: command_profile}
                    - {id: review, kind: evaluator, role: review, role_file: r.md}
                    - {id: fixing, kind: agent, role_file: f.md, lineage_affinity: implementation}
                    - {id: publish, kind: publish, policy: pull_request}
                  edges:
                    - {from: planning, to: implementation}
                    - {from: implementation, to: testing}
                    - {from: testing, to: review, outcome: pass}
                    - {from: testing, to: fixing, outcome: fail, loop: fix}
                    - {from: review, to: publish, outcome: accept}
                    - {from: review, to: fixing, outcome: rework, loop: fix}
                    - {from: fixing, to: testing}
                """);

        assertEquals(List.of("flow g: OK"), result.lines());
    }

    @Test
    void two_entry_nodes_are_a_violation_naming_both() {
        FlowResult result = graph("""
                  nodes:
                    - {id: a, kind: agent, role_file: a.md}
                    - {id: b, kind: agent, role_file: b.md}
                    - {id: c, kind: agent, role_file: c.md}
                  edges:
                    - {from: a, to: c}
                    - {from: b, to: c}
                """);

        assertEquals(
                List.of("line 11: flow: expected exactly one entry node (a node no edge leads to), got 2: 'a',"
                        + " 'b'"),
                result.violations());
    }

    @Test
    void a_cycle_closed_by_outcomes_is_bounded_or_decided_and_not_a_violation() {
        FlowResult result = graph("""
                  nodes:
                    - {id: a, kind: agent, role_file: a.md}
                    - {id: ask, kind: hitl, signal: approval}
                    - {id: revise, kind: agent, role_file: r.md}
                    - {id: end, kind: publish, policy: none}
                  edges:
                    - {from: a, to: ask}
                    - {from: ask, to: revise, outcome: route:deny}
                    - {from: revise, to: ask}
                    - {from: ask, to: end, outcome: route:approve}
                """);

        assertEquals(List.of(), result.violations());
    }

    @Test
    void nodes_that_cannot_reach_a_terminal_are_named_and_their_outcome_less_cycle_too() {
        FlowResult result = graph("""
                  nodes:
                    - {id: a, kind: agent, role_file: a.md}
                    - {id: gate, kind: checks, checker: command_profile}
                    - {id: end, kind: agent, role_file: e.md}
                    - {id: spin, kind: agent, role_file: s.md}
                    - {id: loop, kind: agent, role_file: l.md}
                  edges:
                    - {from: a, to: gate}
                    - {from: gate, to: end, outcome: pass}
                    - {from: gate, to: spin, outcome: fail, budget: 1}
                    - {from: spin, to: loop}
                    - {from: loop, to: spin}
                """);

        assertEquals(
                List.of(
                        "line 13: flow: nodes cannot reach any terminal: 'spin', 'loop' (a cycle with no way" + " out)",
                        "line 13: flow: nodes 'spin', 'loop' form a cycle of edges without an outcome: no verdict"
                                + " ever leaves it and no budget bounds it"),
                result.violations());
    }

    @Test
    void a_budget_on_any_edge_and_a_loop_beside_a_budget_are_read_as_the_orchestrator_reads_them() {
        FlowResult result = fx.validate(
                "g",
                flow(
                        "g",
                        IMPLEMENT_REVIEW
                                .replace("outcome: accept}", "outcome: accept, budget: 2}")
                                .replace("loop: fix}", "loop: fix, budget: 3}")));

        assertEquals(List.of(), result.violations());
    }

    @Test
    void an_edge_naming_no_node_suggests_the_closest_id() {
        FlowResult result = graph("""
                  nodes:
                    - {id: implement, kind: agent, role_file: i.md}
                    - {id: end, kind: publish, policy: none}
                  edges:
                    - {from: implemnt, to: end}
                """);

        assertEquals(
                List.of("line 13: edge implemnt -> end: edge references unknown source node 'implemnt' (did you"
                        + " mean 'implement'?)"),
                result.violations());
    }
}
