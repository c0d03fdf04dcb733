package dev.wb.commands.flow;

import static dev.wb.commands.flow.FlowFixture.flow;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** The seed's three warnings: each says its consequence, and none changes validity. */
class FlowWarningsTest {

    @TempDir
    Path tmp;

    FlowFixture fx;

    @BeforeEach
    void repository() {
        fx = new FlowFixture(tmp);
    }

    static final String REVIEWED = """
              nodes:
                - id: implement
                  kind: agent
                  role_file: roles/implement.md
                  permission_profile: workspace-write
                - id: lint
                  kind: tool
                  tool: mdlint
                - id: review
                  kind: evaluator
                  role: reviewer
                  role_file: roles/review.md
                - {id: fixing, kind: agent, role_file: roles/fixing.md}
                - {id: end, kind: publish, policy: pull_request}
              edges:
                - {from: implement, to: lint}
                - {from: lint, to: review, outcome: pass}
                - {from: lint, to: fixing, outcome: fail, BOUND}
                - {from: review, to: fixing, outcome: rework, budget: 2}
                - {from: review, to: end, outcome: accept}
                - {from: fixing, to: lint}
            """;

    String reviewed(String bound) {
        return flow("impl", REVIEWED.replace("BOUND", bound));
    }

    @Test
    void an_unknown_token_in_an_agents_prompt_warns_and_known_ones_with_every_agent_and_tool_path_do_not() {
        fx.tool("mdlint", true)
                .role(
                        "roles/fixing.md",
                        "Fix {diff_path} against {plann_path} for {task_id}.\n"
                                + "The lint said {lint_path}; the change is {implement_path}; {review_path}, {checks_path},"
                                + " {plan_path}. JSON stays text: {\"a\": 1} {Not_A_Token} {plann_path} again.\n");

        FlowResult result = fx.validate("impl", reviewed("budget: 3"));

        assertTrue(result.valid(), result::toString);
        assertEquals(
                "roles/fixing.md references unknown {plann_path} (renders verbatim to the agent)",
                result.warnings().get(0));
        assertEquals(2, result.warnings().size(), "one per unknown token, plus the tool budget: " + result);
        assertEquals(
                "flow impl: WARN — roles/fixing.md references unknown {plann_path} (renders verbatim to the"
                        + " agent)",
                result.lines().get(1));
    }

    @Test
    void an_evaluators_prompt_takes_the_core_tokens_only_and_a_publish_node_has_no_path() {
        fx.tool("mdlint", true)
                .role("roles/review.md", "See {review_path}, {lint_path} and {end_path}.\n")
                .role("roles/fixing.md", "See {end_path}.\n");

        FlowResult result = fx.validate("impl", reviewed("budget: 3"));

        assertEquals(
                List.of(
                        "roles/review.md references unknown {lint_path} (renders verbatim to the agent)",
                        "roles/review.md references unknown {end_path} (renders verbatim to the agent)",
                        "roles/fixing.md references unknown {end_path} (renders verbatim to the agent)"),
                result.warnings().subList(0, 3));
    }

    @Test
    void a_fix_budget_on_a_tool_nodes_fail_edge_warns_with_the_declared_number() {
        fx.tool("mdlint", true);

        FlowResult inline = fx.validate("impl", reviewed("budget: 6"));
        FlowResult loop = fx.validate(
                "impl", reviewed("loop: lint_fix").replace("  nodes:", "  budgets:\n    lint_fix: 9\n  nodes:"));

        String text = "node 'lint': the declared fix budget of %d holds as written only while the tool emits a"
                + " top-level 'findings' array; without one it is the number of identical failures that ends the"
                + " loop, not the fix rounds it plans";
        assertEquals(List.of(String.format(text, 6)), inline.warnings());
        assertEquals(List.of(String.format(text, 9)), loop.warnings());
        assertTrue(inline.valid() && loop.valid());
    }

    static String evaluator(String blocking, int planned, String bound) {
        return flow("q", """
                  budgets:
                    quality_fix: 2
                  nodes:
                    - id: implement
                      kind: agent
                      role_file: roles/implement.md
                      permission_profile: workspace-write
                    - id: test_quality
                      kind: evaluator
                      role: test_quality
                      role_file: roles/test_quality.md
                      blocking: BLOCKING
                      max_rework_per_stage: PLANNED
                    - {id: fixing, kind: agent, role_file: roles/fixing.md}
                    - {id: end, kind: publish, policy: pull_request}
                  edges:
                    - {from: implement, to: test_quality}
                    - {from: test_quality, to: end, outcome: accept}
                    - {from: test_quality, to: fixing, outcome: rework, BOUND}
                    - {from: fixing, to: test_quality}
                """.replace("BLOCKING", blocking)
                .replace("PLANNED", String.valueOf(planned))
                .replace("BOUND", bound));
    }

    @Test
    void a_non_blocking_evaluator_whose_loop_allows_fewer_rounds_than_it_plans_warns_in_the_seeds_words() {
        FlowResult result = fx.validate("q", evaluator("false", 3, "loop: quality_fix"));

        assertTrue(result.valid(), result::toString);
        assertEquals(
                List.of("node 'test_quality': non-blocking evaluator plans max_rework_per_stage 3, but its rework"
                        + " loop 'quality_fix' allows only 2 fix round(s) — it accepts with ⚠️ after 2; raise the loop"
                        + " budget or lower max_rework_per_stage so the two limits agree"),
                result.warnings());
    }

    @Test
    void an_inline_budget_is_compared_as_written() {
        assertEquals(
                List.of("node 'test_quality': non-blocking evaluator plans max_rework_per_stage 5, but its rework"
                        + " edge's budget allows only 4 fix round(s) — it accepts with ⚠️ after 4; raise the budget or"
                        + " lower max_rework_per_stage so the two limits agree"),
                fx.validate("q", evaluator("false", 5, "budget: 4")).warnings());
    }

    @Test
    void a_loop_budget_is_clamped_to_agents_max_fix_cycles() {
        fx.config("{\"agents\": {\"max_fix_cycles\": 1}}");

        assertEquals(
                List.of(
                        "node 'test_quality': non-blocking evaluator plans max_rework_per_stage 2, but its rework"
                                + " loop 'quality_fix' (clamped to agents.max_fix_cycles 1) allows only 1 fix round(s) — it accepts"
                                + " with ⚠️ after 1; raise the loop budget or lower max_rework_per_stage so the two limits agree"),
                fx.validate("q", evaluator("false", 2, "loop: quality_fix")).warnings());
    }

    @Test
    void equal_numbers_a_blocking_evaluator_and_a_larger_budget_say_nothing() {
        assertEquals(
                List.of(),
                fx.validate("q", evaluator("false", 2, "loop: quality_fix")).warnings());
        assertEquals(
                List.of(),
                fx.validate("q", evaluator("true", 3, "loop: quality_fix")).warnings());
        assertEquals(
                List.of(), fx.validate("q", evaluator("false", 1, "budget: 4")).warnings());
    }
}
