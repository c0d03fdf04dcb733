package dev.wb.engine;

import java.util.List;
import java.util.Optional;

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

    /**
     * Appends events another log sealed, exactly as they were stored (a verified copy of another
     * replica's chain, docs/adr/0010), as one batch: only where the stream ends at {@code expected},
     * each event the next version, linked to the one before and true to its hash.
     *
     * @throws VersionConflictException when the stream does not end at {@code expected}
     * @throws StoredBatches.BrokenChainException when an event does not continue the stream
     */
    default List<EventEnvelope> appendStored(
            StreamId stream, Optional<StreamHead> expected, List<EnvelopeCodec.StoredEvent> events) {
        throw new UnsupportedOperationException("this log does not take stored events");
    }
}
