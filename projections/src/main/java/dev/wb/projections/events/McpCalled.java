package dev.wb.projections.events;

import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.wb.engine.json.CanonicalJson;
import java.util.List;

/**
 * A tool of {@code wb mcp} (docs/MCP.md) was called: on the task's stream when the call named a KEY,
 * else on the workspace's. Argument values are never stored, only their names: a value may hold
 * anything an agent typed.
 *
 * @param tool the tool's name, like {@code sdd_audit}
 * @param arguments the names of the arguments the call gave, in name order
 * @param exitCode the exit code of the command the tool ran, or of wb's refusal to run it (2: not allowed
 *     or a bad argument; 1: the deadline passed)
 * @param durationMs how long the call took, in milliseconds
 */
public record McpCalled(String tool, List<String> arguments, int exitCode, long durationMs) implements WbEvent {

    static final String TOOL = "tool";
    static final String ARGUMENTS = "arguments";
    static final String EXIT_CODE = "exitCode";
    static final String DURATION_MS = "durationMs";

    public static final EventType<McpCalled> TYPE =
            EventType.of("mcp.called", List.of(TOOL, ARGUMENTS, EXIT_CODE, DURATION_MS), McpCalled::read);

    public McpCalled {
        arguments = List.copyOf(arguments);
    }

    @Override
    public EventType<McpCalled> eventType() {
        return TYPE;
    }

    @Override
    public ObjectNode payload() {
        ObjectNode p = CanonicalJson.objectNode();
        p.put(TOOL, tool);
        arguments.forEach(p.putArray(ARGUMENTS)::add);
        p.put(EXIT_CODE, exitCode);
        p.put(DURATION_MS, durationMs);
        return p;
    }

    private static McpCalled read(ObjectNode p) {
        return new McpCalled(
                p.path(TOOL).asText(),
                PayloadValues.texts(p.path(ARGUMENTS)),
                p.path(EXIT_CODE).asInt(),
                p.path(DURATION_MS).asLong());
    }
}
