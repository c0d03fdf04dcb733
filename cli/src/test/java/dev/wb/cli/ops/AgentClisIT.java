package dev.wb.cli.ops;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import dev.wb.testkit.AgentClis;
import dev.wb.testkit.TempGitRepo;
import java.io.File;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.TimeUnit;
import java.util.stream.Stream;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * {@code bin/wb run} against the real agent CLIs, Claude Code and Codex as npm installs them, in a real
 * repository with a one-node flow: what each CLI does when it is not logged in, has no network or no
 * sandbox, and what wb records of it. Nothing here reaches the network or a login: each test has a HOME
 * and a CODEX_HOME of its own under its temporary folder, Codex's endpoint is a closed local port
 * ({@code openai_base_url} in {@code agents.providers.codex.args}) and so is Claude's
 * ({@code ANTHROPIC_BASE_URL} in {@code security.extra_environment}).
 *
 * <p>The CLIs are found in {@code WB_AGENT_CLIS} (environment, else the system property
 * {@code wb.agent.clis}): the {@code node_modules/.bin} of {@code npm install --prefix DIR
 * @openai/codex@0.171.0 @anthropic-ai/claude-code@2.1.197}. Without it, or without both CLIs there, every
 * test is skipped and says why on stderr.
 */
class AgentClisIT {

    private static final Path WB =
            Path.of(System.getProperty("user.dir")).getParent().resolve("bin/wb");
    private static final ObjectMapper JSON = new ObjectMapper();
    private static final String KEY = "ABC-1";
    /** A closed local port: nothing listens on discard. */
    private static final String CLOSED = "http://127.0.0.1:9";

    private static final String FLOW = """
            flow:
              name: solo
              task_type: solo
              permission_ceiling: read-only
              output_policy: code_change
              publishing: none
              nodes:
                - {id: ask, kind: agent, provider: %s, role_file: roles/ask.md, permission_profile: read-only, timeout_seconds: %d}
              edges: []
            """;

    @TempDir
    Path tmp;

    Path clis;
    TempGitRepo repo;
    Path marker;
    int calls;

    /**
     * The folder of the real CLIs, or the test is skipped with the reason printed (under CI it fails
     * instead, unless the npm registry could not be reached: {@link AgentClis}).
     */
    static Path agentClis() {
        AgentClis.require("claude");
        return AgentClis.require("codex").getParent().toAbsolutePath();
    }

    @BeforeEach
    void setUp() throws IOException {
        clis = agentClis();
        repo = TempGitRepo.create(tmp, "repo");
        repo.write("src/app.py", "value = 1\n");
        repo.write(".workflow/flows/roles/ask.md", "Say hello for {task_id}.\n");
        repo.commitAll("app");
        Files.createDirectories(tmp.resolve("home"));
        Files.createDirectories(tmp.resolve("codex-home"));
        marker = tmp.resolve("hook-ran");
    }

    /** The workspace's config: both CLIs by their real paths, never at a real endpoint. */
    private void config(boolean strict, boolean readIsolationOff, String codexAuth, String claudeAuth) {
        repo.write(".workflow/config.json", """
                {"agents": {"allowed": ["claude", "codex"], "primary": "claude",
                            "providers": {
                              "claude": {"command": "%s", "auth_env": [%s]},
                              "codex": {"command": "%s", "auth_env": [%s], "offline_seconds": 5,
                                        "args": ["-c", "openai_base_url=\\"%s/v1\\""]}}},
                 "security": {"strict_isolation": %s, "disable_read_isolation": %s,
                              "allowed_environment": ["PATH", "HOME", "CODEX_HOME"],
                              "extra_environment": {"ANTHROPIC_BASE_URL": "%s"}}}
                """.formatted(
                        clis.resolve("claude"),
                        claudeAuth,
                        clis.resolve("codex"),
                        codexAuth,
                        CLOSED,
                        strict,
                        readIsolationOff,
                        CLOSED));
    }

    private void flow(String provider, int timeoutSeconds) {
        repo.write(".workflow/flows/solo.yaml", FLOW.formatted(provider, timeoutSeconds));
    }

    /** What a bin/wb process did, and how long it took. */
    record Ran(int code, String out, String err, Duration took) {
        @Override
        public String toString() {
            return "exit " + code + " in " + took.toMillis() + " ms\n--- stdout\n" + out + "--- stderr\n" + err;
        }
    }

    /**
     * {@code bin/wb <args>} in the repository, with an environment of the test's own only: the JVM's PATH
     * (git, node, java), its JDK, HOME and CODEX_HOME under the temporary folder, and {@code extra}.
     */
    private Ran wb(Map<String, String> extra, String... args) throws IOException, InterruptedException {
        int n = ++calls;
        Path out = tmp.resolve("wb-" + n + ".out");
        Path err = tmp.resolve("wb-" + n + ".err");
        List<String> argv = new ArrayList<>();
        argv.add(WB.toString());
        argv.addAll(List.of(args));
        ProcessBuilder builder = new ProcessBuilder(argv)
                .directory(repo.root().toFile())
                .redirectOutput(out.toFile())
                .redirectError(err.toFile())
                .redirectInput(ProcessBuilder.Redirect.from(new File("/dev/null")));
        Map<String, String> env = builder.environment();
        env.clear();
        env.put("PATH", System.getenv("PATH"));
        for (String name : List.of("JAVA_HOME", "WB_JAVA_HOME", "LANG", "LC_ALL")) {
            Optional.ofNullable(System.getenv(name)).ifPresent(v -> env.put(name, v));
        }
        env.putAll(TempGitRepo.gitEnvironment());
        env.put("GIT_CONFIG_NOSYSTEM", "1");
        env.put("WB_SERVER", "off");
        env.put("HOME", tmp.resolve("home").toString());
        env.put("CODEX_HOME", tmp.resolve("codex-home").toString());
        env.putAll(extra);
        long start = System.nanoTime();
        Process process = builder.start();
        if (!process.waitFor(300, TimeUnit.SECONDS)) {
            process.descendants().forEach(ProcessHandle::destroyForcibly);
            process.destroyForcibly();
            throw new AssertionError("wb " + String.join(" ", args) + " did not end in 300 s");
        }
        Duration took = Duration.ofNanos(System.nanoTime() - start);
        return new Ran(
                process.exitValue(),
                Files.readString(out, StandardCharsets.UTF_8),
                Files.readString(err, StandardCharsets.UTF_8),
                took);
    }

    private Ran run(Map<String, String> extra) throws IOException, InterruptedException {
        Ran run = wb(extra, "run", KEY, "--flow", "solo");
        System.err.println("AgentClisIT: " + run);
        return run;
    }

    /** The payload of the run's {@code node.finished}, from {@code wb replay KEY --json}. */
    private JsonNode finished() throws IOException, InterruptedException {
        Ran replay = wb(Map.of(), "replay", KEY, "--json");
        assertEquals(0, replay.code(), replay.toString());
        List<JsonNode> found = new ArrayList<>();
        for (String line : replay.out().lines().toList()) {
            JsonNode event = JSON.readTree(line);
            if (event.path("type").asText().equals("node.finished")) {
                found.add(event.path("payload"));
            }
        }
        assertEquals(1, found.size(), replay.out());
        assertEquals("ask", found.get(0).path("node").asText());
        return found.get(0);
    }

    /** Whether a program is on the JVM's PATH. */
    private static boolean onPath(String program) {
        return Stream.of(System.getenv("PATH").split(File.pathSeparator, -1))
                .anyMatch(dir -> !dir.isEmpty() && Files.isExecutable(Path.of(dir, program)));
    }

    /** A SessionStart hook in the repository's own Claude settings that leaves a mark outside it. */
    private void repositoryHook() {
        repo.write(".claude/settings.json", """
                {"hooks": {"SessionStart": [{"hooks": [{"type": "command", "command": "touch '%s'"}]}]}}
                """.formatted(marker));
        repo.commitAll("a repository hook");
    }

    @Test
    void claudes_repository_hooks_do_not_run_under_read_isolation() throws Exception {
        repositoryHook();
        config(true, false, "", "");
        flow("claude", 60);

        Ran run = run(Map.of());

        assertEquals(2, run.code(), run.toString());
        assertFalse(Files.exists(marker), "the repository's SessionStart hook ran: " + run);
        JsonNode node = finished();
        assertEquals("manual", node.path("outcome").asText(), node.toString());
        String reason = node.path("reason").asText();
        if (onPath("bwrap") && onPath("socat")) {
            // a host with Claude's sandbox: it starts, and stops at the login instead
            assertTrue(reason.contains("not logged in"), reason);
        } else {
            // sandbox.failIfUnavailable under strict isolation: Claude refuses to start, in its own words
            assertTrue(reason.contains("sandbox unavailable"), reason);
            assertTrue(reason.contains("sandbox required but unavailable"), reason);
        }
    }

    @Test
    void claudes_repository_hooks_do_run_when_read_isolation_is_off() throws Exception {
        repositoryHook();
        config(true, true, "", "");
        flow("claude", 60);

        Ran run = run(Map.of());

        assertEquals(2, run.code(), run.toString());
        // the control: the same repository, the same hook, and Claude runs it (before it refuses to start)
        assertTrue(Files.exists(marker), "the repository's SessionStart hook did not run: " + run);
        assertEquals("manual", finished().path("outcome").asText());
    }

    @Test
    void claude_without_a_login_fails_in_its_own_words_within_seconds() throws Exception {
        config(false, true, "", "");
        flow("claude", 600);

        Ran run = run(Map.of());

        assertEquals(2, run.code(), run.toString());
        JsonNode node = finished();
        assertEquals("manual", node.path("outcome").asText(), node.toString());
        String reason = node.path("reason").asText();
        assertTrue(reason.contains("not logged in"), reason);
        assertTrue(reason.contains("Not logged in · Please run /login"), reason);
        assertTrue(run.took().compareTo(Duration.ofSeconds(30)) < 0, run.toString());
    }

    @Test
    void codex_offline_fails_within_offline_seconds_not_after_its_time_limit() throws Exception {
        config(false, true, "\"CODEX_API_KEY\"", "");
        flow("codex", 600);

        Ran run = run(Map.of("CODEX_API_KEY", "fake"));

        assertEquals(2, run.code(), run.toString());
        JsonNode node = finished();
        assertEquals("manual", node.path("outcome").asText(), node.toString());
        String reason = node.path("reason").asText();
        assertTrue(reason.contains("no network"), reason);
        assertTrue(reason.contains("waiting for network"), reason);
        assertTrue(reason.contains("offline_seconds"), reason);
        assertTrue(run.took().compareTo(Duration.ofSeconds(60)) < 0, run.toString());
        assertTrue(node.path("durationMs").asLong() < 60_000, node.toString());
    }

    @Test
    void codex_not_logged_in_is_said_before_it_is_launched() throws Exception {
        config(false, true, "\"CODEX_API_KEY\"", "");
        flow("codex", 600);

        Ran run = run(Map.of());

        assertEquals(2, run.code(), run.toString());
        JsonNode node = finished();
        assertEquals("manual", node.path("outcome").asText(), node.toString());
        String reason = node.path("reason").asText();
        assertTrue(reason.contains("not logged in"), reason);
        assertTrue(reason.contains("codex login status: Not logged in"), reason);
        assertTrue(run.took().compareTo(Duration.ofSeconds(30)) < 0, run.toString());
        Ran replay = wb(Map.of(), "replay", KEY, "--json");
        assertFalse(replay.out().contains("node.launched"), "codex was launched: " + replay.out());
    }

    @Test
    void an_api_key_reaches_the_provider_only_when_auth_env_names_it_and_is_never_recorded() throws Exception {
        String key = "sk-ant-fake-XYZ";
        Map<String, String> withKey = Map.of("ANTHROPIC_API_KEY", key);
        config(false, true, "", "");
        flow("claude", 10);

        // not named: Claude never sees it, and says it is not logged in
        Ran unnamed = run(withKey);

        assertEquals(2, unnamed.code(), unnamed.toString());
        assertTrue(finished().path("reason").asText().contains("Not logged in"), unnamed.toString());

        // named: Claude is logged in by it and tries its endpoint (a closed port) until the node's limit
        config(false, true, "", "\"ANTHROPIC_API_KEY\"");
        Ran named = run(withKey);

        assertEquals(2, named.code(), named.toString());
        Ran replay = wb(Map.of(), "replay", KEY, "--json");
        List<JsonNode> reasons = new ArrayList<>();
        for (String line : replay.out().lines().toList()) {
            JsonNode event = JSON.readTree(line);
            if (event.path("type").asText().equals("node.finished")) {
                reasons.add(event.path("payload"));
            }
        }
        assertEquals(2, reasons.size(), replay.out());
        JsonNode second = reasons.get(1);
        assertEquals("manual", second.path("outcome").asText(), second.toString());
        assertFalse(
                second.path("reason").asText().toLowerCase(Locale.ROOT).contains("not logged in"), second.toString());
        assertTrue(second.path("reason").asText().contains("timed out after 10 s"), second.toString());
        assertTrue(named.took().compareTo(Duration.ofSeconds(60)) < 0, named.toString());

        // the key is in no file of the control home (the log, the content store) nor in what wb shows
        byte[] needle = key.getBytes(StandardCharsets.UTF_8);
        List<Path> holding = new ArrayList<>();
        try (Stream<Path> files = Files.walk(repo.resolve(".workflow"))) {
            for (Path file : files.filter(Files::isRegularFile).toList()) {
                if (contains(Files.readAllBytes(file), needle)) {
                    holding.add(file);
                }
            }
        }
        assertEquals(List.of(), holding);
        for (Ran shown : List.of(
                named,
                unnamed,
                replay,
                wb(Map.of(), "replay", KEY),
                wb(Map.of(), "status", KEY),
                wb(Map.of(), "status", KEY, "--json"))) {
            assertFalse((shown.out() + shown.err()).contains(key), shown.toString());
        }
    }

    private static boolean contains(byte[] haystack, byte[] needle) {
        outer:
        for (int i = 0; i + needle.length <= haystack.length; i++) {
            for (int j = 0; j < needle.length; j++) {
                if (haystack[i + j] != needle[j]) {
                    continue outer;
                }
            }
            return true;
        }
        return false;
    }
}
