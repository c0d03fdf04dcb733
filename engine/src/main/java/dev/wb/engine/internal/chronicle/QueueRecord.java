package dev.wb.engine.internal.chronicle;

import net.openhft.chronicle.bytes.Bytes;
import net.openhft.chronicle.queue.ExcerptTailer;
import net.openhft.chronicle.wire.DocumentContext;

/**
 * One Chronicle record: a batch's frame, and the queue index it was read at. A class, not a record: a
 * record's equality would compare the frame array by identity.
 */
final class QueueRecord {

    private final byte[] frame;
    private final long index;

    private QueueRecord(byte[] frame, long index) {
        this.frame = frame;
        this.index = index;
    }

    /** The frame's bytes, owned by this record (the caller must not change them). */
    byte[] frame() {
        return frame;
    }

    long index() {
        return index;
    }

    /** The record at the tailer, which moves past it; null where no complete record follows. */
    static QueueRecord readNext(ExcerptTailer tailer) {
        try (DocumentContext dc = tailer.readingDocument()) {
            if (!dc.isPresent()) {
                return null;
            }
            Bytes<?> bytes = dc.wire().bytes();
            byte[] frame = new byte[(int) bytes.readRemaining()];
            bytes.read(frame);
            return new QueueRecord(frame, dc.index());
        }
    }
}
