package dev.wb.cli.ops;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import dev.wb.cli.testing.CliRun;
import dev.wb.testkit.TempGitRepo;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFilePermissions;
import java.util.ArrayList;
import java.util.List;
import java.util.regex.Pattern;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * {@code wb validate-flow} as a user meets it: the seed's output lines, the --json document, the exit codes
 * 0/1/2, {@code error:}/{@code fix:} lines and never a stack trace.
 */
class ValidateFlowCliTest {

    private static final Pattern STACK_FRAME = Pattern.compile("(?m)^\\s+at [\\w.$]+\\(");

    static final String GOOD = """
            flow:
              name: Content chapter
              task_type: content_chapter
              permission_ceiling: workspace-write
              output_policy: repository_document
              publishing: documentation_pull_request
              nodes:
                - id: draft
                  kind: agent
                  role_file: roles/draft.md
                  permission_profile: workspace-write
                - id: editor
                  kind: hitl
                  signal: approval
              edges:
                - {from: draft, to: editor}
            """;

    static final String BAD = """
            flow:
              name: My flow
              task_type: my_flow
              permission_ceiling: workspace-write
              output_policy: code_change
              publishing: none
              nodes:
                - id: implement
                  kind: agent
                  role_file: roles/implement.md
                  permission_profile: workspace-write
                - id: review
                  kind: evaluator
                  role: reviewer
                  provider: gpt-5.5
                  role_file: roles/review.md
                - id: fixing
                  kind: agent
                  role_file: roles/fixing.md
                - id: md-check
                  kind: tool
                  tool: mdlint
              edges:
                - {from: implement, to: review}
                - {from: review, to: md-check, outcome: accept}
                - {from: review, to: fixing, outcome: rework, budget: 2}
                - {from: fixing, to: review}
            """;

    @TempDir
    Path tmp;

    TempGitRepo repo;
    final List<CliRun.Result> seen = new ArrayList<>();

    @BeforeEach
    void repository() {
        repo = TempGitRepo.create(tmp, "repo");
        repo.write("README.md", "x\n");
        repo.commitAll("base");
        repo.write(".workflow/flows/content_chapter.yaml", GOOD);
        repo.write(".workflow/flows/my_flow.yaml", BAD);
        repo.write(".workflow/flows/roles/review.md", "Read {plan_path} and {plann_path}.\n");
    }

    @AfterEach
    void no_stack_trace_on_any_stderr() {
        for (CliRun.Result result : seen) {
            assertFalse(STACK_FRAME.matcher(result.err()).find(), result::toString);
            assertFalse(result.err().contains("Exception"), result::toString);
        }
    }

    CliRun.Result wb(String... args) {
        CliRun.Result result = CliRun.wb(repo.root(), args);
        seen.add(result);
        return result;
    }

    @Test
    void shared_x_blocks_beside_flow_are_read_through_their_aliases_and_a_top_level_typo_fails() {
        repo.write(".workflow/flows/shared.yaml", """
                x-common: &common {provider: claude, timeout_seconds: 600}
                flow:
                  name: shared
                  task_type: shared
                  permission_ceiling: workspace-write
                  output_policy: code_change
                  publishing: none
                  nodes:
                    - {id: work, kind: agent, role_file: w.md, <<: *common}
                """);
        repo.write(".workflow/flows/typo.yaml", """
                flows: {}
                flow:
                  name: typo
                  task_type: typo
                  permission_ceiling: workspace-write
                  output_policy: code_change
                  publishing: none
                  nodes:
                    - {id: work, kind: agent, role_file: w.md}
                """);

        CliRun.Result shared = wb("validate-flow", "shared");
        CliRun.Result typo = wb("validate-flow", "typo");

        assertEquals(0, shared.code(), shared::toString);
        assertEquals("flow shared: OK\n", shared.out());
        assertEquals(1, typo.code(), typo::toString);
        assertTrue(
                typo.out().contains("line 1: file: unknown top-level key flows (did you mean flow?)"), typo::toString);
    }

    @Test
    void a_valid_flow_prints_ok_and_exits_0() {
        CliRun.Result result = wb("validate-flow", "content_chapter");

        assertEquals(0, result.code(), result::toString);
        assertEquals("flow content_chapter: OK\n", result.out());
        assertEquals("", result.err());
        assertEquals(0, wb("validate-flow", "content_chapter.yaml").code());
    }

    @Test
    void a_failing_flow_prints_its_header_every_violation_indented_then_its_warnings_and_exits_1() {
        CliRun.Result result = wb("validate-flow", "my_flow");

        assertEquals(1, result.code(), result::toString);
        assertEquals(
                List.of(
                        "flow my_flow: FAIL — node 'review': provider 'gpt-5.5' not in agents.allowed",
                        "  node 'review': provider 'gpt-5.5' not in agents.allowed",
                        "  node 'md-check': tool 'mdlint' not found under '.workflow/tools/': no regular file"
                                + " .workflow/tools/mdlint inside it (deliver the tool there)",
                        "flow my_flow: WARN — roles/review.md references unknown {plann_path} (renders verbatim to the agent)"),
                result.out().lines().toList());
    }

    @Test
    void all_checks_every_flow_in_name_order_and_one_bad_one_makes_exit_1() throws IOException {
        Path tool = repo.write(".workflow/tools/mdlint", "#!/bin/sh\nexit 0\n");
        Files.setPosixFilePermissions(tool, PosixFilePermissions.fromString("rwxr-xr-x"));

        CliRun.Result result = wb("validate-flow", "--all");

        assertEquals(1, result.code(), result::toString);
        List<String> lines = result.out().lines().toList();
        assertEquals("flow content_chapter: OK", lines.get(0));
        assertEquals("flow my_flow: FAIL — node 'review': provider 'gpt-5.5' not in agents.allowed", lines.get(1));
        assertEquals(4, lines.size(), "the delivered tool is no longer a violation: " + result);
    }

    @Test
    void json_is_one_document_with_request_flows_and_exit_code() {
        CliRun.Result result = wb("validate-flow", "--all", "--json");

        assertEquals(1, result.code(), result::toString);
        JsonNode doc = result.json();
        assertEquals("--all", doc.get("request").asText());
        assertEquals(1, doc.get("exitCode").asInt());
        assertEquals(2, doc.get("flows").size());
        JsonNode bad = doc.get("flows").get(1);
        assertEquals("my_flow", bad.get("name").asText());
        assertEquals(".workflow/flows/my_flow.yaml", bad.get("file").asText());
        assertFalse(bad.get("valid").asBoolean());
        assertEquals(2, bad.get("violations").size());
        assertEquals(
                "roles/review.md references unknown {plann_path} (renders verbatim to the agent)",
                bad.get("warnings").get(0).asText());
        assertTrue(doc.get("flows").get(0).get("valid").asBoolean());
    }

    @Test
    void a_flow_that_is_not_there_is_exit_2_with_error_and_fix() {
        CliRun.Result result = wb("validate-flow", "implementation");

        assertEquals(2, result.code(), result::toString);
        assertEquals("", result.out());
        assertEquals("""
                error: flow 'implementation' not found in .workflow/flows/
                  fix: the flows in .workflow/flows/: content_chapter, my_flow
                """, result.err());

        CliRun.Result json = wb("validate-flow", "implementation", "--json");
        assertEquals(2, json.code());
        assertEquals(2, json.json().get("exitCode").asInt());
        assertEquals(0, json.json().get("flows").size());
    }

    @Test
    void all_with_no_flow_files_says_so_in_the_originals_words_and_exits_0() throws IOException {
        Files.delete(repo.root().resolve(".workflow/flows/content_chapter.yaml"));
        Files.delete(repo.root().resolve(".workflow/flows/my_flow.yaml"));

        CliRun.Result result = wb("validate-flow", "--all");

        assertEquals(0, result.code(), result::toString);
        assertEquals(
                "validate-flow: no operator flows in .workflow/flows/ (format and examples: docs/FLOWS.md)\n",
                result.out());
    }

    @Test
    void neither_name_nor_all_or_both_is_a_usage_error_exit_2() {
        CliRun.Result neither = wb("validate-flow");
        CliRun.Result both = wb("validate-flow", "my_flow", "--all");

        assertEquals(2, neither.code(), neither::toString);
        assertTrue(
                neither.err().startsWith("error: specify a flow NAME or --all\n  fix: wb validate-flow implementation"),
                neither::toString);
        assertEquals(2, both.code(), both::toString);
        assertTrue(both.err().startsWith("error: pass a flow NAME or --all, not both\n"), both::toString);
        assertEquals("", neither.out() + both.out());
    }

    @Test
    void a_config_that_cannot_be_loaded_is_exit_2_not_3_with_its_error_and_fix() {
        repo.write(".workflow/config.json", "{\"agents\": {\"allowed\": \"claude\"}}");

        CliRun.Result result = wb("validate-flow", "content_chapter");

        assertEquals(2, result.code(), result::toString);
        assertTrue(
                result.err().startsWith("error: .workflow/config.json line 1: agents.allowed must be a list"),
                result::toString);
        assertTrue(result.err().contains("\n  fix: edit .workflow/config.json"), result::toString);
    }

    @Test
    void a_yaml_file_that_does_not_parse_fails_that_flow_only() {
        repo.write(".workflow/flows/broken.yaml", "flow:\n  name: [unclosed\n");

        CliRun.Result result = wb("validate-flow", "--all");

        assertEquals(1, result.code(), result::toString);
        assertTrue(
                result.out()
                        .startsWith("flow broken: FAIL — line 3: not valid YAML: while parsing a flow" + " sequence;"),
                result::toString);
        assertTrue(result.out().contains("flow content_chapter: OK\n"), result::toString);
    }

    @Test
    void a_flow_file_linked_to_the_env_file_is_refused_without_printing_its_contents() throws IOException {
        repo.write(".workflow/.env", "DEPLOY_PASS=zz-Secret\n");
        Files.createSymbolicLink(repo.root().resolve(".workflow/flows/x.yaml"), Path.of("../.env"));
        String target = ".workflow/.env";

        CliRun.Result one = wb("validate-flow", "x");
        CliRun.Result all = wb("validate-flow", "--all", "--json");

        assertEquals(1, one.code(), one::toString);
        assertEquals(
                List.of(
                        "flow x: FAIL — line 1: file: .workflow/flows/x.yaml is a symbolic link that leads out"
                                + " of .workflow/flows/ (to " + target + "); refused unread",
                        "  line 1: file: .workflow/flows/x.yaml"
                                + " is a symbolic link that leads out of .workflow/flows/ (to " + target
                                + "); refused unread"),
                one.out().lines().toList());
        assertEquals(1, all.code(), all::toString);
        assertFalse(all.json().get("flows").get(2).get("valid").asBoolean(), all::toString);
        for (CliRun.Result result : List.of(one, all)) {
            assertFalse((result.out() + result.err()).contains("zz-Secret"), result::toString);
        }
    }

    @Test
    void help_names_the_exit_codes() {
        CliRun.Result result = wb("validate-flow", "--help");

        assertEquals(0, result.code(), result::toString);
        assertTrue(
                result.out().contains("Exit codes: 0 every checked flow valid, 1 any invalid, 2 flow not found"),
                result::toString);
        assertTrue(result.out().contains("--all"), result::toString);
    }
}
