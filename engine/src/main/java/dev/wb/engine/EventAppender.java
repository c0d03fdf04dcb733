package dev.wb.engine;

import java.util.List;

/** The append role of the log. */
public interface EventAppender {

    /**
     * Appends a command's events as one batch: all of them land, in order, with contiguous versions,
     * or none does. The batch is on disk (synced) when this returns.
     *
     * @throws VersionConflictException when the stream is not at {@code expected}
     * @throws StreamBusyException when another writer holds the stream for too long
     */
    List<EventEnvelope> append(StreamId stream, ExpectedVersion expected, List<NewEvent> batch, Invocation invocation);
}
