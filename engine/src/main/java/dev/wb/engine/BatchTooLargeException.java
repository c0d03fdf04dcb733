package dev.wb.engine;

/**
 * A batch too big for one record. Events carry facts and digests; large content (command output,
 * diffs) is stored by digest beside the log, never in it.
 */
public final class BatchTooLargeException extends LogException {

    public BatchTooLargeException(StreamId stream, int bytes, int limit) {
        super("what wb would record for " + stream.describe() + " takes " + bytes + " bytes, over the log's limit of "
                + limit + " bytes (" + limit / 1024 + " KiB) per batch");
    }
}
