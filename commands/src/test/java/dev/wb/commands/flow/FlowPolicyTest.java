package dev.wb.commands.flow;

import static dev.wb.commands.flow.FlowFixture.IMPLEMENT_REVIEW;
import static dev.wb.commands.flow.FlowFixture.flow;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** The security ceiling and the config-aware layer: what this checkout's config and files allow a flow. */
class FlowPolicyTest {

    static final String CONFIG = """
            {"agents": {"allowed": ["claude", "codex"], "primary": "claude",
                        "providers": {"claude": {"models": ["opus", "sonnet"], "reasoning": ["high"]}}},
             "checks": {"command_sets": {"repo": {"commands": [["pytest"]]}}}}
            """;

    @TempDir
    Path tmp;

    FlowFixture fx;

    @BeforeEach
    void repository() {
        fx = new FlowFixture(tmp);
    }

    /** The implement/review flow with extra keys on the implement node. */
    FlowResult implement(String keys) {
        return fx.validate("impl", flow("impl", IMPLEMENT_REVIEW.replace("      permission_profile: workspace-write\n",
                "      permission_profile: workspace-write\n" + keys)));
    }

    @Test
    void a_provider_not_in_agents_allowed_is_refused_with_the_seeds_words() {
        FlowResult result = implement("      provider: gpt-5.5\n");

        assertEquals(List.of("node 'implement': provider 'gpt-5.5' not in agents.allowed"), result.violations());
        assertEquals("flow impl: FAIL — node 'implement': provider 'gpt-5.5' not in agents.allowed",
                result.lines().get(0));
    }

    @Test
    void model_and_reasoning_must_be_in_the_providers_lists_and_an_empty_list_allows_any() {
        fx.config(CONFIG);

        assertEquals(List.of("node 'implement': model 'gpt-4' not in agents.providers.claude.models",
                "node 'implement': reasoning 'low' not in agents.providers.claude.reasoning"),
                implement("      model: gpt-4\n      reasoning: low\n").violations());
        assertEquals(List.of(), implement("      model: opus\n      reasoning: high\n").violations());
        assertEquals(List.of(), implement("      provider: codex\n      model: anything\n      reasoning: xhigh\n")
                .violations(), "codex lists no models: any is allowed");
    }

    @Test
    void an_agent_without_provider_runs_on_agents_primary_and_is_checked_there() {
        fx.config(CONFIG);

        assertEquals(List.of("node 'implement': model 'o3' not in agents.providers.claude.models"),
                implement("      model: o3\n").violations());
    }

    @Test
    void a_node_above_the_permission_ceiling_is_refused() {
        String yaml = flow("impl", IMPLEMENT_REVIEW).replace("permission_ceiling: workspace-write",
                "permission_ceiling: read-only").replace("output_policy: diff", "output_policy: report");

        assertEquals(List.of("node 'implement': permission_profile 'workspace-write' is above the flow's"
                + " permission_ceiling 'read-only'"), fx.validate("impl", yaml).violations());
        assertEquals(List.of("flow: output_policy 'diff' needs permission_ceiling 'workspace-write'; a read-only flow"
                + " cannot change the code", "node 'implement': permission_profile 'workspace-write' is above the"
                + " flow's permission_ceiling 'read-only'"), fx.validate("impl", yaml.replace("output_policy: report",
                "output_policy: diff")).violations());
    }

    @Test
    void network_access_needs_network_policy_allow() {
        assertEquals(List.of("node 'implement': network_access: true but the flow's network_policy is deny (the"
                + " default)"), implement("      network_access: true\n").violations());

        String allowed = flow("impl", "  network_policy: allow\n" + IMPLEMENT_REVIEW).replace(
                "      permission_profile: workspace-write\n", "      permission_profile: workspace-write\n"
                        + "      network_access: true\n");
        assertEquals(List.of(), fx.validate("impl", allowed).violations());
    }

    @Test
    void git_evidence_is_fatal_while_the_config_withholds_it() {
        // On a read-only node: on a workspace-write one it is refused whatever the config (Issue13FlowTest).
        String reader = flow("impl", IMPLEMENT_REVIEW.replace("      permission_profile: workspace-write\n",
                "      permission_profile: read-only\n      git_evidence: true\n"));
        assertEquals(List.of("node 'implement': git_evidence: true but security.allow_git_evidence is false"),
                fx.validate("impl", reader).violations());

        fx.config("{\"security\": {\"allow_git_evidence\": true}}");
        assertEquals(List.of(), fx.validate("impl", reader).violations());
    }

    @Test
    void full_access_extra_args_are_refused_and_ordinary_ones_are_not() {
        assertEquals(List.of("node 'implement': extra_args select full access ('--sandbox danger-full-access'),"
                + " refused at every value of security.strict_isolation"),
                implement("      extra_args: [--sandbox, danger-full-access]\n").violations());
        assertEquals(List.of("node 'implement': extra_args select full access ('--dangerously-skip-permissions'),"
                + " refused at every value of security.strict_isolation"),
                implement("      extra_args: [\"--dangerously-skip-permissions\"]\n").violations());
        assertEquals(List.of(), implement("      extra_args: [--verbose]\n").violations());
    }

    @Test
    void a_role_file_with_dot_dot_or_an_absolute_path_is_refused_and_a_missing_one_is_fine() {
        assertEquals(List.of("node 'implement': role_file '../secrets.md' leaves the flow file's folder ('..');"
                + " role_file paths stay inside it"), implement("      role_file: ../secrets.md\n").violations());
        assertEquals(List.of("node 'implement': role_file 'roles/../../x.md' leaves the flow file's folder ('..');"
                + " role_file paths stay inside it"), implement("      role_file: roles/../../x.md\n").violations());
        assertEquals(List.of("node 'implement': role_file '/etc/passwd' is absolute; role_file paths are relative"
                + " to the flow file's folder"), implement("      role_file: /etc/passwd\n").violations());

        FlowResult missing = implement("      role_file: roles/not-written-yet.md\n");
        assertTrue(missing.valid(), missing::toString);
        assertEquals(List.of(), missing.warnings());
    }

    @Test
    void a_role_file_that_links_out_of_the_flows_folder_is_refused() throws IOException {
        Path outside = fx.repo.write("secrets/prompt.md", "hello {task_id}\n");
        Files.createDirectories(fx.repo.resolve(".workflow/flows/roles"));
        Files.createSymbolicLink(fx.repo.resolve(".workflow/flows/roles/linked.md"), outside);

        FlowResult result = implement("      role_file: roles/linked.md\n");

        assertEquals(1, result.violations().size(), result::toString);
        assertTrue(result.violations().get(0).startsWith("node 'implement': role_file 'roles/linked.md' leads out of"
                + " .workflow/flows/ through a symbolic link"), result::toString);
    }

    @Test
    void a_tool_is_delivered_only_as_an_executable_file_in_workflow_tools() {
        String yaml = flow("lint", """
                  nodes:
                    - id: lint
                      kind: tool
                      tool: mdlint
                      timeout_seconds: 60
                """);

        assertEquals(List.of("node 'lint': tool 'mdlint' is not delivered: no executable file .workflow/tools/mdlint"),
                fx.validate("lint", yaml).violations());
        fx.tool("mdlint", false);
        assertEquals(List.of("node 'lint': tool 'mdlint' is not delivered: .workflow/tools/mdlint is not executable"
                + " (chmod +x it)"), fx.validate("lint", yaml).violations());
        fx.tool("mdlint", true);
        assertEquals(List.of(), fx.validate("lint", yaml).violations());
    }

    @Test
    void a_tool_name_that_is_a_path_is_refused_before_anything_is_looked_up() {
        FlowResult result = fx.validate("lint", flow("lint", """
                  nodes:
                    - {id: lint, kind: tool, tool: ../../bin/sh}
                """));

        assertEquals(List.of("line 8: node 'lint': tool must be a file name in .workflow/tools/ (letters, digits,"
                + " '.', '_', '-'), not '../../bin/sh'"), result.violations());
    }

    @Test
    void a_checker_names_command_sets_or_one_configured_set() {
        String yaml = flow("gate", "  nodes:\n    - {id: gate, kind: checks, checker: CHECKER}\n");

        assertEquals(List.of("node 'gate': checker 'lint' is neither command_sets nor a set in checks.command_sets"
                + " (none configured)"), fx.validate("gate", yaml.replace("CHECKER", "lint")).violations());
        fx.config(CONFIG);
        assertEquals(List.of("node 'gate': checker 'lint' is neither command_sets nor a set in checks.command_sets"
                + " (repo)"), fx.validate("gate", yaml.replace("CHECKER", "lint")).violations());
        assertEquals(List.of(), fx.validate("gate", yaml.replace("CHECKER", "repo")).violations());
        assertEquals(List.of(), fx.validate("gate", yaml.replace("CHECKER", "command_sets")).violations());
    }

    @Test
    void a_publish_node_needs_publishing() {
        String yaml = flow("impl", IMPLEMENT_REVIEW).replace("publishing: pull-request", "publishing: none");

        assertEquals(List.of("node 'done': a publish node in a flow whose publishing is none"),
                fx.validate("impl", yaml).violations());
    }
}
