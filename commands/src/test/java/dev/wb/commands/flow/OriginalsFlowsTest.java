package dev.wb.commands.flow;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Flows written for the orchestrator validate unchanged: the reference's minimal valid flow (Example A),
 * the packaged implementation flow written out from its description (Example B, the canonical
 * implementation topology: testing → fixing on fail, review → fixing on rework, fixing → testing), a
 * content flow with the delivered {@code check_journey} tool (Example C) and an audit flow with an inline
 * rework budget. Each is a fixture under {@code originals/}, written to {@code .workflow/flows/} as a user
 * would copy it, with the config and tools it needs.
 */
class OriginalsFlowsTest {

    @TempDir
    Path tmp;

    FlowFixture fx;

    @BeforeEach
    void repository() {
        fx = new FlowFixture(tmp);
    }

    static String original(String file) {
        try (InputStream in = OriginalsFlowsTest.class.getResourceAsStream("originals/" + file)) {
            return new String(in.readAllBytes(), StandardCharsets.UTF_8);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    @Test
    void example_a_the_minimal_valid_flow_is_ok_without_its_role_file() {
        FlowResult result = fx.validate("custom", original("custom.yaml"));

        assertEquals(List.of("flow custom: OK"), result.lines());
    }

    @Test
    void example_b_the_packaged_implementation_flow_is_ok_with_its_fix_loops_and_decomposition() {
        FlowResult result = fx.validate("implementation", original("implementation.yaml"));

        assertEquals(List.of("flow implementation: OK"), result.lines());
    }

    @Test
    void example_b_validates_on_codex_with_its_prompts_using_core_tokens_and_node_paths() {
        fx.config("{\"agents\": {\"allowed\": [\"claude\", \"codex\"], \"primary\": \"codex\"},"
                        + " \"security\": {\"strict_isolation\": true}}")
                .role(
                        "roles/planning.md",
                        "Plan {task_id} from {enriched_spec_path}? No: {refinement_path}, "
                                + "{task_path}, {?predecessor_context}Before: {predecessor_context}{/predecessor_context}")
                .role("roles/review.md", "Review {diff_path} against {plan_path} in {repo}.");

        FlowResult result = fx.validate("implementation", original("implementation.yaml"));

        assertEquals(List.of(), result.violations());
        assertEquals(
                List.of("roles/planning.md references unknown {enriched_spec_path} (renders verbatim to the"
                        + " agent)"),
                result.warnings());
    }

    @Test
    void example_c_the_content_flow_with_its_delivered_tool_is_ok_and_carries_the_tool_budget_warning() {
        fx.tool("check_journey", true);

        FlowResult result = fx.validate("content_chapter", original("content_chapter.yaml"));

        assertEquals(
                List.of(
                        "flow content_chapter: OK",
                        "flow content_chapter: WARN — node 'constraints': the"
                                + " declared fix budget of 8 holds as written only while the tool emits a top-level 'findings'"
                                + " array; without one it is the number of identical failures that ends the loop, not the fix"
                                + " rounds it plans"),
                result.lines());
    }

    @Test
    void example_c_without_its_tool_fails_as_the_orchestrator_does_at_dispatch() {
        FlowResult result = fx.validate("content_chapter", original("content_chapter.yaml"));

        assertEquals(
                List.of("node 'constraints': tool 'check_journey' not found under '.workflow/tools/': no"
                        + " regular file .workflow/tools/check_journey inside it (deliver the tool there)"),
                result.violations());
    }

    @Test
    void the_audit_flow_with_an_inline_rework_budget_and_no_publishing_is_ok() {
        FlowResult result = fx.validate("security_audit", original("security_audit.yaml"));

        assertEquals(List.of("flow security_audit: OK"), result.lines());
    }

    @Test
    void budgets_above_the_config_caps_are_clamped_not_refused() {
        fx.config("{\"agents\": {\"max_fix_cycles\": 2, \"max_total_fix_iterations\": 4}}");

        assertTrue(
                fx.validate("implementation", original("implementation.yaml")).valid());
    }

    @Test
    void every_fixture_is_the_file_a_user_copies_its_task_type_is_its_stem() {
        for (String stem : List.of("custom", "implementation", "content_chapter", "security_audit")) {
            assertTrue(original(stem + ".yaml").contains("  task_type: " + stem + "\n"), stem);
        }
    }
}
