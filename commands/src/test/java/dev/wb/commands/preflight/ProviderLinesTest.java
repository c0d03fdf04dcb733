package dev.wb.commands.preflight;

import static dev.wb.commands.preflight.PreflightHarness.LINUX_WITH_HELPERS;
import static dev.wb.commands.preflight.PreflightHarness.has;
import static dev.wb.commands.preflight.PreflightHarness.line;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.wb.projections.events.PreflightCompleted.LineVerdict;
import dev.wb.testkit.FakeProviders;
import dev.wb.testkit.FakeProviders.Login;
import dev.wb.testkit.FakeProviders.PaidProbe;
import dev.wb.testkit.FakeProviders.Sandbox;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.InvalidPathException;
import java.nio.file.Path;
import java.util.List;
import java.util.Optional;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The per-provider lines: env, health, binary, and Codex's live smoke, against fake CLIs. These prove
 * wiring only — that wb asks the right questions and reads the answers from the disk — never that an
 * operating system enforces anything.
 */
class ProviderLinesTest {

    @TempDir
    Path tmp;

    private PreflightHarness both(Sandbox sandbox) {
        return new PreflightHarness(tmp)
                .config("{\"agents\": {\"allowed\": [\"claude\", \"codex\"]}}")
                .claude(Login.LOGGED_IN, PaidProbe.ENFORCE)
                .codex(Login.LOGGED_IN, sandbox);
    }

    @Test
    void env_is_skipped_when_the_default_env_file_is_absent_and_none_was_named() {
        PreflightReport report = both(Sandbox.ENFORCE).run(LINUX_WITH_HELPERS);
        assertEquals("env: SKIP (no env-file)", report.lines().get(0).text());
        assertTrue(report.envFile().isEmpty());
    }

    @Test
    void env_counts_the_loaded_variables_and_names_the_file() {
        PreflightHarness h = both(Sandbox.ENFORCE);
        h.repo.write(".workflow/.env", "# agent runs\nA=1\nexport B=\"two\"\n\nnot a line\n");
        PreflightReport report = h.run(LINUX_WITH_HELPERS);
        Path file = h.repo.resolve(".workflow/.env");
        assertEquals(
                "env: OK — loaded 2 variable(s) from " + file,
                report.lines().get(0).text());
        assertEquals(Optional.of(file), report.envFile());
    }

    @Test
    void a_named_env_file_that_is_missing_fails() {
        PreflightReport report = both(Sandbox.ENFORCE).run(LINUX_WITH_HELPERS, false, Optional.of(Path.of("nope.env")));
        PreflightLine env = report.lines().get(0);
        assertEquals(LineVerdict.FAIL, env.verdict());
        assertTrue(env.text().startsWith("env: FAIL — env-file not found: "), env.text());
        assertFalse(report.ready());
    }

    @Test
    void a_healthy_provider_reports_its_version_and_login() {
        PreflightReport report = both(Sandbox.ENFORCE).run(LINUX_WITH_HELPERS);
        assertEquals(
                "claude: OK — claude 2.1.210 available (version=2.1.210, auth=logged_in (claude.ai))",
                report.lines().get(1).text());
        assertEquals(
                "codex: OK — codex 0.144.4 available (version=0.144.4, auth=logged_in)",
                line(report, "codex: OK").text());
        assertTrue(report.ready(), () -> String.join("\n", PreflightHarness.texts(report)));
    }

    @Test
    void a_logged_out_provider_fails() {
        PreflightHarness h = both(Sandbox.ENFORCE).claude(Login.LOGGED_OUT, PaidProbe.ENFORCE);
        PreflightReport report = h.run(LINUX_WITH_HELPERS);
        assertEquals(
                "claude: FAIL — claude 2.1.210 is not logged in (auth=logged_out); run: claude auth login, or set"
                        + " ANTHROPIC_API_KEY or CLAUDE_CODE_OAUTH_TOKEN and name it in agents.providers.claude.auth_env",
                report.lines().get(1).text());
        assertEquals(LineVerdict.OK, line(report, "codex: OK").verdict(), "the other provider is unaffected");
        assertFalse(report.ready());
    }

    @Test
    void a_provider_whose_executable_is_missing_fails_and_its_binary_line_says_so() {
        PreflightHarness h = new PreflightHarness(tmp).config("{\"agents\": {\"allowed\": [\"codex\"]}}");
        PreflightReport report = h.run(LINUX_WITH_HELPERS);
        assertEquals(
                "codex: FAIL — codex executable not found (codex: not found on PATH)",
                report.lines().get(1).text());
        assertEquals(
                "codex-binary: codex: not found on PATH", report.lines().get(2).text());
        assertFalse(has(report, "codex: isolation smoke"), "no smoke for an unhealthy codex");
        assertEquals("preflight: not ready — 1 failure(s)", report.verdictLine());
    }

    @Test
    void the_binary_line_follows_links_and_says_whether_the_file_is_inside_the_config_home() throws IOException {
        PreflightHarness h = new PreflightHarness(tmp).config("{\"agents\": {\"allowed\": [\"codex\"]}}");
        Path codexHome = PreflightHarness.mkdirs(tmp.resolve("codex-home"));
        Path real = FakeProviders.codex(codexHome.resolve("bin"), Login.LOGGED_IN, Sandbox.ENFORCE);
        Files.createSymbolicLink(h.bin.resolve("codex"), real);
        h.env.put("CODEX_HOME", codexHome.toString());
        PreflightReport report = h.run(LINUX_WITH_HELPERS);
        assertEquals(
                "codex-binary: " + h.bin.resolve("codex") + " -> " + real.toRealPath() + " (inside CODEX_HOME)",
                line(report, "codex-binary:").text());

        h.env.remove("CODEX_HOME");
        assertEquals(
                "codex-binary: " + h.bin.resolve("codex") + " -> " + real.toRealPath() + " (outside ~/.codex)",
                line(h.run(LINUX_WITH_HELPERS), "codex-binary:").text());
    }

    @Test
    void an_enforcing_sandbox_is_an_ok_smoke() {
        PreflightReport report = both(Sandbox.ENFORCE).run(LINUX_WITH_HELPERS);
        assertEquals(
                "codex: isolation smoke OK — codex permission profiles: OS-enforced for workspace-write and read-only"
                        + " nodes (empty MCP inventory)",
                line(report, "codex: isolation smoke").text());
        String calls = FakeProviders.calls(tmp.resolve("bin"), "codex").orElseThrow();
        assertTrue(calls.contains("sandbox\n-P\nwb\n-c\npermissions.wb.extends=\":workspace\"\n"), calls);
        assertTrue(calls.contains("permissions.wb.extends=\":read-only\"\n"), calls);
        assertFalse(calls.contains("sandbox_workspace_write"), "no legacy key: " + calls);
    }

    @Test
    void a_leaking_sandbox_fails_whatever_the_fallback() {
        PreflightReport report = both(Sandbox.LEAK).run(LINUX_WITH_HELPERS);
        PreflightLine smoke = line(report, "codex: isolation smoke");
        assertEquals(LineVerdict.FAIL, smoke.verdict());
        assertTrue(
                smoke.text()
                        .startsWith(
                                "codex: isolation smoke FAIL — not enforcing: workspace-write private home read,"
                                        + " workspace-write private home read (workspace symlink alias), workspace-write env-file"
                                        + " read, workspace-write runs home read, workspace-write config read, workspace-write control home write,"
                                        + " workspace-write private home write, workspace-write gitdir write,"
                                        + " workspace-write common dir write, workspace-write hooks dir write,"
                                        + " workspace-write .claude write, workspace-write /tmp write,"
                                        + " workspace-write $TMPDIR write, workspace-write outside write, read-only repo write,"),
                smoke.text());
        assertFalse(report.ready());
    }

    @Test
    void a_rejected_profile_is_a_configuration_failure() {
        PreflightLine smoke = line(both(Sandbox.REJECT_PROFILE).run(LINUX_WITH_HELPERS), "codex: isolation smoke");
        assertEquals(
                "codex: isolation smoke FAIL — codex rejected the generated workspace-write profile: Error: invalid"
                        + " profile: permissions.wb.filesystem is not a known key",
                smoke.text());
    }

    @Test
    void a_sandbox_that_cannot_run_warns_with_a_fallback_and_fails_without_one() {
        PreflightLine withFallback = line(both(Sandbox.CANNOT_RUN).run(LINUX_WITH_HELPERS), "codex: isolation smoke");
        assertEquals(
                "codex: isolation smoke WARN — sandbox could not run — sandbox could not run: missing helper"
                        + " (capability_unavailable)",
                withFallback.text());

        PreflightHarness alone = new PreflightHarness(tmp.resolve("alone"))
                .config("{\"agents\": {\"allowed\": [\"codex\"]}}")
                .codex(Login.LOGGED_IN, Sandbox.CANNOT_RUN);
        PreflightReport report = alone.run(LINUX_WITH_HELPERS);
        assertEquals(LineVerdict.FAIL, line(report, "codex: isolation smoke").verdict());
        assertTrue(line(report, "codex: isolation smoke").text().endsWith("no fallback provider can cover the work"));
        assertFalse(report.ready());
    }

    @Test
    void nothing_written_is_not_demonstrated_a_warning_with_a_fallback_and_a_failure_without() {
        PreflightHarness h = both(Sandbox.SILENT);
        PreflightLine withFallback = line(h.run(LINUX_WITH_HELPERS), "codex: isolation smoke");
        assertEquals(LineVerdict.WARN, withFallback.verdict());
        assertTrue(
                withFallback
                        .text()
                        .startsWith("codex: isolation smoke WARN — NOT DEMONSTRATED — the allowed control"
                                + " file was not written"),
                withFallback.text());

        h.claude(Login.LOGGED_OUT, PaidProbe.ENFORCE);
        PreflightLine alone = line(h.run(LINUX_WITH_HELPERS), "codex: isolation smoke");
        assertEquals(LineVerdict.FAIL, alone.verdict(), "an unhealthy claude is no fallback");
    }

    @Test
    void the_lines_keep_the_seed_order() {
        PreflightHarness h = both(Sandbox.ENFORCE);
        h.config("{\"agents\": {\"allowed\": [\"claude\", \"codex\"]}, \"security\": {\"allow_git_evidence\": true},"
                + " \"git\": {\"create_pull_request\": true}, \"repo\": {\"url\": \"https://github.com/o/r\"}}");
        FakeProviders.gh(h.bin, Login.LOGGED_IN);
        List<String> subjects = h.run(PreflightHarness.LINUX_WITHOUT_HELPERS).lines().stream()
                .map(PreflightLine::subject)
                .toList();
        assertEquals(
                List.of(
                        "env",
                        "claude",
                        "claude-binary",
                        "codex",
                        "codex-binary",
                        "codex",
                        "isolation",
                        "read-isolation",
                        "isolation-floor",
                        "advanced-mode",
                        "git-evidence",
                        "allowed-environment",
                        "extra-environment",
                        "assigned-paths",
                        "gh-repo-pin",
                        "checks",
                        "gh",
                        "telegram"),
                subjects);
    }

    @Test
    void the_smoke_profile_carries_the_resolved_env_file_the_denied_globs_and_the_providers_sandbox_options()
            throws IOException {
        PreflightHarness h = both(Sandbox.ENFORCE);
        h.config("{\"agents\": {\"allowed\": [\"claude\", \"codex\"], \"providers\": {\"codex\": {\"args\":"
                + " [\"--model\", \"gpt-5\", \"-c\", \"model_reasoning_effort=high\"]}}},"
                + " \"security\": {\"denied_read_paths\": [\"secrets/**\", \"./keys\"]}}");
        Path envFile =
                Files.writeString(Files.createDirectories(tmp.resolve("rvenv")).resolve("my.env"), "A=1\n");

        PreflightReport report = h.run(LINUX_WITH_HELPERS, false, Optional.of(tmp.resolve("rvenv/../rvenv/my.env")));

        assertEquals(
                LineVerdict.OK,
                line(report, "codex: isolation smoke").verdict(),
                line(report, "codex: isolation smoke").text());
        String call = FakeProviders.calls(h.bin, "codex").orElseThrow().split("---\n", 0)[3];
        String table = call.lines()
                .filter(l -> l.startsWith("permissions.wb.filesystem="))
                .findFirst()
                .orElseThrow();
        assertTrue(table.contains("\"" + envFile.toAbsolutePath() + "\"=\"deny\""), table);
        assertTrue(table.contains("\"secrets/**\"=\"deny\""), table);
        assertFalse(table.contains("keys"), "a denied path that does not exist holds nothing to deny: " + table);
        assertTrue(call.contains("-c\nmodel_reasoning_effort=high\n--\n"), call);
        assertFalse(call.contains("--model"), "codex sandbox takes no --model: " + call);
    }

    @Test
    void a_provider_override_that_weakens_the_profile_is_the_one_the_probes_meet() {
        PreflightHarness h = both(Sandbox.ENFORCE);
        h.config("{\"agents\": {\"allowed\": [\"claude\", \"codex\"], \"providers\": {\"codex\": {\"args\":"
                + " [\"-c\", \"permissions.wb.filesystem={\\\":project_roots\\\"={\\\".\\\"=\\\"write\\\"}}\"]}}}}");
        PreflightLine smoke = line(h.run(LINUX_WITH_HELPERS), "codex: isolation smoke");
        assertEquals(LineVerdict.FAIL, smoke.verdict(), smoke.text());
        assertTrue(smoke.text().contains("not enforcing: workspace-write private home read"), smoke.text());
        assertTrue(smoke.text().contains("workspace-write control home write"), smoke.text());
    }

    @Test
    void a_denied_entry_no_path_can_be_made_of_goes_into_the_profile_escaped_not_a_crash() {
        SmokeFixture fx = SmokeFixture.create(tmp.resolve("fx"));
        SandboxProfile profile = SandboxProfile.of(
                fx, new CodexSmoke.Policy(Optional.empty(), List.of("x\u0000y*", "[unclosed*"), List.of()));
        String table = profile.argv("codex", SandboxProfile.Role.WORKSPACE_WRITE, List.of("true")).stream()
                .filter(a -> a.startsWith("permissions.wb.filesystem="))
                .findFirst()
                .orElseThrow();
        assertTrue(table.contains("\"x\\u0000y*\"=\"deny\""), table);
        assertTrue(table.contains("\"[unclosed*\"=\"deny\""), table);
    }

    @Test
    void a_check_that_throws_is_its_lines_failure_naming_the_key_never_a_crash() {
        List<PreflightLine> lines =
                Preflight.guarded("codex", "codex: isolation smoke", "security.denied_read_paths", () -> {
                    throw new InvalidPathException("x\u0000y", "Nul character not allowed");
                });
        assertEquals(
                List.of(new PreflightLine(
                        "codex",
                        LineVerdict.FAIL,
                        "codex: isolation smoke FAIL — could"
                                + " not be checked: security.denied_read_paths holds a value wb cannot use (InvalidPathException);"
                                + " correct it, then run: wb preflight")),
                lines);
    }
}
