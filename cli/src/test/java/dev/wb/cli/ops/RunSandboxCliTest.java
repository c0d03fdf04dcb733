package dev.wb.cli.ops;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import dev.wb.cli.testing.CliRun;
import dev.wb.cli.testing.RunFixture;
import dev.wb.commands.preflight.SandboxProfile;
import dev.wb.engine.json.CanonicalJson;
import dev.wb.projections.events.run.NodeFinished;
import dev.wb.testkit.FakeProviders;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.Collections;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * {@code wb run} launches agents and evaluators inside the profile preflight proves, with the allowlisted
 * environment only: the fake providers record the argv, the environment and the {@code --settings} they
 * were started with.
 */
class RunSandboxCliTest {

    static final String FLOW = """
            flow:
              name: sandboxed
              task_type: sandboxed
              permission_ceiling: workspace-write
              output_policy: code_change
              publishing: none
              nodes:
                - {id: research, kind: agent, role_file: roles/research.md, permission_profile: read-only, git_evidence: true, provider: %1$s}
                - {id: author, kind: agent, role_file: roles/author.md, permission_profile: workspace-write, provider: %1$s}
                - {id: review, kind: evaluator, role: reviewer, role_file: roles/review.md, provider: %1$s}
              edges:
                - {from: research, to: author}
                - {from: author, to: review}
            """;

    @TempDir
    Path tmp;

    RunFixture f;

    @BeforeEach
    void setUp() {
        f = new RunFixture(tmp);
        FakeProviders.scriptedAgent(f.bin, "codex", f.scripts);
        f.env.put("AWS_SECRET_ACCESS_KEY", "wJalrXUtnFEMI/K7MDENG/bPxRfiCYEXAMPLEKEY");
        f.env.put("AWS_REGION", "eu-west-1");
        f.env.put("UNLISTED_VARIABLE", "not for agents");
    }

    private void config(boolean strict, String providerArgs) {
        f.repo.write(".workflow/config.json", """
                {"agents": {"allowed": ["claude", "codex"], "primary": "claude",
                            "providers": {"claude": {"args": [%s]}, "codex": {"args": [%s]}}},
                 "security": {"strict_isolation": %s, "allow_git_evidence": true,
                              "allowed_environment": ["PATH", "HOME", "AWS_*"],
                              "extra_environment": {"TOOL_ROOT": "/opt/tool"},
                              "denied_read_paths": ["secrets/**"], "denied_commands": ["curl"]}}
                """.formatted(providerArgs, providerArgs, strict));
    }

    /** Each call's arguments, in order. */
    private List<List<String>> calls(String provider) {
        String all = FakeProviders.calls(f.bin, provider).orElseThrow();
        List<List<String>> calls = new ArrayList<>();
        for (String call : all.split("(?m)^---\n", 0)) {
            boolean question = List.of("sandbox\n", "login\n", "--version\n", "mcp\n").stream()
                    .anyMatch(call::startsWith);
            if (!call.isEmpty() && !question) {
                calls.add(Arrays.asList(call.split("\n", -1)));
            }
        }
        return calls;
    }

    private Path root() {
        return f.repo.root().toAbsolutePath().normalize();
    }

    private SandboxProfile profile() {
        return SandboxProfile.forWorkspace(root(), Optional.empty(), List.of("secrets/**"), List.of());
    }

    private String output(String node) {
        NodeFinished finished = f.events().stream()
                .filter(e -> NodeFinished.TYPE.matches(e)
                        && NodeFinished.TYPE.read(e).node().equals(node))
                .map(NodeFinished.TYPE::read)
                .findFirst()
                .orElseThrow();
        String hex = finished.artifacts().get(0).digest();
        try {
            return Files.readString(
                    f.repo.resolve(".workflow/local/objects/sha256/" + hex.substring(0, 2) + "/" + hex.substring(2)),
                    StandardCharsets.UTF_8);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    @Test
    void codex_nodes_run_in_the_profile_preflight_proves_and_an_evaluator_is_read_only() {
        config(true, "");
        f.flow("sandboxed", FLOW.formatted("codex"));

        CliRun.Result run = f.wb("run", RunFixture.KEY, "--flow", "sandboxed");

        assertEquals(0, run.code(), run.toString());
        List<List<String>> calls = calls("codex");
        assertEquals(3, calls.size(), calls.toString());
        // under strict isolation the run asked the smoke first, once, with the profile its nodes get
        String all = FakeProviders.calls(f.bin, "codex").orElseThrow();
        assertEquals(
                3,
                all.split("---\nsandbox\n-P\nwb\n", -1).length - 1,
                "each role's probes and codex --version, once for the run: " + all);
        List<String> author = calls.get(1);
        List<String> entries = profile().execConfig("workspace-write", false);
        // exec, then wb's permission profile; never --sandbox, which would silently replace it
        assertEquals(0, author.indexOf("exec"), author.toString());
        assertEquals(1, Collections.indexOfSubList(author, entries), author.toString());
        assertFalse(author.contains("--sandbox"), author.toString());
        assertFalse(String.join(" ", author).contains("sandbox_workspace_write"), author.toString());
        // the profile as docs/RUNS.md names it, for this workspace
        assertTrue(
                author.contains("permissions.wb.filesystem={\":project_roots\"={\".\"=\"write\",\".workflow\"=\"read\","
                        + "\".git\"=\"read\",\".claude\"=\"read\",\".workflow/local\"=\"deny\",\".workflow/config.json\"=\"deny\","
                        + "\"secrets/**\"=\"deny\"},"
                        + "\":slash_tmp\"=\"read\",\":tmpdir\"=\"read\"}"),
                author.toString());
        assertTrue(author.contains("permissions.wb.network.enabled=false"), author.toString());
        // read-only nodes and the evaluator: the read-only profile, with the private places denied too
        for (List<String> readOnly : List.of(calls.get(0), calls.get(2))) {
            assertEquals(
                    List.of("exec", "-c", "default_permissions=\"wb\"", "-c", "permissions.wb.extends=\":read-only\""),
                    readOnly.subList(0, 5));
            assertTrue(
                    readOnly.contains("permissions.wb.filesystem={\":project_roots\"={\".workflow/local\"=\"deny\","
                            + "\".workflow/config.json\"=\"deny\","
                            + "\"secrets/**\"=\"deny\"}}"),
                    readOnly.toString());
            assertFalse(String.join(" ", readOnly).contains("write"), readOnly.toString());
        }
    }

    @Test
    void the_provider_args_come_before_exec_and_the_profile_after_it() {
        config(true, "\"-c\", \"model_reasoning_effort=\\\"low\\\"\"");
        f.flow("sandboxed", FLOW.formatted("codex"));

        assertEquals(0, f.wb("run", RunFixture.KEY, "--flow", "sandboxed").code());

        List<String> author = calls("codex").get(1);
        int theirs = author.indexOf("model_reasoning_effort=\"low\"");
        int ours = author.indexOf("default_permissions=\"wb\"");
        assertTrue(theirs >= 0 && theirs < author.indexOf("exec") && ours > author.indexOf("exec"), author.toString());
    }

    @Test
    void claude_gets_the_deny_rules_and_its_bash_sandbox_under_strict_isolation() {
        config(true, "");
        f.flow("sandboxed", FLOW.formatted("claude"));

        CliRun.Result run = f.wb("run", RunFixture.KEY, "--flow", "sandboxed");

        assertEquals(0, run.code(), run.toString());
        Path root = root();
        JsonNode author = CanonicalJson.parse(
                FakeProviders.settings(f.bin, "claude", "author").orElseThrow().getBytes(StandardCharsets.UTF_8));
        List<String> deny = new ArrayList<>();
        author.path("permissions").path("deny").forEach(d -> deny.add(d.asText()));
        for (String rule : List.of(
                "Read(/" + root.resolve(".workflow/local") + "/**)",
                "Edit(/" + root.resolve(".workflow") + "/**)",
                "Read(/" + root.resolve(".workflow/.env") + ")",
                "Read(/" + root.resolve(".workflow/local/runs") + "/**)",
                "Read(/" + root + "/secrets/**)",
                "Edit(/" + root.resolve(".git") + "/**)",
                "Write(/" + root.resolve(".git/hooks") + "/**)",
                "Bash(curl:*)",
                "WebFetch")) {
            assertTrue(deny.contains(rule), rule + " in " + deny);
        }
        assertFalse(deny.contains("Read(/" + root.resolve(".git") + "/**)"), "the git dirs stay readable: " + deny);
        assertFalse(
                deny.contains("Read(/" + root.resolve(".workflow") + "/**)"),
                "the task's folder (its plan, task.md) stays readable: " + deny);
        assertEquals(
                "acceptEdits", author.path("permissions").path("defaultMode").asText());
        assertTrue(author.path("sandbox").path("enabled").asBoolean(), author.toString());
        assertFalse(author.path("sandbox").path("allowUnsandboxedCommands").asBoolean(true), author.toString());
        assertEquals(
                author,
                CanonicalJson.parse(CanonicalJson.bytes(
                        profile().claudeSettings("acceptEdits", true, false, false, List.of("curl")))));
        // the evaluator plans, read-only; the read-only agent asking for git evidence gets the read-only verbs
        JsonNode review = CanonicalJson.parse(
                FakeProviders.settings(f.bin, "claude", "review").orElseThrow().getBytes(StandardCharsets.UTF_8));
        assertEquals("plan", review.path("permissions").path("defaultMode").asText());
        assertTrue(review.path("permissions").path("allow").isMissingNode(), review.toString());
        assertTrue(
                calls("claude").get(2).containsAll(List.of("--permission-mode", "plan")),
                calls("claude").toString());
        JsonNode research = CanonicalJson.parse(FakeProviders.settings(f.bin, "claude", "research")
                .orElseThrow()
                .getBytes(StandardCharsets.UTF_8));
        assertTrue(
                research.path("permissions").path("allow").toString().contains("Bash(git log:*)"), research.toString());
        // no bubblewrap/socat on this PATH: the floor is advisory, logged ahead of the node's output
        assertTrue(
                output("author").startsWith("wb: isolation-floor NONE (claude: Linux/WSL2 — install bubblewrap+socat"),
                output("author"));
        assertTrue(output("author").contains("done author"), output("author"));
    }

    @Test
    void under_the_advanced_mode_claude_has_no_sandbox_but_keeps_the_deny_rules() {
        config(false, "");
        f.flow("sandboxed", FLOW.formatted("claude"));

        assertEquals(0, f.wb("run", RunFixture.KEY, "--flow", "sandboxed").code());

        JsonNode author = CanonicalJson.parse(
                FakeProviders.settings(f.bin, "claude", "author").orElseThrow().getBytes(StandardCharsets.UTF_8));
        assertFalse(author.path("sandbox").path("enabled").asBoolean(true), author.toString());
        assertTrue(
                author.path("permissions")
                        .path("deny")
                        .toString()
                        .contains("Read(/" + root().resolve(".workflow/local") + "/**)"),
                author.toString());
        // the advanced mode is online for every node, and grants no git verbs (its shell is unscoped)
        assertFalse(author.path("permissions").path("deny").toString().contains("WebFetch"), author.toString());
        JsonNode research = CanonicalJson.parse(FakeProviders.settings(f.bin, "claude", "research")
                .orElseThrow()
                .getBytes(StandardCharsets.UTF_8));
        assertTrue(research.path("permissions").path("allow").isMissingNode(), research.toString());
        assertTrue(
                output("author").startsWith("wb: isolation-floor NONE (claude: strict_isolation=false"),
                output("author"));
    }

    @Test
    void the_provider_gets_the_allowlisted_environment_never_a_secret_named_variable() {
        config(true, "");
        f.flow("sandboxed", FLOW.formatted("claude"));

        assertEquals(0, f.wb("run", RunFixture.KEY, "--flow", "sandboxed").code());

        List<Map<String, String>> envs = FakeProviders.environments(f.bin, "claude");
        assertEquals(3, envs.size(), envs.toString());
        Map<String, String> author = envs.get(1);
        assertEquals(f.env.get("PATH"), author.get("PATH"));
        assertEquals(f.env.get("HOME"), author.get("HOME"));
        assertEquals("eu-west-1", author.get("AWS_REGION"));
        assertEquals("/opt/tool", author.get("TOOL_ROOT"));
        assertEquals("author", author.get("WB_RUN_NODE"));
        assertEquals("1", author.get("WB_RUN_ATTEMPT"));
        for (Map<String, String> env : envs) {
            assertFalse(env.containsKey("AWS_SECRET_ACCESS_KEY"), env.toString());
            assertFalse(env.containsKey("UNLISTED_VARIABLE"), env.toString());
            assertFalse(env.containsKey("GIT_AUTHOR_NAME"), env.toString());
            assertFalse(env.toString().contains("wJalrXUtnFEMI"), env.toString());
        }
    }

    @Test
    void an_illegal_isolation_configuration_refuses_the_node() {
        config(true, "\"--dangerously-skip-permissions\"");
        f.flow("sandboxed", FLOW.formatted("claude"));

        CliRun.Result run = f.wb("run", RunFixture.KEY, "--flow", "sandboxed");

        assertEquals(2, run.code(), run.toString());
        assertTrue(FakeProviders.calls(f.bin, "claude").isEmpty(), "no provider was started");
        NodeFinished research = f.events().stream()
                .filter(NodeFinished.TYPE::matches)
                .map(NodeFinished.TYPE::read)
                .findFirst()
                .orElseThrow();
        assertEquals("manual", research.outcome());
        String reason = research.reason().orElseThrow();
        assertTrue(
                reason.startsWith(
                        "isolation: FAIL — claude: agents.providers.claude.args --dangerously-skip-permissions"),
                reason);
        assertTrue(reason.contains("fix: "), reason);
        assertEquals("manual_action_required", f.state().status());
    }

    @Test
    void extra_args_that_would_replace_the_profile_refuse_the_node_before_any_provider_starts() {
        config(true, "");
        f.flow(
                "sandboxed",
                FLOW.formatted("codex")
                        .replace(
                                "permission_profile: read-only, git_evidence: true, provider: codex}",
                                "permission_profile: read-only, provider: codex, extra_args: [--sandbox,"
                                        + " workspace-write]}"));

        CliRun.Result run = f.wb("run", RunFixture.KEY, "--flow", "sandboxed");

        assertEquals(2, run.code(), run.toString());
        assertTrue(FakeProviders.calls(f.bin, "codex").isEmpty(), "no provider was started");
        String reason = f.events().stream()
                .filter(NodeFinished.TYPE::matches)
                .map(NodeFinished.TYPE::read)
                .findFirst()
                .orElseThrow()
                .reason()
                .orElseThrow();
        assertTrue(reason.startsWith("node 'research': extra_args '--sandbox' would replace the sandbox"), reason);
        assertTrue(reason.contains("fix: remove it"), reason);
        assertEquals("manual_action_required", f.state().status());
    }
}
