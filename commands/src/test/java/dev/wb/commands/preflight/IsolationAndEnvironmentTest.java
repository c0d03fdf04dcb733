package dev.wb.commands.preflight;

import static dev.wb.commands.preflight.PreflightHarness.LINUX_WITHOUT_HELPERS;
import static dev.wb.commands.preflight.PreflightHarness.LINUX_WITH_HELPERS;
import static dev.wb.commands.preflight.PreflightHarness.MACOS;
import static dev.wb.commands.preflight.PreflightHarness.WINDOWS;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.wb.commands.base.Workspace;
import dev.wb.commands.config.WorkspaceConfig;
import dev.wb.projections.events.PreflightCompleted.LineVerdict;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

/** The isolation block and the environment lines: pure functions of the config, the host and the environment. */
class IsolationAndEnvironmentTest {

    @TempDir
    Path tmp;

    private WorkspaceConfig config(String json) throws IOException {
        Files.createDirectories(tmp.resolve(".workflow"));
        Files.writeString(tmp.resolve(".workflow/config.json"), json);
        return WorkspaceConfig.load(new Workspace(tmp));
    }

    private static List<String> texts(List<PreflightLine> lines) {
        return lines.stream().map(PreflightLine::text).toList();
    }

    @Test
    void strict_isolation_on_a_sandboxing_host_prints_enforced_and_no_floor_line() throws IOException {
        WorkspaceConfig c = config("{\"agents\": {\"allowed\": [\"claude\", \"codex\"]}, \"security\":"
                + " {\"strict_isolation\": true, \"disable_read_isolation\": false}}");
        assertEquals(List.of("isolation: OK (enforced)"), texts(IsolationLines.lines(c, LINUX_WITH_HELPERS)));
        assertEquals(List.of("isolation: OK (enforced)"), texts(IsolationLines.lines(c, MACOS)));
    }

    @Test
    void a_fresh_install_prints_the_advanced_mode_lines() throws IOException {
        List<String> lines = texts(IsolationLines.lines(config("{}"), LINUX_WITH_HELPERS));
        assertEquals("isolation: OK (strict_isolation=false)", lines.get(0));
        assertTrue(
                lines.get(1)
                        .startsWith("read-isolation: OFF (security.disable_read_isolation=true; forced by"
                                + " security.strict_isolation=false) — "),
                lines.get(1));
        assertEquals(
                "isolation-floor: NONE (claude: strict_isolation=false — no OS sandbox on any host)", lines.get(2));
        assertTrue(lines.get(3).startsWith("advanced-mode: ON (security.strict_isolation=false) — "), lines.get(3));
        assertEquals(4, lines.size());
    }

    @Test
    void read_isolation_off_names_the_one_cause_in_force() throws IOException {
        WorkspaceConfig c = config("{\"security\": {\"strict_isolation\": true}}");
        assertTrue(texts(IsolationLines.lines(c, MACOS))
                .get(1)
                .startsWith("read-isolation: OFF (security.disable_read_isolation=true) — "));
        WorkspaceConfig forced = config("{\"security\": {\"disable_read_isolation\": false}}");
        assertTrue(texts(IsolationLines.lines(forced, MACOS))
                .get(1)
                .startsWith("read-isolation: OFF (forced by security.strict_isolation=false) — "));
    }

    @Test
    void a_full_access_selector_fails_isolation_naming_provider_and_setting() throws IOException {
        WorkspaceConfig c = config(
                "{\"agents\": {\"allowed\": [\"claude\", \"codex\"], \"providers\": {\"codex\":"
                        + " {\"args\": [\"--sandbox\", \"danger-full-access\"]}}}, \"security\": {\"strict_isolation\": true}}");
        PreflightLine isolation = IsolationLines.lines(c, MACOS).get(0);
        assertEquals(LineVerdict.FAIL, isolation.verdict());
        assertTrue(
                isolation
                        .text()
                        .startsWith("isolation: FAIL — codex: agents.providers.codex.args --sandbox"
                                + " danger-full-access"),
                isolation.text());
    }

    @Test
    void hosts_without_a_sandbox_print_the_remedy_form_of_the_floor_line() throws IOException {
        WorkspaceConfig c = config("{\"agents\": {\"allowed\": [\"claude\", \"codex\"]}, \"security\":"
                + " {\"strict_isolation\": true, \"disable_read_isolation\": false}}");
        assertEquals(
                List.of(
                        "isolation: OK (enforced)",
                        "isolation-floor: NONE (claude: Linux/WSL2 — install bubblewrap+socat to get the floor back) — wb run"
                                + " stops Claude nodes here (sandbox.failIfUnavailable)"),
                texts(IsolationLines.lines(c, LINUX_WITHOUT_HELPERS)));
        assertEquals(
                List.of(
                        "isolation: OK (enforced)",
                        "isolation-floor: NONE (claude: native Windows — no supported OS sandbox for the agent shell) — wb run"
                                + " stops Claude nodes here (sandbox.failIfUnavailable)",
                        "isolation-floor: NONE (codex: native Windows — sandbox not classifiable offline, `wb preflight`"
                                + " probes it)"),
                texts(IsolationLines.lines(c, WINDOWS)));
    }

    @Test
    void git_evidence_is_on_and_inert_under_advanced_mode() throws IOException {
        List<String> strict = texts(IsolationLines.lines(
                config("{\"security\": {\"strict_isolation\": true,"
                        + " \"disable_read_isolation\": false, \"allow_git_evidence\": true}}"),
                MACOS));
        assertTrue(
                strict.get(1).startsWith("git-evidence: ON — security.allow_git_evidence=true: a flow node"),
                strict.toString());
        List<String> advanced =
                texts(IsolationLines.lines(config("{\"security\": {\"allow_git_evidence\": true}}"), MACOS));
        assertTrue(advanced.get(advanced.size() - 1).contains("inert under advanced mode"), advanced.toString());
    }

    @Test
    void allowed_environment_expands_prefixes_against_the_invocation_environment() throws IOException {
        WorkspaceConfig c = config("{\"security\": {\"strict_isolation\": true, \"allowed_environment\": [\"PATH\","
                + " \"HOME\", \"DOTNET_*\", \"NOT_SET\"]}}");
        Map<String, String> env = Map.of("HOME", "/h", "DOTNET_ROOT", "/d", "DOTNET_CLI_HOME", "/c", "PATH", "/bin");
        assertEquals(
                PreflightLine.of(
                        "allowed-environment",
                        LineVerdict.OK,
                        "4 name(s) after expansion (agent + git/gh"
                                + " scope); DOTNET_* → DOTNET_CLI_HOME, DOTNET_ROOT; not set here: NOT_SET"),
                EnvironmentLines.allowed(c.security(), env, MACOS));
    }

    @Test
    void a_secret_bearing_name_is_dropped_with_a_warning_and_advanced_mode_narrows_the_scope() throws IOException {
        WorkspaceConfig c = config("{\"security\": {\"allowed_environment\": [\"GITHUB_TOKEN\", \"GIT_*\"]}}");
        Map<String, String> env = Map.of("GITHUB_TOKEN", "ghp_x", "GIT_AUTHOR_NAME", "A", "GIT_ASKPASS_SECRET", "s");
        PreflightLine line = EnvironmentLines.allowed(c.security(), env, MACOS);
        assertEquals(
                "allowed-environment: WARN — 1 name(s) after expansion (agent + git/gh scope); GIT_* →"
                        + " GIT_ASKPASS_SECRET, GIT_AUTHOR_NAME; dropped as secret-bearing: GITHUB_TOKEN, GIT_ASKPASS_SECRET;"
                        + " PATH is not passed: a provider started without it finds none of its programs (add \"PATH\""
                        + " to security.allowed_environment)",
                line.text());
        assertFalse(line.text().contains("ghp_x"));
    }

    @Test
    void the_default_list_passes_path_and_home_and_nothing_else() throws IOException {
        WorkspaceConfig c = config("{}");
        Map<String, String> env = Map.of("PATH", "/bin", "HOME", "/h", "LANG", "C", "GITHUB_TOKEN", "ghp_x");
        assertEquals(
                Map.of("PATH", "/bin", "HOME", "/h"),
                AgentEnvironment.select(c.security(), env, false).kept());
        assertEquals(
                LineVerdict.OK,
                EnvironmentLines.allowed(c.security(), env, MACOS).verdict());
    }

    @Test
    void windows_without_system_root_fails_and_other_hosts_do_not_care() throws IOException {
        WorkspaceConfig c = config("{\"security\": {\"allowed_environment\": [\"PATH\"]}}");
        Map<String, String> env = Map.of("Path", "C:\\bin", "SystemRoot", "C:\\Windows");
        PreflightLine windows = EnvironmentLines.allowed(c.security(), env, WINDOWS);
        assertEquals(LineVerdict.FAIL, windows.verdict());
        assertTrue(windows.text().startsWith("allowed-environment: FAIL — SystemRoot is missing on native Windows"));
        assertEquals(
                LineVerdict.OK,
                EnvironmentLines.allowed(c.security(), Map.of("PATH", "/bin"), LINUX_WITH_HELPERS)
                        .verdict());
        WorkspaceConfig fixed = config("{\"security\": {\"allowed_environment\": [\"PATH\", \"SystemRoot\"]}}");
        assertEquals(
                LineVerdict.OK,
                EnvironmentLines.allowed(fixed.security(), env, WINDOWS).verdict());
    }

    @ParameterizedTest
    @CsvSource({
        "GITHUB_TOKEN,true",
        "AWS_SECRET_ACCESS_KEY,true",
        "OPENAIAPIKEY,true",
        "SSH_AUTH_SOCK,true",
        "DB_PASSWD,true",
        "GOOGLE_CREDENTIALS,true",
        "GIT_AUTHOR_NAME,false",
        "KEYBOARD,false",
        "DOTNET_ROOT,false",
        "MONKEY_PATH,false"
    })
    void secret_bearing_names_are_judged_by_their_parts(String name, boolean secret) {
        assertEquals(secret, EnvironmentLines.secretBearing(name));
    }

    @Test
    void extra_environment_names_its_names_and_never_its_values() throws IOException {
        WorkspaceConfig none = config("{}");
        assertEquals(
                "extra-environment: SKIP (none assigned)",
                EnvironmentLines.extra(none.security()).text());
        WorkspaceConfig c = config("{\"security\": {\"extra_environment\": {\"DOTNET_ROOT\": \"/opt/dotnet\","
                + " \"NUGET_PACKAGES\": \"/cache/nuget\"}}}");
        assertEquals(
                "extra-environment: OK — 2 name(s) assigned: DOTNET_ROOT, NUGET_PACKAGES",
                EnvironmentLines.extra(c.security()).text());
    }
}
