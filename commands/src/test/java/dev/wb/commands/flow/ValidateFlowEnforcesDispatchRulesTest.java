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

/** wb validate-flow enforces the rules the orchestrator enforces at dispatch (hardened in issue 13, item 9). */
class ValidateFlowEnforcesDispatchRulesTest {

    static final String STRICT = "{\"agents\": {\"allowed\": [\"claude\", \"codex\"], \"primary\": \"claude\"},"
            + " \"security\": {\"strict_isolation\": true, \"allow_git_evidence\": true}}";

    @TempDir
    Path tmp;

    FlowFixture fx;

    @BeforeEach
    void repository() {
        fx = new FlowFixture(tmp);
        fx.config(STRICT);
    }

    /** The implement/review flow, the implement node's profile and extra keys given. */
    FlowResult implement(String profile, String keys) {
        String flow = IMPLEMENT_REVIEW.replace(
                "      permission_profile: workspace-write\n", "      permission_profile: " + profile + "\n" + keys);
        return fx.validate("impl", flow("impl", flow));
    }

    @Test
    void item09_extra_args_ignore_rules_is_refused() {
        // Defect: "extra_args: [--ignore-rules]" passed wb validate-flow; the orchestrator refuses it.
        FlowResult result = implement("workspace-write", "      extra_args: [--ignore-rules]\n");

        assertEquals(
                List.of("agent 'implement': extra_args flag '--ignore-rules' may not disable the"
                        + " sandbox/approvals"),
                result.violations());
    }

    @Test
    void item09_any_dangerously_flag_and_a_sandbox_option_without_a_value_are_refused_too() {
        // The same family: the orchestrator refuses every --dangerously… flag and a --sandbox with no value.
        FlowResult result = implement(
                "workspace-write", "      extra_args: [--dangerously-bypass-hook-trust, --model, o3, --sandbox]\n");

        assertEquals(
                List.of(
                        "agent 'implement': extra_args flag '--dangerously-bypass-hook-trust' may not disable"
                                + " the sandbox/approvals",
                        "agent 'implement': extra_args --sandbox requires a sandbox value (none" + " given)"),
                result.violations());
        assertEquals(
                List.of(),
                implement("workspace-write", "      extra_args: [--sandbox, workspace-write]\n")
                        .violations());
    }

    @Test
    void item09_the_full_access_selectors_keep_their_one_violation() {
        FlowResult result = implement("workspace-write", "      extra_args: [--sandbox, danger-full-access]\n");

        assertEquals(1, result.violations().size(), result.violations().toString());
        assertTrue(
                result.violations().get(0).contains("select full access"),
                result.violations().toString());
    }

    @Test
    void item09_git_evidence_on_a_workspace_write_node_is_refused() {
        // Defect: "git_evidence: true on a workspace-write node" passed; the orchestrator refuses it.
        FlowResult result = implement("workspace-write", "      git_evidence: true\n");

        assertEquals(
                List.of(
                        "agent 'implement': git_evidence applies only to a read-only node; a workspace-write"
                                + " node already has an unrestricted shell (drop the field, or set permission_profile: read-only)"),
                result.violations());
        assertEquals(
                List.of(), implement("read-only", "      git_evidence: true\n").violations());
    }

    @Test
    void item09_codex_writing_with_network_access_is_refused_under_strict_isolation() {
        // Defect: "codex with workspace-write and network access" passed; the orchestrator refuses it.
        FlowResult result = implement("workspace-write", "      provider: codex\n      network_access: true\n");

        assertEquals(
                List.of("node 'implement': codex cannot run with workspace-write and network_access=true;"
                        + " split network research into a read-only node or set network_access: false"),
                result.violations());
        assertEquals(
                List.of(),
                implement("read-only", "      provider: codex\n      network_access: true\n")
                        .violations());
        assertEquals(
                List.of(),
                implement("workspace-write", "      provider: claude\n      network_access: true\n")
                        .violations());
    }

    @Test
    void item09_a_codex_primary_counts_for_a_node_without_a_provider() {
        fx.config(STRICT.replace("\"primary\": \"claude\"", "\"primary\": \"codex\""));

        FlowResult result = implement("workspace-write", "      network_access: true\n");

        assertEquals(1, result.violations().size(), result.violations().toString());
        assertTrue(result.violations().get(0).startsWith("node 'implement': codex cannot run"), result.toString());
    }

    @Test
    void item09_under_the_advanced_mode_codex_writing_on_the_network_is_a_warning_not_a_failure() {
        // The orchestrator lifts the ban when strict_isolation is false (every node has both then); wb says so.
        fx.config("{\"agents\": {\"allowed\": [\"claude\", \"codex\"]}, \"security\": {\"strict_isolation\": false}}");

        FlowResult result = implement("workspace-write", "      provider: codex\n      network_access: true\n");

        assertEquals(List.of(), result.violations());
        assertEquals(
                List.of("node 'implement': codex runs with workspace-write and network_access=true only because"
                        + " security.strict_isolation is false (the advanced mode gives every node both); under strict"
                        + " isolation this flow is refused"),
                result.warnings());
    }
}
