package dev.wb.commands.mcp;

import dev.wb.commands.EventService;
import dev.wb.commands.Session;
import dev.wb.engine.StreamId;
import dev.wb.engine.TaskKey;
import dev.wb.projections.events.McpCalled;
import java.util.Optional;

/**
 * What {@code wb mcp} (docs/MCP.md) records in the log: one {@code mcp.called} a tool call, through
 * {@link EventService} like every other event.
 */
public final class McpCalls {

    private McpCalls() {}

    /** Records {@code call} on the task's stream when it named one, else on the workspace's. */
    public static void record(Session session, Optional<TaskKey> task, McpCalled call) {
        StreamId stream = task.map(StreamId::task).orElse(StreamId.workspace());
        new EventService(session).record(stream, call);
    }
}
