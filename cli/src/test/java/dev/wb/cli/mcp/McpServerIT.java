package dev.wb.cli.mcp;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.wb.testkit.SamplePlan;
import dev.wb.testkit.TempGitRepo;
import dev.wb.testkit.TempGitRepo.ProcessResult;
import dev.wb.testkit.TempGitRepo.Processes;
import io.modelcontextprotocol.client.McpClient;
import io.modelcontextprotocol.client.McpSyncClient;
import io.modelcontextprotocol.client.transport.ServerParameters;
import io.modelcontextprotocol.client.transport.StdioClientTransport;
import io.modelcontextprotocol.json.jackson2.JacksonMcpJsonMapper;
import io.modelcontextprotocol.spec.McpSchema.CallToolRequest;
import io.modelcontextprotocol.spec.McpSchema.CallToolResult;
import io.modelcontextprotocol.spec.McpSchema.TextContent;
import io.modelcontextprotocol.spec.McpSchema.Tool;
import java.io.BufferedReader;
import java.io.IOException;
import java.io.InputStreamReader;
import java.io.OutputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * {@code wb mcp} as an agent host runs it: the real {@code bin/wb mcp} spawned by the MCP SDK's own
 * client over stdio in a real repository with a plan, its answers compared with the CLI's {@code --json}
 * for the same command, and each call found in {@code wb replay}.
 */
class McpServerIT {

    private static final Path HOME = Path.of(System.getProperty("user.dir")).getParent();
    private static final ObjectMapper JSON = new ObjectMapper();

    @TempDir
    Path tmp;

    private TempGitRepo repo;
    private Map<String, String> env;

    @BeforeEach
    void setUp() throws IOException {
        repo = TempGitRepo.create(tmp, "repo");
        repo.write("src/app.py", SamplePlan.APP_PY);
        repo.write("Makefile", "ok:\n\t@echo fine\n");
        repo.write(".workflow/.gitignore", "local/\n");
        repo.commitAll("app");
        repo.git("checkout", "-q", "-b", "task/ABC-1");
        repo.write(
                ".workflow/ABC-1/sdd.json",
                SamplePlan.of("ABC-1").verify("make -s ok").json());
        env = new HashMap<>(TempGitRepo.gitEnvironment());
        env.put("HOME", Files.createDirectories(tmp.resolve("home")).toString());
        env.put("PATH", HOME.resolve("bin") + ":" + System.getenv("PATH"));
        env.put("WB_SERVER", "off");
    }

    @Test
    void an_mcp_client_lists_the_tools_and_each_call_answers_the_clis_json_and_is_recorded() throws IOException {
        try (Session mcp = connect()) {
            List<Tool> tools = mcp.client.listTools().tools();
            List<String> names = tools.stream().map(Tool::name).toList();
            assertEquals(List.of("status", "next", "show", "sdd_audit", "impl_check", "judge_scope"), names);
            Tool audit = tools.get(names.indexOf("sdd_audit"));
            assertEquals("object", audit.inputSchema().get("type"));
            assertEquals(List.of("key"), audit.inputSchema().get("required"));
            assertEquals(false, audit.inputSchema().get("additionalProperties"));
            assertTrue(audit.description().contains("wb sdd audit KEY --json"), audit.description());

            // The CLI runs the same commands in a twin of the repository: both decide on the same state.
            Path twin = twin();
            CallToolResult audited = mcp.call("sdd_audit", Map.of("key", "ABC-1"));
            assertEquals(0, exitCode(audited), text(audited, 1));
            assertFalse(audited.isError());
            assertSameJson(cli(twin, "sdd", "audit", "ABC-1"), twin, text(audited, 0));

            repo.write("src/app.py", SamplePlan.APP_PY + "value = 2\n");
            Files.writeString(twin.resolve("src/app.py"), SamplePlan.APP_PY + "value = 2\n");
            CallToolResult checked = mcp.call("impl_check", Map.of("key", "ABC-1"));
            assertEquals(0, exitCode(checked), text(checked, 1));
            assertSameJson(cli(twin, "impl", "check", "ABC-1"), twin, text(checked, 0));

            // status records nothing: the CLI's run here, just before the call, sees the same history.
            String cliStatus = cli(repo.root(), "status", "ABC-1");
            CallToolResult status = mcp.call("status", Map.of("key", "ABC-1"));
            assertEquals(0, exitCode(status), text(status, 1));
            assertSameJson(cliStatus, repo.root(), text(status, 0));
        }
        List<JsonNode> calls = calls("ABC-1");
        assertEquals(List.of("sdd_audit", "impl_check", "status"), tools(calls));
        assertEquals(List.of("key"), texts(calls.get(0).at("/payload/arguments")));
        assertEquals(0, calls.get(1).at("/payload/exitCode").asInt());
        List<String> types = types("ABC-1");
        assertTrue(
                types.indexOf("plan.audited") < types.indexOf("mcp.called"),
                "the command's own events come first: " + types);
        ProcessResult replay = wb("replay", "ABC-1");
        assertTrue(replay.stdout().contains("tool sdd_audit (key) · exit 0"), replay.stdout());
    }

    @Test
    void a_tool_that_runs_commands_is_refused_without_mcp_allow_run_and_runs_with_it() throws IOException {
        try (Session mcp = connect()) {
            assertEquals(0, exitCode(mcp.call("sdd_audit", Map.of("key", "ABC-1"))));
            CallToolResult refused = mcp.call("impl_verify", Map.of("key", "ABC-1"));
            assertTrue(refused.isError());
            assertEquals(2, exitCode(refused));
            JsonNode error = JSON.readTree(text(refused, 0));
            assertTrue(error.get("error").asText().contains("mcp.allow_run is off"), error.toString());
            assertTrue(error.at("/fixes/0").asText().startsWith("wb config set mcp.allow_run true"), error.toString());
        }
        assertEquals(List.of("sdd_audit", "impl_verify"), tools(calls("ABC-1")));
        assertFalse(Files.exists(repo.resolve(".workflow/ABC-1/evidence.json")), "nothing ran");

        repo.write(".workflow/config.json", "{\"mcp\": {\"allow_run\": true}}\n");
        try (Session mcp = connect()) {
            List<String> names =
                    mcp.client.listTools().tools().stream().map(Tool::name).toList();
            assertTrue(names.containsAll(List.of("impl_verify", "judge_verify")), names.toString());
            CallToolResult verified = mcp.call("impl_verify", Map.of("key", "ABC-1"));
            assertEquals(0, exitCode(verified), text(verified, 1));
            assertEquals(
                    "pass", JSON.readTree(text(verified, 0)).path("verdict").asText(), text(verified, 0));
            assertTrue(Files.exists(repo.resolve(".workflow/ABC-1/evidence.json")));
        }
    }

    @Test
    void bad_arguments_are_refused_in_wbs_words_without_running_anything() throws IOException {
        repo.write(".workflow/config.json", "{\"mcp\": {\"allow_run\": true}}\n");
        try (Session mcp = connect()) {
            CallToolResult key = mcp.call("sdd_audit", Map.of("key", "../../etc"));
            assertEquals(2, exitCode(key));
            assertTrue(text(key, 1).contains("error: malformed key: \"../../etc\""), text(key, 1));
            assertTrue(text(key, 1).contains("  fix: a task key is a ticket like ABC-12"), text(key, 1));

            CallToolResult outside = mcp.call("judge_verify", Map.of("record", "../../etc/passwd"));
            assertEquals(2, exitCode(outside));
            assertTrue(text(outside, 1).contains("is outside the repository " + repo.root()), text(outside, 1));

            CallToolResult option = mcp.call("impl_check", Map.of("key", "ABC-1", "base", "--output=x"));
            assertEquals(2, exitCode(option));
            assertTrue(text(option, 1).contains("is not a git ref"), text(option, 1));

            CallToolResult unknown = mcp.call("status", Map.of("token", "s3cret"));
            assertEquals(2, exitCode(unknown));
            assertTrue(text(unknown, 1).contains("status takes no argument named \"token\""), text(unknown, 1));
            for (CallToolResult r : List.of(key, outside, option, unknown)) {
                assertFalse(text(r, 1).contains("Exception") || text(r, 1).contains("\tat "), text(r, 1));
            }
        }
        List<JsonNode> workspace = calls("workspace");
        assertEquals(List.of("sdd_audit", "judge_verify", "status"), tools(workspace));
        assertEquals(List.of("token"), texts(workspace.get(2).at("/payload/arguments")));
        List<JsonNode> task = calls("ABC-1");
        assertEquals(List.of("impl_check"), tools(task), "a call that names a valid key goes to its task");
        assertEquals(List.of("base", "key"), texts(task.get(0).at("/payload/arguments")));
        assertEquals(2, task.get(0).at("/payload/exitCode").asInt());
        assertFalse(wb("--json", "replay", "workspace").stdout().contains("s3cret"), "a value is never recorded");
    }

    @Test
    void when_stdin_closes_the_server_exits_and_stdout_held_protocol_messages_only() throws Exception {
        ProcessBuilder builder = new ProcessBuilder(HOME.resolve("bin/wb").toString(), "mcp")
                .directory(repo.root().toFile())
                .redirectError(tmp.resolve("stderr.txt").toFile());
        builder.environment().putAll(env);
        Process server = builder.start();
        OutputStream in = server.getOutputStream();
        try (BufferedReader out =
                new BufferedReader(new InputStreamReader(server.getInputStream(), StandardCharsets.UTF_8))) {
            in.write(("{\"jsonrpc\":\"2.0\",\"id\":1,\"method\":\"initialize\",\"params\":{\"protocolVersion\":"
                            + "\"2025-06-18\",\"capabilities\":{},\"clientInfo\":{\"name\":\"t\",\"version\":\"1\"}}}\n"
                            + "{\"jsonrpc\":\"2.0\",\"method\":\"notifications/initialized\"}\n"
                            + "{\"jsonrpc\":\"2.0\",\"id\":2,\"method\":\"tools/call\",\"params\":{\"name\":\"status\","
                            + "\"arguments\":{}}}\n")
                    .getBytes(StandardCharsets.UTF_8));
            in.flush();
            List<String> lines = new ArrayList<>();
            lines.add(out.readLine());
            lines.add(out.readLine());
            in.close();
            long closed = System.nanoTime();
            assertTrue(server.waitFor(10, TimeUnit.SECONDS), "wb mcp still runs 10 s after stdin closed");
            assertEquals(0, server.exitValue());
            assertTrue(System.nanoTime() - closed < TimeUnit.SECONDS.toNanos(10));
            for (String line = out.readLine(); line != null; line = out.readLine()) {
                lines.add(line);
            }
            for (String line : lines) {
                assertEquals("2.0", JSON.readTree(line).path("jsonrpc").asText(), "not a protocol message: " + line);
            }
            assertEquals(2, JSON.readTree(lines.get(1)).path("id").asInt(), lines.toString());
        } finally {
            server.destroyForcibly();
        }
        assertEquals("", Files.readString(tmp.resolve("stderr.txt")), "quiet by default");
    }

    @Test
    void a_line_that_is_no_message_is_dropped_with_a_warning_and_the_server_still_answers_and_exits() throws Exception {
        ProcessBuilder builder = new ProcessBuilder(HOME.resolve("bin/wb").toString(), "mcp")
                .directory(repo.root().toFile())
                .redirectError(tmp.resolve("stderr.txt").toFile())
                .redirectOutput(tmp.resolve("stdout.txt").toFile());
        builder.environment().putAll(env);
        Process server = builder.start();
        try {
            try (OutputStream in = server.getOutputStream()) {
                in.write(("not json\n{\"jsonrpc\":\"2.0\",\"id\":7,\"method\":\"initialize\",\"params\":"
                                + "{\"protocolVersion\":\"2025-06-18\",\"capabilities\":{},"
                                + "\"clientInfo\":{\"name\":\"t\",\"version\":\"1\"}}}\n")
                        .getBytes(StandardCharsets.UTF_8));
            }
            assertTrue(server.waitFor(20, TimeUnit.SECONDS), "wb mcp still runs after stdin closed");
        } finally {
            server.destroyForcibly();
        }
        List<String> out = Files.readAllLines(tmp.resolve("stdout.txt"));
        assertEquals(1, out.size(), out.toString());
        assertEquals(7, JSON.readTree(out.get(0)).path("id").asInt(), out.toString());
        String err = Files.readString(tmp.resolve("stderr.txt"));
        assertTrue(err.startsWith("warning: wb mcp ignored a line on stdin that is no JSON-RPC message\n  fix: "), err);
    }

    /** A client connected to a fresh {@code bin/wb mcp} in the repository. */
    private Session connect() {
        ServerParameters parameters = ServerParameters.builder(
                        HOME.resolve("bin/wb").toString())
                .args("mcp")
                .env(env)
                .build();
        Path dir = repo.root();
        StdioClientTransport transport =
                new StdioClientTransport(parameters, new JacksonMcpJsonMapper(new ObjectMapper())) {
                    @Override
                    protected ProcessBuilder getProcessBuilder() {
                        return new ProcessBuilder().directory(dir.toFile());
                    }
                };
        McpSyncClient client = McpClient.sync(transport)
                .requestTimeout(Duration.ofSeconds(60))
                .initializationTimeout(Duration.ofSeconds(30))
                .build();
        client.initialize();
        return new Session(client);
    }

    private record Session(McpSyncClient client) implements AutoCloseable {
        CallToolResult call(String tool, Map<String, Object> arguments) {
            return client.callTool(
                    CallToolRequest.builder(tool).arguments(arguments).build());
        }

        @Override
        public void close() {
            client.closeGracefully();
        }
    }

    private static String text(CallToolResult result, int index) {
        return ((TextContent) result.content().get(index)).text();
    }

    private static int exitCode(CallToolResult result) {
        return ((Number) result.meta().get("exitCode")).intValue();
    }

    private ProcessResult wb(String... args) {
        List<String> argv = new ArrayList<>(List.of(HOME.resolve("bin/wb").toString()));
        argv.addAll(List.of(args));
        return Processes.run(repo.root(), argv, env, 60);
    }

    private String cli(Path dir, String... args) {
        List<String> argv = new ArrayList<>(List.of(HOME.resolve("bin/wb").toString(), "--json"));
        argv.addAll(List.of(args));
        ProcessResult run = Processes.run(dir, argv, env, 60);
        assertEquals(0, run.exitCode(), run.stderr());
        return run.stdout();
    }

    /** A copy of the repository as it is now, its history and working tree. */
    private Path twin() {
        Path twin = tmp.resolve("twin");
        ProcessResult copy = Processes.run(tmp, List.of("cp", "-a", repo.root().toString(), twin.toString()), env, 60);
        assertEquals(0, copy.exitCode(), copy.stderr());
        return twin;
    }

    /**
     * The same document, once what differs from run to run is set aside: an event's id, time, hash and
     * its number in the stream (the server's stream also holds its mcp.called events), and the folder.
     */
    private void assertSameJson(String cli, Path cliRoot, String tool) throws IOException {
        assertEquals(
                normalised(JSON.readTree(cli.replace(cliRoot.toString(), "<repo>"))),
                normalised(JSON.readTree(tool.replace(repo.root().toString(), "<repo>"))),
                "tool:\n" + tool);
    }

    private static JsonNode normalised(JsonNode node) {
        if (node instanceof ObjectNode object) {
            for (Map.Entry<String, JsonNode> field : object.properties()) {
                if (runSpecific(field.getKey())) {
                    field.setValue(JSON.getNodeFactory().textNode("<run>"));
                } else {
                    normalised(field.getValue());
                }
            }
        } else if (node.isArray()) {
            node.forEach(McpServerIT::normalised);
        }
        return node;
    }

    private static boolean runSpecific(String name) {
        return List.of("time", "event", "eventId", "hash", "version", "durationMs")
                .contains(name);
    }

    /** The stream's events, from {@code wb --json replay} (one JSON line an event). */
    private List<JsonNode> events(String stream) throws IOException {
        List<JsonNode> events = new ArrayList<>();
        for (String line : wb("--json", "replay", stream).stdout().split("\n", -1)) {
            if (!line.isBlank()) {
                events.add(JSON.readTree(line));
            }
        }
        return events;
    }

    private List<JsonNode> calls(String stream) throws IOException {
        return events(stream).stream()
                .filter(e -> e.path("type").asText().equals("mcp.called"))
                .toList();
    }

    private List<String> types(String stream) throws IOException {
        return events(stream).stream().map(e -> e.path("type").asText()).toList();
    }

    private static List<String> tools(List<JsonNode> calls) {
        return calls.stream().map(c -> c.at("/payload/tool").asText()).toList();
    }

    private static List<String> texts(JsonNode array) {
        List<String> texts = new ArrayList<>();
        array.forEach(t -> texts.add(t.asText()));
        return texts;
    }
}
