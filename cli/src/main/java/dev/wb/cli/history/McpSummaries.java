package dev.wb.cli.history;

import dev.wb.engine.EventEnvelope;
import dev.wb.engine.text.TerminalText;
import dev.wb.projections.events.McpCalled;

/** {@code wb replay}'s one-line summary of a {@code wb mcp} tool call ({@code mcp.called}); text escaped. */
final class McpSummaries {

    private McpSummaries() {}

    /** The summary of an {@code mcp.called}, or null for another type. */
    static String of(EventEnvelope event) {
        if (!McpCalled.TYPE.matches(event)) {
            return null;
        }
        McpCalled call = McpCalled.TYPE.read(event);
        return TerminalText.escape("tool " + call.tool()
                + (call.arguments().isEmpty() ? "" : " (" + String.join(", ", call.arguments()) + ")")
                + " · exit " + call.exitCode() + " in " + call.durationMs() + " ms");
    }
}
