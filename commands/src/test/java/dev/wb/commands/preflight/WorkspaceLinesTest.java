package dev.wb.commands.preflight;

import static dev.wb.commands.preflight.PreflightHarness.LINUX_WITH_HELPERS;
import static dev.wb.commands.preflight.PreflightHarness.has;
import static dev.wb.commands.preflight.PreflightHarness.line;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.wb.gitrun.InfoExclude;
import dev.wb.projections.events.PreflightCompleted.LineVerdict;
import dev.wb.testkit.FakeProviders;
import dev.wb.testkit.FakeProviders.Login;
import dev.wb.testkit.FakeProviders.PaidProbe;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Optional;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

/** assigned-paths against the real filesystem, gh-repo-pin from config and origin, gh, telegram, checks. */
class WorkspaceLinesTest {

    @TempDir
    Path tmp;

    private PreflightHarness harness(String security) {
        return new PreflightHarness(tmp)
                .config("{\"security\": " + security + "}")
                .claude(Login.LOGGED_IN, PaidProbe.ENFORCE);
    }

    @Test
    void an_in_clone_path_gets_its_exclude_rule_repaired_once() throws IOException {
        PreflightHarness h = harness("{\"extra_environment\": {\"NUGET_PACKAGES\": \".cache/nuget\"}}");
        Files.createDirectories(h.repo.resolve(".cache/nuget"));
        PreflightReport report = h.run(LINUX_WITH_HELPERS);
        assertEquals(
                "assigned-paths: OK — 1 path(s) resolved; 1 .git/info/exclude rule(s) present (1 added:"
                        + " /.cache/nuget/)",
                line(report, "assigned-paths:").text());
        assertTrue(Files.readAllLines(InfoExclude.file(h.repo.resolve(".git"))).contains("/.cache/nuget/"));
        assertEquals(
                "assigned-paths: OK — 1 path(s) resolved; 1 .git/info/exclude rule(s) present",
                line(h.run(LINUX_WITH_HELPERS), "assigned-paths:").text());
    }

    @Test
    void a_link_into_workflow_fails_though_the_value_passed_the_lexical_rule() throws IOException {
        PreflightHarness h = harness("{\"extra_environment\": {\"CACHE\": \"cachelink/tools\"}}");
        Files.createDirectories(h.repo.resolve(".workflow/local"));
        Files.createSymbolicLink(h.repo.resolve("cachelink"), h.repo.resolve(".workflow/local"));
        PreflightLine line = line(h.run(LINUX_WITH_HELPERS), "assigned-paths:");
        assertEquals(LineVerdict.FAIL, line.verdict());
        assertTrue(
                line.text()
                        .startsWith("assigned-paths: FAIL — CACHE resolves to "
                                + h.repo.resolve(".workflow/local/tools") + ", which overlaps .workflow"),
                line.text());
    }

    @Test
    void a_home_relative_path_onto_the_env_file_or_a_denied_path_fails() throws IOException {
        PreflightHarness h =
                harness("{\"extra_environment\": {\"AGENT_HOME\": \"~/agent\", \"DATA\": \"data/private\"},"
                        + " \"denied_read_paths\": [\"data/**\"]}");
        Path envFile = h.home.resolve("agent/run.env");
        Files.createDirectories(envFile.getParent());
        Files.writeString(envFile, "A=1\n");
        PreflightReport report = h.run(LINUX_WITH_HELPERS, false, Optional.of(envFile));
        List<String> lines = report.lines().stream()
                .filter(l -> l.subject().equals("assigned-paths"))
                .map(PreflightLine::text)
                .toList();
        assertEquals(2, lines.size(), lines::toString);
        assertTrue(
                lines.get(0)
                        .startsWith("assigned-paths: FAIL — AGENT_HOME resolves to "
                                + h.home.toRealPath().resolve("agent") + ", which overlaps the env-file"),
                lines.get(0));
        assertTrue(
                lines.get(1)
                        .endsWith("overlaps security.denied_read_paths data/**; point it at a folder outside"
                                + " .git and .workflow"),
                lines.get(1));
    }

    @Test
    void an_outside_path_warns_only_under_strict_isolation() {
        PreflightHarness strict =
                harness("{\"strict_isolation\": true, \"extra_environment\": {\"DOTNET_ROOT\":" + " \"/opt/dotnet\"}}");
        PreflightReport report = strict.run(LINUX_WITH_HELPERS);
        assertEquals(
                "assigned-paths: WARN — DOTNET_ROOT resolves outside the clone: /opt/dotnet",
                report.lines().stream()
                        .filter(l ->
                                l.verdict() == LineVerdict.WARN && l.subject().equals("assigned-paths"))
                        .findFirst()
                        .orElseThrow()
                        .text());
        strict.config("{\"security\": {\"extra_environment\": {\"DOTNET_ROOT\": \"/opt/dotnet\"}}}");
        assertEquals(
                "assigned-paths: OK — 1 path(s) resolved",
                line(strict.run(LINUX_WITH_HELPERS), "assigned-paths:").text());
    }

    @Test
    void no_path_values_is_a_skip() {
        assertEquals(
                "assigned-paths: SKIP (no path values assigned)",
                line(
                                harness("{\"extra_environment\":" + " {\"LANG\": \"C\"}}")
                                        .run(LINUX_WITH_HELPERS),
                                "assigned-paths:")
                        .text());
    }

    @Test
    void the_pin_comes_from_repo_url_else_from_origin() {
        PreflightHarness h = new PreflightHarness(tmp)
                .config("{\"repo\": {\"url\": \"https://github.com/acme/app\"}}")
                .claude(Login.LOGGED_IN, PaidProbe.ENFORCE);
        assertEquals(
                "gh-repo-pin: OK — every gh call pinned to acme/app (from repo.url)",
                line(h.run(LINUX_WITH_HELPERS), "gh-repo-pin:").text());
        h.config("{}");
        h.repo.git("remote", "add", "origin", "git@github.com:acme/other.git");
        assertEquals(
                "gh-repo-pin: OK — every gh call pinned to acme/other (from origin)",
                line(h.run(LINUX_WITH_HELPERS), "gh-repo-pin:").text());
    }

    @Test
    void no_pin_fails_when_pull_requests_are_on_and_warns_otherwise() {
        PreflightHarness h = new PreflightHarness(tmp).config("{}").claude(Login.LOGGED_IN, PaidProbe.ENFORCE);
        h.repo.git("remote", "add", "origin", "file:///srv/git/app.git");
        PreflightLine warn = line(h.run(LINUX_WITH_HELPERS), "gh-repo-pin:");
        assertEquals(LineVerdict.WARN, warn.verdict());
        assertTrue(warn.text().contains("origin (file:///srv/git/app.git) names no owner/name"), warn.text());
        h.config("{\"git\": {\"create_pull_request\": true}}");
        FakeProviders.gh(h.bin, Login.LOGGED_IN);
        PreflightLine fail = line(h.run(LINUX_WITH_HELPERS), "gh-repo-pin:");
        assertEquals(LineVerdict.FAIL, fail.verdict());
        assertTrue(fail.text().contains("while git.create_pull_request is on"), fail.text());
    }

    @ParameterizedTest
    @CsvSource({
        "https://github.com/o/r,o/r",
        "https://github.com/o/r.git,o/r",
        "git@github.com:o/r.git,o/r",
        "ssh://git@github.example.com:2222/o/r.git,o/r",
        "https://user:pw@gitlab.com/o/r/,o/r",
        "file:///srv/o/r.git,",
        "/srv/o/r,",
        "work:o/r,",
        "https://github.com/o,"
    })
    void urls_parse_to_owner_and_name_only_when_they_name_a_hosted_repository(String url, String pin) {
        assertEquals(Optional.ofNullable(pin), RepoPin.parse(url));
    }

    @Test
    void gh_is_checked_only_when_pull_requests_are_on() {
        PreflightHarness h = new PreflightHarness(tmp)
                .config("{\"repo\": {\"url\": \"https://github.com/o/r\"}}")
                .claude(Login.LOGGED_IN, PaidProbe.ENFORCE);
        assertFalse(has(h.run(LINUX_WITH_HELPERS), "gh:"));
        h.config("{\"repo\": {\"url\": \"https://github.com/o/r\"}, \"git\": {\"create_pull_request\": true}}");
        assertEquals(
                "gh: FAIL — gh executable not found (gh: not found on PATH); git.create_pull_request needs it",
                line(h.run(LINUX_WITH_HELPERS), "gh:").text());
        FakeProviders.gh(h.bin, Login.LOGGED_OUT);
        assertTrue(line(h.run(LINUX_WITH_HELPERS), "gh:").text().startsWith("gh: FAIL — gh is not logged in"));
        FakeProviders.gh(h.bin, Login.LOGGED_IN);
        PreflightReport ready = h.run(LINUX_WITH_HELPERS);
        assertEquals("gh: OK", line(ready, "gh:").text());
        assertTrue(ready.ready(), () -> String.join("\n", PreflightHarness.texts(ready)));
    }

    @Test
    void telegram_is_configured_never_contacted_and_its_token_never_shown() {
        PreflightHarness h = new PreflightHarness(tmp).config("{}").claude(Login.LOGGED_IN, PaidProbe.ENFORCE);
        assertEquals(
                "telegram: SKIP (disabled)",
                line(h.run(LINUX_WITH_HELPERS), "telegram:").text());
        h.config("{\"telegram\": {\"enabled\": true, \"bot_token\": \"999:TOPSECRETBOTTOKEN\", \"chat_id\": \"7\"}}");
        PreflightReport report = h.run(LINUX_WITH_HELPERS);
        assertEquals(
                "telegram: OK (configured; not contacted — wb reaches no network)",
                line(report, "telegram:").text());
        assertFalse(report.toJson().toString().contains("TOPSECRETBOTTOKEN"));
    }

    @Test
    void a_telegram_secret_named_by_a_variable_is_checked_set_by_name_and_its_value_never_shown() {
        PreflightHarness h = new PreflightHarness(tmp)
                .config("{\"telegram\": {\"enabled\": true, \"bot_token_env\": \"TG_BOT\","
                        + " \"chat_id_env\": \"TG_CHAT\"}}")
                .claude(Login.LOGGED_IN, PaidProbe.ENFORCE);

        PreflightReport unset = h.run(LINUX_WITH_HELPERS);
        h.env.put("TG_BOT", "4242:VARIABLEBOTTOKEN");
        PreflightReport half = h.run(LINUX_WITH_HELPERS);
        h.env.put("TG_CHAT", "-100777");
        PreflightReport set = h.run(LINUX_WITH_HELPERS);

        assertEquals(
                "telegram: FAIL — env var(s) not set: TG_BOT, TG_CHAT (named by telegram.bot_token_env/chat_id_env;"
                        + " export it or add it to .workflow/.env)",
                line(unset, "telegram:").text());
        assertFalse(unset.ready());
        assertTrue(line(half, "telegram:").text().startsWith("telegram: FAIL — env var(s) not set: TG_CHAT ("));
        assertEquals(
                "telegram: OK (configured; not contacted — wb reaches no network)",
                line(set, "telegram:").text());
        for (PreflightReport report : List.of(unset, half, set)) {
            assertFalse(report.toJson().toString().contains("VARIABLEBOTTOKEN"), "the token is never shown");
        }
    }

    @Test
    void the_command_sets_are_summarised_as_written() {
        PreflightHarness h = new PreflightHarness(tmp)
                .config("{\"checks\": {\"command_sets\": {\"repo\": {\"commands\":"
                        + " [[\"ruff\", \"check\", \".\"], [\"pytest\"]]}, \"ios\": {\"commands\": [[\"xcodebuild\", \"test\"]],"
                        + " \"paths\": [\"ios/**\"], \"skip_if_unavailable\": true}}}}")
                .claude(Login.LOGGED_IN, PaidProbe.ENFORCE);
        List<String> checks = h.run(LINUX_WITH_HELPERS).lines().stream()
                .filter(l -> l.subject().equals("checks"))
                .map(PreflightLine::text)
                .toList();
        assertEquals(
                List.of(
                        "checks: 2 command set(s):",
                        "  repo (paths: always): ruff check .; pytest",
                        "  ios (paths: ios/**) [skip_if_unavailable]: xcodebuild test"),
                checks);
    }

    @Test
    void a_malformed_flow_does_not_affect_preflight() {
        PreflightHarness h = new PreflightHarness(tmp).config("{}").claude(Login.LOGGED_IN, PaidProbe.ENFORCE);
        String before = PreflightHarness.texts(h.run(LINUX_WITH_HELPERS)).toString();
        h.repo.write(".workflow/flows/x.yaml", "nodes: [unclosed\n  - : :\n");
        PreflightReport after = h.run(LINUX_WITH_HELPERS);
        assertEquals(before, PreflightHarness.texts(after).toString());
        assertTrue(after.ready());
    }

    @Test
    void a_token_used_as_the_user_name_of_origin_is_masked_in_the_pin_line() {
        PreflightHarness h = new PreflightHarness(tmp).config("{}").claude(Login.LOGGED_IN, PaidProbe.ENFORCE);
        h.repo.git("remote", "add", "origin", "https://glpat-AbCdEf1234567890xyz@gitlab/o/r.git");
        PreflightReport report = h.run(LINUX_WITH_HELPERS);
        PreflightLine pin = line(report, "gh-repo-pin:");
        assertTrue(pin.text().contains("origin (https://********@gitlab/o/r.git) names no owner/name"), pin.text());
        assertFalse(
                report.toJson().toString().contains("AbCdEf1234567890"),
                report.toJson().toString());
    }
}
