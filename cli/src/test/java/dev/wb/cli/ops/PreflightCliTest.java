package dev.wb.cli.ops;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import dev.wb.cli.testing.CliRun;
import dev.wb.commands.Session;
import dev.wb.commands.base.Workspace;
import dev.wb.engine.EventEnvelope;
import dev.wb.engine.StreamId;
import dev.wb.projections.events.PreflightCompleted;
import dev.wb.testkit.FakeProviders;
import dev.wb.testkit.FakeProviders.Login;
import dev.wb.testkit.FakeProviders.PaidProbe;
import dev.wb.testkit.FakeProviders.Sandbox;
import dev.wb.testkit.TempGitRepo;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Clock;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * {@code wb preflight} end to end: real repository, real processes, fake provider CLIs first (and
 * alone, with a link to git) on the PATH handed to wb. Fake-CLI tests prove wiring only — the exit
 * codes, the output shapes, the event and that no secret escapes — never OS enforcement.
 */
class PreflightCliTest {

    private static final String ENV_SECRET = "envfile-secret-value-4711";
    private static final String BOT_TOKEN = "123456:telegram-bot-token-secret";

    @TempDir
    Path tmp;

    private TempGitRepo repo;
    private Path bin;
    private final Map<String, String> env = new HashMap<>();

    @BeforeEach
    void setUp() {
        repo = TempGitRepo.create(tmp, "repo");
        bin = tmp.resolve("bin");
        FakeProviders.link(bin, "git", System.getenv("PATH"));
        FakeProviders.claude(bin, Login.LOGGED_IN, PaidProbe.ENFORCE);
        FakeProviders.codex(bin, Login.LOGGED_IN, Sandbox.ENFORCE);
        env.put("PATH", bin.toString());
        env.put("HOME", tmp.resolve("home").toString());
        env.put("CODEX_HOME", tmp.resolve("codex-home").toString());
        env.putAll(TempGitRepo.gitEnvironment());
    }

    private CliRun.Result wb(String... args) {
        return CliRun.wb(repo.root(), env, args);
    }

    private List<EventEnvelope> events() {
        try (Session session = Session.open(new Workspace(repo.root()), env, Clock.systemUTC())) {
            return session.reader().read(StreamId.workspace()).stream()
                    .filter(e -> e.type().equals(PreflightCompleted.TYPE.name()))
                    .toList();
        }
    }

    @Test
    void a_ready_checkout_prints_every_line_and_exits_0_with_one_event() {
        repo.write(
                ".workflow/config.json",
                "{\"agents\": {\"allowed\": [\"claude\", \"codex\"]},"
                        + " \"repo\": {\"url\": \"https://github.com/acme/app\"}}");
        CliRun.Result r = wb("preflight");
        assertEquals(0, r.code(), r::toString);
        List<String> lines = r.out().lines().toList();
        assertEquals("env: SKIP (no env-file)", lines.get(0));
        assertEquals(
                "claude: OK — claude 2.1.210 available (version=2.1.210, auth=logged_in (claude.ai))", lines.get(1));
        assertEquals(
                "codex: isolation smoke OK — codex permission profiles: OS-enforced for workspace-write and read-only"
                        + " nodes (empty MCP inventory)",
                lines.get(5));
        assertTrue(lines.contains("gh-repo-pin: OK — every gh call pinned to acme/app (from repo.url)"), r::toString);
        assertTrue(lines.contains("checks: no command_sets configured (no quality gate)"));
        assertEquals("telegram: SKIP (disabled)", lines.get(lines.size() - 2));
        assertEquals("preflight: ready", lines.get(lines.size() - 1));
        assertEquals("", r.err());

        List<EventEnvelope> events = events();
        assertEquals(1, events.size());
        JsonNode payload = events.get(0).payload().json();
        assertEquals("ready", payload.get("verdict").textValue());
        assertEquals(0, payload.get("failures").intValue());
        assertEquals(lines.size() - 1, payload.get("lines").size(), "every line but the verdict");
        assertTrue(payload.get("envFile").isNull());
        assertTrue(payload.get("paidProbe").isNull());
    }

    @Test
    void a_fail_line_exits_7_with_an_error_and_a_fix() {
        repo.write(".workflow/config.json", "{\"agents\": {\"allowed\": [\"claude\"]}}");
        FakeProviders.claude(bin, Login.LOGGED_OUT, PaidProbe.ENFORCE);
        CliRun.Result r = wb("preflight");
        assertEquals(7, r.code(), r::toString);
        assertTrue(r.out().endsWith("preflight: not ready — 1 failure(s)\n"), r::toString);
        assertTrue(r.err().startsWith("error: preflight: not ready — 1 failure(s)\n  fix: "), r::toString);
        assertEquals(
                "not ready", events().get(0).payload().json().get("verdict").textValue());
    }

    @Test
    void a_missing_named_env_file_is_a_fail_line_not_a_usage_error() {
        CliRun.Result r = wb("preflight", "--env-file", "missing.env");
        assertEquals(7, r.code(), r::toString);
        assertTrue(r.out().startsWith("env: FAIL — env-file not found: " + repo.resolve("missing.env")), r::toString);
    }

    @Test
    void an_env_file_no_path_can_be_made_of_is_a_usage_error_not_a_crash() {
        CliRun.Result r = wb("preflight", "--env-file", "a\u0000b.env");
        assertEquals(2, r.code(), r::toString);
        assertTrue(r.err().startsWith("error: --env-file is not a usable path"), r::toString);
        assertTrue(r.err().contains("  fix: "), r::toString);
        assertFalse(r.err().contains("Exception"), r::toString);
    }

    @Test
    void commands_too_long_for_one_event_still_leave_a_whole_report_and_a_shortened_event() {
        String longScript = "true; ".repeat(2_500);
        StringBuilder commands = new StringBuilder();
        for (int i = 0; i < 10; i++) {
            commands.append(i == 0 ? "" : ", ")
                    .append("[\"sh\", \"-c\", \"")
                    .append(longScript)
                    .append(": ")
                    .append(i)
                    .append("\"]");
        }
        repo.write(
                ".workflow/config.json",
                "{\"agents\": {\"allowed\": [\"claude\"]}, \"checks\":"
                        + " {\"command_sets\": {\"long\": {\"commands\": [" + commands + "]}}}}");

        CliRun.Result r = wb("preflight");

        assertTrue(r.code() == 0 || r.code() == 7, r::toString);
        assertFalse(r.err().contains("exceeds the log's limit"), r::toString);
        assertTrue(r.out().contains(longScript + ": 9"), "the printed report stays whole");
        List<EventEnvelope> events = events();
        assertEquals(1, events.size(), "the run is recorded");
        JsonNode payload = events.get(0).payload().json();
        assertTrue(payload.toString().length() < 120 * 1024, "fits the log");
        String printed = r.out()
                .lines()
                .filter(l -> l.startsWith("  long (paths: always): "))
                .findFirst()
                .orElseThrow();
        String recorded = null;
        for (JsonNode line : payload.get("lines")) {
            if (line.get("text").asText().startsWith("  long (paths: always): ")) {
                recorded = line.get("text").asText();
            }
        }
        assertTrue(recorded != null && recorded.length() < printed.length(), "the long line is shortened");
        assertTrue(
                recorded.matches("(?s).*… \\[\\d+ characters omitted] ….*") && recorded.endsWith(": 9"),
                "keeping its ends and saying what it left out");
    }

    @Test
    void an_unusable_config_exits_3_and_is_still_recorded() {
        repo.write(".workflow/config.json", "{\"securty\": {}}");
        CliRun.Result r = wb("preflight");
        assertEquals(3, r.code(), r::toString);
        assertTrue(r.err().startsWith("error: "), r::toString);
        assertTrue(r.err().contains("  fix: "), r::toString);
        assertEquals("", r.out());
        JsonNode payload = events().get(0).payload().json();
        assertEquals("config", payload.at("/lines/0/subject").textValue());
        assertEquals("FAIL", payload.at("/lines/0/verdict").textValue());
    }

    @Test
    void an_unknown_option_is_a_usage_error() {
        CliRun.Result r = wb("preflight", "--paid");
        assertEquals(2, r.code(), r::toString);
        assertTrue(r.err().startsWith("error: "), r::toString);
        assertTrue(events().isEmpty());
    }

    @Test
    void help_names_the_options_and_the_exit_codes() {
        CliRun.Result r = wb("preflight", "--help");
        assertEquals(0, r.code(), r::toString);
        assertTrue(r.out().contains("--env-file=FILE"), r.out());
        assertTrue(r.out().contains("--paid-isolation-probe"), r.out());
        assertTrue(
                r.out().contains("Exit codes: 0 ready, 7 not ready (a FAIL line), 3 unusable config.json, 2 usage."),
                r.out());
    }

    @Test
    void json_is_one_document_with_the_documented_fields() {
        repo.write(".workflow/config.json", "{}");
        CliRun.Result r = wb("preflight", "--json");
        assertEquals(0, r.code(), r::toString);
        JsonNode doc = r.json();
        assertEquals(
                List.of("lines", "verdict", "failures", "warnings", "envFile", "paidProbe"),
                iterable(doc.fieldNames()));
        assertEquals("env", doc.at("/lines/0/subject").textValue());
        assertEquals("SKIP", doc.at("/lines/0/verdict").textValue());
        assertEquals("env: SKIP (no env-file)", doc.at("/lines/0/text").textValue());
        assertEquals("ready", doc.get("verdict").textValue());
    }

    @Test
    void no_secret_reaches_stdout_stderr_json_the_event_or_the_probe_evidence() throws IOException {
        repo.write(
                ".workflow/config.json",
                "{\"agents\": {\"allowed\": [\"claude\", \"codex\"]}, \"security\":"
                        + " {\"strict_isolation\": true}, \"telegram\": {\"enabled\": true, \"bot_token\": \""
                        + BOT_TOKEN
                        + "\", \"chat_id\": \"42\"}}");
        repo.write(".workflow/.env", "API_TOKEN=" + ENV_SECRET + "\nWB_FAKE_ECHO=" + ENV_SECRET + "\n");
        FakeProviders.sandboxHelpers(bin);
        FakeProviders.claude(bin, Login.LOGGED_IN, PaidProbe.LEAK);
        FakeProviders.codex(bin, Login.LOGGED_IN, Sandbox.REJECT_PROFILE);

        CliRun.Result text = wb("preflight", "--paid-isolation-probe");
        CliRun.Result json = wb("preflight", "--paid-isolation-probe", "--json");

        assertTrue(text.out().contains("env: OK — loaded 2 variable(s) from "), text::toString);
        assertTrue(text.out().contains("claude: paid isolation probe FAIL — not enforcing"), text::toString);
        assertEquals(7, json.code(), json::toString);
        String evidence = Files.readString(repo.resolve(".workflow/local/preflight/claude-paid-isolation-probe.json"));
        assertTrue(evidence.contains("[redacted]"), evidence);
        StringBuilder everything = new StringBuilder(text.out())
                .append(text.err())
                .append(json.out())
                .append(json.err())
                .append(evidence);
        events().forEach(e -> everything.append(e.payload().json().toString()));
        assertEquals(2, events().size());
        for (String secret : List.of(ENV_SECRET, BOT_TOKEN, "telegram-bot-token-secret")) {
            assertFalse(everything.toString().contains(secret), secret + " leaked");
        }
    }

    @Test
    void a_telegram_token_named_by_a_variable_fails_preflight_by_name_until_set_and_is_never_printed() {
        repo.write(
                ".workflow/config.json",
                "{\"agents\": {\"allowed\": [\"claude\", \"codex\"]}, \"repo\": {\"url\":"
                        + " \"https://github.com/acme/app\"}, \"telegram\": {\"enabled\": true,"
                        + " \"bot_token_env\": \"TG_BOT\", \"chat_id\": \"42\"}}");

        CliRun.Result unset = wb("preflight");
        env.put("TG_BOT", BOT_TOKEN);
        CliRun.Result set = wb("preflight");
        CliRun.Result shown = wb("config", "show");

        assertEquals(7, unset.code(), unset::toString);
        assertTrue(unset.out().contains("telegram: FAIL — env var(s) not set: TG_BOT (named by"), unset::toString);
        assertTrue(unset.out().endsWith("preflight: not ready — 1 failure(s)\n"), unset::toString);
        assertTrue(unset.err().startsWith("error: preflight: not ready"), unset::toString);
        assertEquals(0, set.code(), set::toString);
        assertTrue(set.out().contains("telegram: OK (configured;"), set::toString);
        assertTrue(shown.out().contains("telegram.bot_token_env = \"TG_BOT\""), shown::toString);
        for (CliRun.Result r : List.of(unset, set, shown)) {
            assertFalse((r.out() + r.err()).contains("telegram-bot-token-secret"), r::toString);
        }
    }

    @Test
    void a_malformed_flow_changes_nothing() {
        repo.write(".workflow/config.json", "{}");
        String before = wb("preflight").out();
        repo.write(".workflow/flows/x.yaml", "nodes: [unclosed\n  - : :\n");
        CliRun.Result after = wb("preflight");
        assertEquals(0, after.code(), after::toString);
        assertEquals(before, after.out());
    }

    private static List<String> iterable(java.util.Iterator<String> it) {
        List<String> out = new java.util.ArrayList<>();
        it.forEachRemaining(out::add);
        return out;
    }
}
