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
import java.io.FilterInputStream;
import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CountDownLatch;

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

    private McpStdio() {}

    /** Serves until {@code stdin} ends (the client went away). */
    static void serve(ToolCalls calls, InputStream stdin, OutputStream stdout, String version)
            throws InterruptedException {
        CountDownLatch ended = new CountDownLatch(1);
        McpJsonMapper mapper = new JacksonMcpJsonMapper(new ObjectMapper());
        StdioServerTransportProvider transport =
                new StdioServerTransportProvider(mapper, watched(stdin, ended), stdout);
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
        try {
            ended.await();
        } finally {
            server.close();
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

    /** {@code stdin}, which counts {@code ended} down when it ends or fails. */
    private static InputStream watched(InputStream stdin, CountDownLatch ended) {
        return new FilterInputStream(stdin) {
            @Override
            public int read() throws IOException {
                return seen(readOrEnd(() -> super.read()));
            }

            @Override
            public int read(byte[] buffer, int offset, int length) throws IOException {
                return seen(readOrEnd(() -> super.read(buffer, offset, length)));
            }

            private int seen(int n) {
                if (n < 0) {
                    ended.countDown();
                }
                return n;
            }

            private int readOrEnd(Read read) throws IOException {
                try {
                    return read.read();
                } catch (IOException e) {
                    ended.countDown();
                    throw e;
                }
            }
        };
    }

    private interface Read {
        int read() throws IOException;
    }
}
