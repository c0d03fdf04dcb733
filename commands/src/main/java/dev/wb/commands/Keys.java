package dev.wb.commands;

import dev.wb.commands.base.Failure;
import dev.wb.engine.StreamId;
import dev.wb.engine.TaskKey;
import dev.wb.engine.text.TerminalText;

/** Reads task keys as users type them. */
public final class Keys {

    private Keys() {}

    public static TaskKey task(String text) {
        return TaskKey.parse(text)
                .orElseThrow(() -> Failure.usage(
                        "malformed key: " + TerminalText.escape(text),
                        "a task key is a ticket like ABC-12, a number like 123, or idea-<slug> or incident-<slug>"
                                + " (lower-case letters, digits and dashes)"));
    }

    /** A task key, or the word {@code workspace} for the workspace's own stream. */
    public static StreamId stream(String text) {
        if (StreamId.WORKSPACE_NAME.equals(text)) {
            return StreamId.workspace();
        }
        return StreamId.task(task(text));
    }
}
