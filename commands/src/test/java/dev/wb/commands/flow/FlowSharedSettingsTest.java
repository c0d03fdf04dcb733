package dev.wb.commands.flow;

import static dev.wb.commands.flow.FlowFixture.flow;
import static org.junit.jupiter.api.Assertions.assertEquals;

import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * What an operator's flow file brings from the orchestrator beside {@code flow:}: blocks of shared settings
 * reused through anchors, aliases and merge keys; what stays refused (a top-level typo, a string where a list
 * of arguments belongs); and a loop that a person's answer leaves.
 */
class FlowSharedSettingsTest {

    @TempDir
    Path tmp;

    FlowFixture fx;

    @BeforeEach
    void repository() {
        fx = new FlowFixture(tmp);
    }

    static final String NODES_WITH_SHARED = """
              nodes:
                - {id: draft, kind: agent, role_file: p.md, <<: *common}
                - id: build
                  kind: agent
                  role_file: b.md
                  <<: *common
                  extra_args: *args
              edges:
                - {from: draft, to: build}
            """;

    @Test
    void an_x_prefixed_top_level_block_shared_through_anchors_aliases_and_merge_keys_is_accepted() {
        String yaml = "x-common: &common {provider: claude, timeout_seconds: 600}\nx-args: &args [--verbose]\n"
                + flow("shared", NODES_WITH_SHARED);

        FlowResult result = fx.validate("shared", yaml);

        assertEquals(List.of("flow shared: OK"), result.lines());
    }

    @Test
    void a_top_level_typo_is_refused_with_the_key_it_was_meant_to_be() {
        FlowResult typo = fx.validate(
                "typo",
                "flwo: {}\n"
                        + flow(
                                "typo",
                                NODES_WITH_SHARED
                                        .replace(", <<: *common", "")
                                        .replace("      <<: *common\n      extra_args: *args\n", "")));
        FlowResult unindented = fx.validate(
                "flat", flow("flat", "  nodes:\n    - {id: a, kind: agent, role_file: a.md}\n") + "edges: []\n");

        assertEquals(
                List.of("line 1: file: unknown top-level key flwo (did you mean flow?); a flow file holds flow: and,"
                        + " for settings shared through anchors, keys named x-… (x-common: &common {…})"),
                typo.violations());
        assertEquals(
                List.of("line 9: file: unknown top-level key edges (did you mean flow.edges? indent it under flow:);"
                        + " a flow file holds flow: and, for settings shared through anchors, keys named x-…"
                        + " (x-common: &common {…})"),
                unindented.violations());
    }

    @Test
    void extra_args_written_as_one_string_is_refused_not_split_into_characters() {
        FlowResult result = fx.validate(
                "args",
                flow("args", "  nodes:\n    - {id: a, kind: agent, role_file: a.md, extra_args: \"--yolo\"}\n"));

        assertEquals(1, result.violations().size(), result.violations()::toString);
        assertEquals(
                true,
                result.violations().get(0).startsWith("line 8: node 'a': extra_args must be a list"),
                result.violations().get(0));
    }

    @Test
    void a_plain_cycle_a_hitl_answer_routes_out_of_is_accepted() {
        FlowResult result = fx.validate("ask", flow("ask", """
                  nodes:
                    - {id: start, kind: agent, role_file: s.md}
                    - {id: work, kind: agent, role_file: w.md}
                    - {id: ask, kind: hitl, signal: question}
                    - {id: done, kind: publish, policy: none}
                  edges:
                    - {from: start, to: work}
                    - {from: work, to: ask}
                    - {from: ask, to: work}
                    - {from: ask, to: done, outcome: "route:resume_ok"}
                """));

        assertEquals(List.of("flow ask: OK"), result.lines());
    }

    @Test
    void a_plain_cycle_of_agents_whose_only_exit_is_a_route_stays_refused() {
        FlowResult result = fx.validate("spin", flow("spin", """
                  nodes:
                    - {id: start, kind: agent, role_file: s.md}
                    - {id: work, kind: agent, role_file: w.md}
                    - {id: again, kind: agent, role_file: a.md}
                    - {id: done, kind: publish, policy: none}
                  edges:
                    - {from: start, to: work}
                    - {from: work, to: again}
                    - {from: again, to: work}
                    - {from: again, to: done, outcome: "route:resume_ok"}
                """));

        assertEquals(
                List.of("line 9: flow: nodes 'work', 'again' form a cycle of edges without an outcome: no verdict"
                        + " ever leaves it and no budget bounds it"),
                result.violations());
    }
}
