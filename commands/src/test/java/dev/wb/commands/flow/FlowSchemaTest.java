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
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

/** The schema of a flow file: unknown keys, types, closed sets, ids, YAML that does not parse; all with lines. */
class FlowSchemaTest {

    @TempDir
    Path tmp;

    FlowFixture fx;

    @BeforeEach
    void repository() {
        fx = new FlowFixture(tmp);
    }

    static void has(FlowResult result, String violation) {
        assertTrue(result.violations().contains(violation), () -> "expected «" + violation + "» in "
                + result.violations());
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
    void an_unknown_key_names_its_line_and_the_key_it_is_closest_to() {
        String yaml = flow("impl", IMPLEMENT_REVIEW).replace("      permission_profile: workspace-write\n",
                "      permission_profile: workspace-write\n      rol_file: roles/x.md\n");

        FlowResult result = fx.validate("impl", yaml);

        assertEquals(List.of("line 13: node 'implement': unknown key rol_file (did you mean role_file?)"),
                result.violations());
        assertEquals("flow impl: FAIL — line 13: node 'implement': unknown key rol_file (did you mean role_file?)",
                result.lines().get(0));
        assertEquals("  line 13: node 'implement': unknown key rol_file (did you mean role_file?)",
                result.lines().get(1));
    }

    @Test
    void an_unknown_key_at_the_top_or_in_flow_is_a_violation_and_lists_the_keys() {
        FlowResult result = fx.validate("impl", flow("impl", IMPLEMENT_REVIEW) + "colour: red\n");

        assertEquals(List.of("line 23: file: unknown key colour; the keys here are: flow"), result.violations());

        result = fx.validate("impl", flow("impl", IMPLEMENT_REVIEW).replace("  budgets:", "  owner: me\n  budgets:"));
        assertTrue(result.violations().get(0).startsWith("line 7: flow: unknown key owner; the keys here are: name,"),
                result::toString);
    }

    @Test
    void every_missing_required_key_is_reported_not_just_the_first() {
        FlowResult result = fx.validate("impl", "flow:\n  name: x\n  nodes:\n    - {id: a, kind: agent}\n");

        assertEquals(List.of("line 1: flow: missing required key task_type",
                "line 1: flow: missing required key permission_ceiling",
                "line 1: flow: missing required key output_policy", "line 1: flow: missing required key publishing"),
                result.violations());
    }

    @Test
    void task_type_must_be_the_files_stem() {
        FlowResult result = fx.validate("impl", flow("other", IMPLEMENT_REVIEW));

        has(result, "line 3: flow: task_type 'other' must be the file's stem 'impl'");
    }

    @ParameterizedTest(name = "{0}: {1}")
    @CsvSource(delimiter = '|', value = {
        "  permission_ceiling: workspace-write|  permission_ceiling: admin|line 4: flow: permission_ceiling must be one of read-only, workspace-write, not 'admin'",
        "  output_policy: diff|  output_policy: commit|line 5: flow: output_policy must be one of diff, report, none, not 'commit'",
        "  publishing: pull-request|  publishing: yes-please|line 6: flow: publishing must be one of pull-request, branch, none, not 'yes-please'",
        "  budgets:|  network_policy: open\\n  budgets:|line 7: flow: network_policy must be one of deny, allow, not 'open'",
        "      kind: evaluator|      kind: evaluator\\n      gate_severity: high|line 15: node 'review': gate_severity must be one of critical, major, minor, info, not 'high'",
        "      kind: agent|      kind: agent\\n      session_scope: forever|line 12: node 'implement': session_scope must be one of attempt, node, task, not 'forever'",
        "      kind: agent|      kind: agent\\n      lineage_affinity: cousin|line 12: node 'implement': lineage_affinity must be one of any, same, different, not 'cousin'",
        "      kind: agent|      kind: agent\\n      when: sometimes|line 12: node 'implement': when must be one of always, has_diff, on_rework, not 'sometimes'",
        "      policy: draft|      policy: yolo|line 18: node 'done': policy must be one of draft, ready, auto-merge, not 'yolo'",
        "      kind: agent|      kind: robot|line 11: node 'implement': kind must be one of agent, evaluator, checks, tool, hitl, publish, not 'robot'",
        "    fix: 2|    fix: 0|line 8: flow.budgets: fix must be a whole number from 1 to 50, not 0",
        "      kind: agent|      kind: agent\\n      timeout_seconds: ten|line 12: node 'implement': timeout_seconds must be a whole number from 1 to 86400, not the string \"ten\"",
        "      kind: agent|      kind: agent\\n      network_access: maybe|line 12: node 'implement': network_access must be true or false, not the string \"maybe\"",
        "      kind: agent|      kind: agent\\n      extra_args: --fast|line 12: node 'implement': extra_args must be a list, not the string \"--fast\"",
    })
    void a_value_outside_its_type_or_closed_set_is_named_with_the_set(String from, String to, String violation) {
        FlowResult result = fx.validate("impl", flow("impl", IMPLEMENT_REVIEW).replace(from + "\n",
                to.replace("\\n", "\n") + "\n"));

        has(result, violation);
    }

    @Test
    void duplicate_and_upper_case_ids_are_violations_with_their_lines() {
        FlowResult result = fx.validate("impl", flow("impl", """
                  nodes:
                    - id: Plan
                      kind: agent
                    - id: plan
                      kind: agent
                    - id: plan
                      kind: agent
                """));

        assertEquals(List.of("line 8: flow.nodes[0]: id must be lower-case: a letter, then letters, digits, '_' or"
                + " '-', not 'Plan'", "line 12: node 'plan': id given twice (first on line 10); node ids are unique"),
                result.violations());
    }

    @Test
    void a_node_without_id_or_kind_and_a_missing_required_key_of_its_kind_are_violations() {
        FlowResult result = fx.validate("impl", flow("impl", """
                  nodes:
                    - kind: agent
                    - id: lint
                      kind: tool
                    - id: lonely
                """));

        has(result, "line 8: flow.nodes[0]: missing required key id");
        has(result, "line 9: node 'lint': missing required key tool");
        has(result, "line 11: node 'lonely': missing required key kind (one of agent, evaluator, checks, tool, hitl,"
                + " publish)");
    }

    @Test
    void a_top_level_flow_with_no_value_is_a_violation_not_an_ok() {
        for (String yaml : List.of("flow:\n", "flow: ~\n", "flow: null\n")) {
            assertEquals(List.of("line 1: file: flow has no value; a flow file holds one top-level flow: mapping"),
                    fx.validate("a3", yaml).violations(), yaml);
        }
    }

    @Test
    void a_node_whose_id_or_kind_has_no_value_is_a_violation_and_its_full_access_is_not_dropped_unseen() {
        FlowResult result = fx.validate("impl", flow("impl", IMPLEMENT_REVIEW).replace("  edges:\n",
                "    - id:\n      kind: agent\n      permission_profile: workspace-write\n"
                        + "      extra_args: [\"--dangerously-skip-permissions\"]\n"
                        + "    - id: later\n      kind:\n  edges:\n"));

        assertEquals(List.of("line 19: flow.nodes[3]: id has no value; it is required",
                "line 24: node 'later': kind has no value; it is required (one of agent, evaluator, checks, tool,"
                        + " hitl, publish)"), result.violations());
        assertEquals("flow impl: FAIL — line 19: flow.nodes[3]: id has no value; it is required",
                result.lines().get(0));
    }

    @Test
    void any_key_written_with_no_value_is_a_violation_never_read_as_absent() {
        FlowResult result = fx.validate("impl", flow("impl", IMPLEMENT_REVIEW)
                .replace("      permission_profile: workspace-write\n", "      permission_profile:\n      extra_args:\n")
                .replace("      policy: draft\n", "      policy: ~\n")
                .replace("    fix: 2\n", "    fix: 2\n    spare:\n")
                .replace("{from: implement, to: review}", "{from: implement, to: review, outcome: null}")
                + "  network_policy:\n  defaults:\n");

        assertEquals(List.of("line 9: flow.budgets: spare has no value; write one or leave the key out",
                "line 13: node 'implement': permission_profile has no value; write one or leave the key out",
                "line 14: node 'implement': extra_args has no value; write one or leave the key out",
                "line 20: node 'done': policy has no value; it is required",
                "line 22: flow.edges[0]: outcome has no value; write one or leave the key out",
                "line 25: flow: network_policy has no value; write one or leave the key out",
                "line 26: flow: defaults has no value; write one or leave the key out"), result.violations());
    }

    @Test
    void a_key_of_another_kind_is_unknown_for_this_one() {
        FlowResult result = fx.validate("impl", flow("impl", IMPLEMENT_REVIEW).replace("      policy: draft\n",
                "      policy: draft\n      provider: claude\n"));

        has(result, "line 19: node 'done': unknown key provider; the keys here are: id, kind, description, policy");
    }

    @Test
    void tool_args_are_a_flat_map() {
        fx.tool("mdlint", true);
        FlowResult result = fx.validate("impl", flow("impl", """
                  nodes:
                    - id: lint
                      kind: tool
                      tool: mdlint
                      args: {strict: true, level: 2, rules: [a, b], nested: {x: 1}}
                """));

        assertEquals(List.of("line 11: node 'lint': args.rules must be a string, number or true/false (args is a"
                + " flat map), not a list", "line 11: node 'lint': args.nested must be a string, number or"
                + " true/false (args is a flat map), not a mapping"), result.violations());
    }

    @Test
    void yaml_that_does_not_parse_is_a_failure_of_that_flow_with_its_line() {
        FlowResult result = fx.validate("impl", "flow:\n  name: [unclosed\n  task_type: impl\n");

        assertEquals(1, result.violations().size(), result::toString);
        assertTrue(result.violations().get(0).startsWith("line 3: not valid YAML: while parsing a flow sequence;"),
                result::toString);
    }

    @Test
    void a_key_given_twice_an_alias_and_an_empty_file_are_failures_not_crashes() {
        assertEquals(List.of("line 3: not valid YAML: key flow.name is given twice"),
                fx.validate("impl", "flow:\n  name: a\n  name: b\n").violations());
        assertEquals(List.of("line 3: YAML alias *n is not supported in a flow file; write the value out"),
                fx.validate("impl", "flow:\n  name: &n impl\n  task_type: *n\n").violations());
        assertEquals(List.of("line 1: file: the file is empty; a flow file holds one top-level flow: mapping"),
                fx.validate("impl", "").violations());
        assertEquals(List.of("line 1: file: a flow file holds one top-level flow: mapping, not a list"),
                fx.validate("impl", "- flow\n").violations());
    }

    @Test
    void evaluator_defaults_fill_in_what_an_evaluator_leaves_out_and_are_checked_where_written() {
        String yaml = flow("impl", IMPLEMENT_REVIEW.replace("  nodes:", "  defaults:\n    evaluator:\n"
                + "      provider: codex\n      blocking: sometimes\n  nodes:"));

        FlowResult result = fx.validate("impl", yaml);

        assertEquals(List.of("line 12: flow.defaults.evaluator: blocking must be true or false, not the string"
                + " \"sometimes\"", "node 'review': provider 'codex' not in agents.allowed"),
                result.violations());
    }
}
