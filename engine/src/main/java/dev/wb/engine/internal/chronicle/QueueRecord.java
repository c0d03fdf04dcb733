package dev.wb.engine.internal.chronicle;

import net.openhft.chronicle.bytes.Bytes;
import net.openhft.chronicle.queue.ExcerptTailer;
import net.openhft.chronicle.wire.DocumentContext;

/** One Chronicle record: a batch's frame, and the queue index it was read at. */
record QueueRecord(byte[] frame, long index) {

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
