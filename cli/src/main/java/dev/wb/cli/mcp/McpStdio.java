package dev.wb.cli.mcp;

import com.fasterxml.jackson.databind.ObjectMapper;
import io.modelcontextprotocol.json.McpJsonMapper;
import io.modelcontextprotocol.json.jackson2.JacksonMcpJsonMapper;
import io.modelcontextprotocol.server.McpServer;
import io.modelcontextprotocol.server.McpServerFeatures.SyncToolSpecification;
import io.modelcontextprotocol.server.McpSyncServer;
import io.modelcontextprotocol.server.transport.StdioServerTransportProvider;
import io.modelcontextprotocol.spec.McpSchema.CallToolResult;
import io.modelcontextprotocol.spec.McpSchema.Content;
import io.modelcontextprotocol.spec.McpSchema.ServerCapabilities;
import io.modelcontextprotocol.spec.McpSchema.TextContent;
import io.modelcontextprotocol.spec.McpSchema.Tool;
import java.io.FilterOutputStream;
import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.io.PrintStream;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Map;

/**
 * The MCP server of {@code wb mcp} on the official Java SDK (its stdio transport, Jackson 2): every
 * {@link McpTool} registered, the run tools hidden from the list while the config does not allow them,
 * each call answered by {@link ToolCalls}. The only class that names the SDK's types besides the tests,
 * so the SDK is loaded by this command alone.
 */
final class McpStdio {

    private static final String INSTRUCTIONS = "wb guards the changes coding agents make to this git repository."
            + " Each tool runs one wb command with --json and answers exactly its JSON document; the second"
            + " content item says the exit code and any error:/fix: lines. Exit 7 means the check failed.";

    /** How long what the client sent before closing stdin is given to be answered. */
    static final Duration DRAIN = Duration.ofSeconds(5);

    /** How long stdout stays quiet before the server takes everything as answered. */
    private static final Duration QUIET = Duration.ofSeconds(1);

    private McpStdio() {}

    /** Serves until {@code stdin} ends (the client went away). */
    static void serve(ToolCalls calls, InputStream stdin, PrintStream stdout, PrintStream stderr, String version)
            throws InterruptedException, IOException {
        ObjectMapper json = new ObjectMapper();
        McpJsonMapper mapper = new JacksonMcpJsonMapper(json);
        InputPump input = new InputPump(stdin, stderr, json);
        LastWrite written = new LastWrite(stdout);
        StdioServerTransportProvider transport = new StdioServerTransportProvider(mapper, input.sdkInput(), written);
        List<SyncToolSpecification> tools =
                Arrays.stream(McpTool.values()).map(tool -> spec(calls, tool)).toList();
        McpSyncServer server = McpServer.sync(transport)
                .serverInfo("wb", version)
                .jsonMapper(mapper)
                .instructions(INSTRUCTIONS)
                .capabilities(ServerCapabilities.builder().tools(false).build())
                .validateToolInputs(false)
                .tools(tools)
                .addToolFilter((context, tool) ->
                        McpTool.named(tool.name()).map(calls::offered).orElse(false))
                .build();
        input.start();
        try {
            input.ended().await();
            drain(calls, input, written);
        } finally {
            input.close();
            server.close();
        }
    }

    /**
     * Once stdin has ended, waits (at most {@link #DRAIN}) until what the client sent before it closed is
     * answered: nothing left unread, no call running, and stdout quiet for {@link #QUIET} since the last
     * message was handed over.
     */
    private static void drain(ToolCalls calls, InputPump input, LastWrite written)
            throws InterruptedException, IOException {
        long deadline = System.nanoTime() + DRAIN.toNanos();
        while (System.nanoTime() < deadline) {
            if (!input.pending() && !calls.busy() && written.quietSince(input.lastHanded(), QUIET)) {
                return;
            }
            Thread.sleep(50);
        }
    }

    /** The stream the SDK writes to, noting when it last wrote. */
    private static final class LastWrite extends FilterOutputStream {
        private volatile long last = System.nanoTime();

        LastWrite(OutputStream out) {
            super(out);
        }

        @Override
        public void write(int b) throws IOException {
            last = System.nanoTime();
            out.write(b);
        }

        @Override
        public void write(byte[] b, int off, int len) throws IOException {
            last = System.nanoTime();
            out.write(b, off, len);
        }

        /** Whether nothing was written for {@code span}, counted from {@code since} at the earliest. */
        boolean quietSince(long since, Duration span) {
            return System.nanoTime() - Math.max(last, since) >= span.toNanos();
        }
    }

    private static SyncToolSpecification spec(ToolCalls calls, McpTool tool) {
        Tool described = Tool.builder(tool.wireName(), tool.inputSchema())
                .description(tool.description())
                .build();
        return SyncToolSpecification.builder()
                .tool(described)
                .callHandler((exchange, request) -> result(calls.call(tool, request.arguments())))
                .build();
    }

    /** The command's JSON as the first content, its exit code (and stderr) as the second. */
    static CallToolResult result(ToolCalls.Answer answer) {
        List<Content> content = new ArrayList<>();
        content.add(TextContent.builder(answer.json()).build());
        content.add(TextContent.builder(
                        "exit code " + answer.exitCode() + (answer.stderr().isEmpty() ? "" : "\n" + answer.stderr()))
                .build());
        return CallToolResult.builder()
                .content(content)
                .isError(answer.exitCode() != 0)
                .meta(Map.of("exitCode", answer.exitCode()))
                .build();
    }
}
