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
                        "providers": {"claude": {"models": ["opus", "sonnet"], "reasoning": ["high"]}}}}
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
        return fx.validate(
                "impl",
                flow(
                        "impl",
                        IMPLEMENT_REVIEW.replace(
                                "      permission_profile: workspace-write\n",
                                "      permission_profile: workspace-write\n" + keys)));
    }

    @Test
    void a_provider_not_in_agents_allowed_is_refused_with_the_seeds_words() {
        FlowResult result = implement("      provider: gpt-5.5\n");

        assertEquals(List.of("node 'implement': provider 'gpt-5.5' not in agents.allowed"), result.violations());
        assertEquals(
                "flow impl: FAIL — node 'implement': provider 'gpt-5.5' not in agents.allowed",
                result.lines().get(0));
    }

    @Test
    void reasoning_is_the_providers_and_wbs_model_and_reasoning_lists_narrow_it_an_empty_list_allows_any() {
        fx.config(CONFIG);

        assertEquals(
                List.of(
                        "node 'implement': model 'gpt-4' not in agents.providers.claude.models",
                        "node 'implement': reasoning 'low' not in agents.providers.claude.reasoning"),
                implement("      model: gpt-4\n      reasoning: low\n").violations());
        assertEquals(
                List.of(),
                implement("      model: opus\n      reasoning: high\n").violations());
        assertEquals(
                List.of(),
                implement("      provider: codex\n      model: anything\n      reasoning: minimal\n")
                        .violations(),
                "codex lists no models: any is allowed, and minimal is a codex level");
        assertEquals(
                List.of("node 'implement': reasoning 'turbo' is not supported by provider 'codex'; expected one"
                        + " of minimal, low, medium, high, xhigh, max"),
                implement("""
                                provider: codex
                                reasoning: turbo
                          """).violations());
    }

    @Test
    void an_agent_without_provider_runs_on_agents_primary_and_is_checked_there() {
        assertEquals(
                List.of("node 'implement': reasoning 'minimal' is not supported by provider 'claude'; expected"
                        + " one of low, medium, high, xhigh, max"),
                implement("      reasoning: minimal\n").violations());

        fx.config("{\"agents\": {\"allowed\": [\"codex\"], \"primary\": \"codex\"}}");
        assertEquals(List.of(), implement("      reasoning: minimal\n").violations());
    }

    @Test
    void network_access_and_git_evidence_are_not_config_failures() {
        String reader = flow(
                "impl",
                IMPLEMENT_REVIEW.replace(
                        "      permission_profile: workspace-write\n",
                        "      permission_profile: read-only\n      network_access: true\n      git_evidence: true\n"));

        assertEquals(
                List.of(),
                fx.validate("impl", reader).violations(),
                "no network_policy, git evidence off:" + " the grant is ignored, the flow runs");
    }

    @Test
    void full_access_extra_args_are_refused_and_ordinary_ones_are_not() {
        assertEquals(
                List.of("node 'implement': extra_args select full access ('--sandbox danger-full-access'),"
                        + " refused at every value of security.strict_isolation"),
                implement("      extra_args: [--sandbox, danger-full-access]\n").violations());
        assertEquals(
                List.of("node 'implement': extra_args select full access ('--dangerously-skip-permissions'),"
                        + " refused at every value of security.strict_isolation"),
                implement("      extra_args: [\"--dangerously-skip-permissions\"]\n")
                        .violations());
        assertEquals(List.of(), implement("      extra_args: [--verbose]\n").violations());
    }

    @Test
    void a_role_file_with_dot_dot_or_an_absolute_path_is_refused_and_a_missing_one_is_fine() {
        String impl = flow("impl", IMPLEMENT_REVIEW);
        assertEquals(
                List.of("node 'implement': role_file 'roles/../../x.md' contains path traversal ('..'); prompt"
                        + " paths stay inside the flow file's folder"),
                fx.validate("impl", impl.replace("roles/implement.md", "roles/../../x.md"))
                        .violations());
        assertEquals(
                List.of("node 'implement': role_file 'C:\\\\x.md' contains path traversal: it is absolute;"
                        + " prompt paths are relative to the flow file's folder"),
                fx.validate("impl", impl.replace("roles/implement.md", "'C:\\\\x.md'"))
                        .violations());

        FlowResult missing = fx.validate("impl", impl);
        assertTrue(missing.valid(), missing::toString);
        assertEquals(List.of(), missing.warnings());
    }

    @Test
    void a_role_file_that_links_out_of_the_flows_folder_is_refused() throws IOException {
        Path outside = fx.repo.write("secrets/prompt.md", "hello {task_id}\n");
        Files.createDirectories(fx.repo.resolve(".workflow/flows/roles"));
        Files.createSymbolicLink(fx.repo.resolve(".workflow/flows/roles/linked.md"), outside);

        FlowResult result =
                fx.validate("impl", flow("impl", IMPLEMENT_REVIEW).replace("roles/implement.md", "roles/linked.md"));

        assertEquals(1, result.violations().size(), result::toString);
        assertTrue(
                result.violations()
                        .get(0)
                        .startsWith("node 'implement': role_file 'roles/linked.md' leads out of"
                                + " .workflow/flows/ through a symbolic link"),
                result::toString);
    }

    @Test
    void a_tool_is_delivered_only_as_an_executable_regular_file_inside_workflow_tools() throws IOException {
        String yaml = flow("lint", """
                  nodes:
                    - id: lint
                      kind: tool
                      tool: mdlint
                      timeout_seconds: 60
                """);

        assertEquals(
                List.of("node 'lint': tool 'mdlint' not found under '.workflow/tools/': no regular file"
                        + " .workflow/tools/mdlint inside it (deliver the tool there)"),
                fx.validate("lint", yaml).violations());
        fx.tool("mdlint", false);
        assertEquals(
                List.of("node 'lint': tool 'mdlint' is not executable: .workflow/tools/mdlint (chmod +x it)"),
                fx.validate("lint", yaml).violations());
        fx.tool("mdlint", true);
        assertEquals(List.of(), fx.validate("lint", yaml).violations());

        Path sh = fx.repo.write("bin/sh-like", "#!/bin/sh\n");
        sh.toFile().setExecutable(true);
        Files.createSymbolicLink(fx.repo.resolve(".workflow/tools/escape"), sh);
        assertEquals(
                List.of("node 'lint': tool 'escape' not found under '.workflow/tools/': no regular file"
                        + " .workflow/tools/escape inside it (deliver the tool there)"),
                fx.validate("lint", yaml.replace("tool: mdlint", "tool: escape"))
                        .violations());
    }

    @Test
    void a_publish_node_in_a_flow_that_publishes_nothing_is_the_orchestrators_private_report() {
        String yaml = flow("impl", IMPLEMENT_REVIEW).replace("publishing: pull_request", "publishing: none");

        assertEquals(List.of(), fx.validate("impl", yaml).violations());
    }
}
