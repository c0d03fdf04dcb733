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
 * The schema of a flow file as wb reports it: every violation with its line, the key a typo is closest to,
 * all missing keys at once, YAML that does not parse. Each rule of the orchestrator's schema has its own
 * case in {@link OriginalsFlowRulesTest}.
 */
class FlowSchemaTest {

    @TempDir
    Path tmp;

    FlowFixture fx;

    @BeforeEach
    void repository() {
        fx = new FlowFixture(tmp);
    }

    static void has(FlowResult result, String violation) {
        assertTrue(
                result.violations().contains(violation),
                () -> "expected «" + violation + "» in " + result.violations());
    }

    @Test
    void a_well_formed_flow_is_ok_with_no_warnings() {
        FlowResult result = fx.validate("impl", flow("impl", IMPLEMENT_REVIEW));

        assertTrue(result.valid(), result::toString);
        assertEquals(List.of(), result.warnings());
        assertEquals(List.of("flow impl: OK"), result.lines());
        assertEquals(".workflow/flows/impl.yaml", result.file());
    }

    @Test
    void an_unknown_key_names_its_line_and_the_key_it_is_closest_to_and_every_violation_is_printed() {
        String yaml = flow("impl", IMPLEMENT_REVIEW)
                .replace("      permission_profile: workspace-write\n", "      permision_profile: workspace-write\n")
                .replace("policy: pull_request", "policy: draft");

        FlowResult result = fx.validate("impl", yaml);

        assertEquals(
                List.of(
                        "flow impl: FAIL — line 13: node 'implement': unknown key permision_profile (did you"
                                + " mean permission_profile?)",
                        "  line 13: node 'implement': unknown key permision_profile (did you mean permission_profile?)",
                        "  line 23: node 'done': policy must be one of pull_request, documentation_pull_request,"
                                + " local_artifact, private_control_workspace_report, none, not 'draft'"),
                result.lines());
    }

    @Test
    void an_unknown_key_at_the_top_is_a_violation_and_says_what_the_top_may_hold() {
        FlowResult result = fx.validate("impl", flow("impl", IMPLEMENT_REVIEW) + "colour: red\n");

        assertEquals(
                List.of("line 29: file: unknown top-level key colour; a flow file holds flow: and, for settings shared"
                        + " through anchors, keys named x-… (x-common: &common {…})"),
                result.violations());
    }

    @Test
    void every_missing_required_key_is_reported_not_just_the_first() {
        FlowResult result = fx.validate("impl", "flow:\n  name: x\n  nodes:\n    - {id: a, kind: agent}\n");

        assertEquals(
                List.of(
                        "line 1: flow: missing required key task_type",
                        "line 1: flow: missing required key permission_ceiling",
                        "line 1: flow: missing required key output_policy",
                        "line 1: flow: missing required key publishing",
                        "line 4: node 'a': missing required key role_file"),
                result.violations());
    }

    @Test
    void a_node_without_id_or_kind_is_a_violation_and_an_id_with_no_value_is_missing() {
        FlowResult result = fx.validate("impl", flow("impl", """
                  nodes:
                    - kind: agent
                      role_file: a.md
                    - id:
                      kind: agent
                      extra_args: ["--dangerously-skip-permissions"]
                    - id: lint
                      kind: tool
                    - id: lonely
                """));

        assertEquals(
                List.of(
                        "line 8: flow.nodes[0]: missing required key id",
                        "line 10: flow.nodes[1]: missing required key id",
                        "line 13: node 'lint': missing required key tool",
                        "line 15: node 'lonely': missing required key kind (one of agent, evaluator, checks, tool, hitl,"
                                + " publish)"),
                result.violations());
    }

    @Test
    void a_top_level_flow_with_no_value_is_a_violation_not_an_ok() {
        for (String yaml : List.of("flow:\n", "flow: ~\n", "flow: null\n")) {
            assertEquals(
                    List.of("line 1: file: flow has no value; a flow file holds one top-level flow: mapping"),
                    fx.validate("a3", yaml).violations(),
                    yaml);
        }
    }

    @Test
    void yaml_that_does_not_parse_is_a_failure_of_that_flow_with_its_line() {
        FlowResult result = fx.validate("impl", "flow:\n  name: [unclosed\n  task_type: impl\n");

        assertEquals(1, result.violations().size(), result::toString);
        assertTrue(
                result.violations().get(0).startsWith("line 3: not valid YAML: while parsing a flow sequence;"),
                result::toString);
    }

    @Test
    void a_key_given_twice_two_documents_and_an_empty_file_are_failures_not_crashes() {
        assertEquals(
                List.of("line 3: not valid YAML: key flow.name is given twice"),
                fx.validate("impl", "flow:\n  name: a\n  name: b\n").violations());
        assertEquals(
                List.of("line 2: not valid YAML: expected a single document in the stream; but found another"
                        + " document"),
                fx.validate("impl", "flow: {}\n---\nflow: {}\n").violations());
        assertEquals(
                List.of("line 1: file: the file is empty; a flow file holds one top-level flow: mapping"),
                fx.validate("impl", "").violations());
        assertEquals(
                List.of("line 1: file: a flow file holds one top-level flow: mapping, not a list"),
                fx.validate("impl", "- flow\n").violations());
    }

    @Test
    void evaluator_defaults_fill_in_what_an_evaluator_leaves_out_and_are_checked_where_written() {
        String yaml = flow(
                "impl",
                IMPLEMENT_REVIEW.replace(
                        "  nodes:",
                        "  defaults:\n    evaluator:\n"
                                + "      gate_severity: severe\n      session_scope: editing_lineage\n  nodes:"));

        FlowResult result = fx.validate("impl", yaml);

        assertEquals(
                List.of(
                        "line 11: flow.defaults.evaluator: gate_severity must be one of blocking, critical,"
                                + " high, medium, low, not 'severe'",
                        "evaluator 'review': session_scope editing_lineage is forbidden"
                                + " (an evaluator must not inherit the author's workspace context)"),
                result.violations());
    }
}
