package dev.wb.engine;

/**
 * A batch too big for one record. Events carry facts and digests; large content (command output,
 * diffs) is stored by digest beside the log, never in it.
 */
public final class BatchTooLargeException extends LogException {

    public BatchTooLargeException(StreamId stream, int bytes, int limit) {
        super("a batch of " + bytes + " bytes for " + stream.describe() + " exceeds the log's limit of " + limit
                + " bytes per batch");
    }
}
