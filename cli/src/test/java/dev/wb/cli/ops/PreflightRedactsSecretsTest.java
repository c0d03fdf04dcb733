package dev.wb.cli.ops;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.wb.cli.testing.CliRun;
import dev.wb.testkit.FakeProviders;
import dev.wb.testkit.FakeProviders.Login;
import dev.wb.testkit.FakeProviders.PaidProbe;
import dev.wb.testkit.FakeProviders.Sandbox;
import dev.wb.testkit.TempGitRepo;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.stream.Stream;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Preflight keeps secrets out of what it prints and records, end to end (hardened in issue 13): real
 * repository, real processes, fake provider CLIs (wiring only, never OS enforcement).
 */
class PreflightRedactsSecretsTest {

    private static final String ENV_SECRET = "envfile-value-quoted-by-auth-status-9931";
    private static final String NAMED_SECRET = "named-env-file-value-quoted-8812";
    private static final String BOT_TOKEN = "777001:telegram-bot-token-in-preflight";

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
        FakeProviders.sandboxHelpers(bin);
        FakeProviders.claude(bin, Login.LOGGED_IN, PaidProbe.ENFORCE);
        FakeProviders.codex(bin, Login.LOGGED_IN, Sandbox.ENFORCE);
        env.put("PATH", bin.toString());
        env.put("HOME", tmp.resolve("home").toString());
        env.put("CODEX_HOME", tmp.resolve("codex-home").toString());
        env.putAll(TempGitRepo.gitEnvironment());
        repo.write(
                ".workflow/config.json",
                "{\"agents\": {\"allowed\": [\"claude\", \"codex\"]}, \"security\":"
                        + " {\"strict_isolation\": true}, \"telegram\": {\"enabled\": true, \"bot_token\": \""
                        + BOT_TOKEN
                        + "\", \"chat_id\": \"42\"}}");
    }

    private CliRun.Result wb(String... args) {
        return CliRun.wb(repo.root(), env, args);
    }

    /** Everything a run left for a person or a log to read: both streams of each run, the log, evidence. */
    private String everything(List<CliRun.Result> runs) {
        StringBuilder all = new StringBuilder();
        runs.forEach(r -> all.append(r.out()).append(r.err()));
        CliRun.Result replay = wb("replay", "workspace", "--json");
        assertEquals(0, replay.code(), replay::toString);
        assertTrue(replay.out().contains("preflight.completed"), replay::toString);
        all.append(replay.out());
        Path local = repo.resolve(".workflow/local/preflight");
        if (Files.isDirectory(local)) {
            try (Stream<Path> files = Files.walk(local)) {
                for (Path f : files.filter(Files::isRegularFile).toList()) {
                    all.append(Files.readString(f));
                }
            } catch (IOException e) {
                throw new UncheckedIOException(e);
            }
        }
        return all.toString();
    }

    @Test
    void item07_an_auth_status_text_quoting_an_env_file_value_is_redacted_everywhere() {
        // Defect: "a provider's auth status text carrying an env-file value is printed raw, in --json and in
        // the preflight.completed event".
        repo.write(".workflow/.env", "WB_FAKE_AUTH_ECHO=" + ENV_SECRET + "\n");

        CliRun.Result text = wb("preflight", "--paid-isolation-probe");
        CliRun.Result json = wb("preflight", "--paid-isolation-probe", "--json");

        assertTrue(
                text.out()
                        .contains("claude: OK — claude 2.1.210 available (version=2.1.210, auth=logged_in"
                                + " (claude.ai [redacted]))"),
                text::toString);
        assertEquals(text.code(), json.code(), json::toString);
        String all = everything(List.of(text, json));
        assertFalse(all.contains(ENV_SECRET), all);
        assertFalse(all.contains(BOT_TOKEN), all);
    }

    @Test
    void item07_a_named_env_file_value_quoted_by_a_provider_is_redacted_everywhere() {
        // Defect: the same leak through the env-file named with --env-file.
        Path named = tmp.resolve("agents.env");
        try {
            Files.writeString(named, "WB_FAKE_AUTH_ECHO=" + NAMED_SECRET + "\n");
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }

        CliRun.Result text = wb("preflight", "--env-file", named.toString());
        CliRun.Result json = wb("preflight", "--env-file", named.toString(), "--json");

        assertTrue(text.out().contains("auth=logged_in (claude.ai [redacted])"), text::toString);
        String all = everything(List.of(text, json));
        assertFalse(all.contains(NAMED_SECRET), all);
    }

    @Test
    void item07_a_command_set_written_with_the_telegram_token_is_summarised_without_it() {
        // Defect: preflight's (and wb status's) command-set summary printed and recorded the token raw.
        repo.write(
                ".workflow/config.json",
                "{\"agents\": {\"allowed\": [\"claude\"]}, \"telegram\": {\"enabled\":"
                        + " true, \"bot_token\": \"" + BOT_TOKEN
                        + "\", \"chat_id\": \"42\"}, \"checks\": {\"command_sets\":"
                        + " {\"notify\": {\"commands\": [[\"tools/notify.sh\", \"" + BOT_TOKEN + "\"]]}}}}");

        CliRun.Result text = wb("preflight");
        CliRun.Result json = wb("preflight", "--json");
        CliRun.Result status = wb("status");
        CliRun.Result statusJson = wb("status", "--json");

        assertTrue(text.out().contains("  notify (paths: always): tools/notify.sh [redacted]"), text::toString);
        assertTrue(status.out().contains("  notify (paths: always): tools/notify.sh [redacted]"), status::toString);
        String all = everything(List.of(text, json, status, statusJson));
        assertFalse(all.contains(BOT_TOKEN), all);
    }
}
