package dev.wb.engine;

import java.util.Optional;

/**
 * The name of one event stream: a task key, or the workspace stream for actions that belong to no
 * task. No task key (a ticket, a number or an idea-/incident- slug) is the word {@code workspace}.
 */
public record StreamId(String name) {

    public static final String WORKSPACE_NAME = "workspace";
    private static final StreamId WORKSPACE = new StreamId(WORKSPACE_NAME);

    public StreamId {
        if (!WORKSPACE_NAME.equals(name)) {
            name = new TaskKey(name).value();
        }
    }

    public static StreamId task(TaskKey key) {
        return new StreamId(key.value());
    }

    public static StreamId workspace() {
        return WORKSPACE;
    }

    /** Parses a stream name as stored on disk or in an envelope; empty for anything else. */
    public static Optional<StreamId> parse(String name) {
        if (WORKSPACE_NAME.equals(name)) {
            return Optional.of(WORKSPACE);
        }
        return TaskKey.parse(name).map(StreamId::task);
    }

    public boolean isWorkspace() {
        return WORKSPACE_NAME.equals(name);
    }

    /** How a message names this stream: {@code task ABC-1} or {@code the workspace}. */
    public String describe() {
        return isWorkspace() ? "the workspace" : "task " + name;
    }

    @Override
    public String toString() {
        return name;
    }
}
