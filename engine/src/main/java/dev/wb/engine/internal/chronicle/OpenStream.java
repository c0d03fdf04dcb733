package dev.wb.engine.internal.chronicle;

import dev.wb.engine.EnvelopeCodec;
import dev.wb.engine.EventEnvelope;
import dev.wb.engine.LogDamagedException;
import dev.wb.engine.StreamHead;
import dev.wb.engine.StreamId;
import java.nio.file.Path;
import java.util.List;
import java.util.Optional;
import net.openhft.chronicle.queue.ExcerptAppender;
import net.openhft.chronicle.queue.ExcerptTailer;
import net.openhft.chronicle.queue.impl.single.SingleChronicleQueue;

/**
 * One stream's queue with the appender and backward tailer this log reuses, and the reads of its
 * records: whatever cannot be read back as the stream's events is reported as {@link
 * LogDamagedException}.
 */
final class OpenStream {

    final StreamId stream;
    final SingleChronicleQueue queue;
    final Path dir;

    /** The cycle whose file's name an append last synced (see ChronicleEventLog.syncNewFiles). */
    int syncedCycle = Integer.MIN_VALUE;

    /** The reads of this queue under way (a visitor may read other streams meanwhile): it stays open. */
    int readers;

    private ExcerptAppender appender;
    private ExcerptTailer tailer;

    /**
     * Chronicle appenders and tailers belong to the thread that made them. The log's methods are
     * synchronized, so a later thread may take them over; it must tell Chronicle so.
     */
    private Thread owner;

    OpenStream(StreamId stream, SingleChronicleQueue queue, Path dir) {
        this.stream = stream;
        this.queue = queue;
        this.dir = dir;
    }

    private void adopt() {
        Thread current = Thread.currentThread();
        if (owner != current) {
            if (appender != null) {
                appender.singleThreadedCheckReset();
            }
            if (tailer != null) {
                tailer.singleThreadedCheckReset();
            }
            owner = current;
        }
    }

    ExcerptAppender appender() {
        adopt();
        if (appender == null) {
            appender = queue.createAppender();
        }
        return appender;
    }

    /** Whether the log may close this queue early: only read, and no read under way. */
    boolean closable() {
        return appender == null && readers == 0;
    }

    boolean hasEvents() {
        long lastIndex = queue.lastIndex();
        return lastIndex >= 0 && lastIndex != Long.MAX_VALUE;
    }

    /**
     * The record after {@code previous} (the first when it is null), or null at the stream's end. A
     * forward read stops at a record whose header reads as zero, which is also how the unwritten
     * rest of a file looks; so the end it reaches must be the end the queue's index knows (where an
     * append reads the head). Where the index names a later record, a header was erased: the records
     * after it would be hidden from readers while appends still saw them.
     */
    QueueRecord nextRecord(ExcerptTailer forward, QueueRecord previous) {
        QueueRecord next = QueueRecord.readNext(forward);
        if (next != null) {
            return next;
        }
        long readTo = previous == null ? -1 : previous.index();
        long last = lastIndex();
        if (last <= readTo) {
            return null;
        }
        next = QueueRecord.readNext(forward); // a record committed between the two reads: read on
        if (next != null) {
            return next;
        }
        throw new LogDamagedException(
                stream,
                "its records cannot be read past "
                        + (previous == null ? "the start" : "the record at index " + Long.toHexString(readTo))
                        + ", but the queue's index names a record at index " + Long.toHexString(last)
                        + ": a record's header was erased (zeroed) or overwritten, hiding the records after it");
    }

    /** The version and hash of the stream's last event, decoding only the last record's last event. */
    Optional<StreamHead> head() {
        byte[] frame = lastFrame();
        if (frame == null) {
            return Optional.empty();
        }
        EnvelopeCodec.StoredEvent stored;
        try {
            stored = EnvelopeCodec.lastOfFrame(frame);
        } catch (EnvelopeCodec.FrameDamagedException e) {
            throw new LogDamagedException(stream, e.getMessage());
        }
        EventEnvelope last = toEnvelope(stored);
        return Optional.of(new StreamHead(last.version(), last.hash()));
    }

    List<EnvelopeCodec.StoredEvent> decode(byte[] frame) {
        try {
            return EnvelopeCodec.decodeFrame(frame);
        } catch (EnvelopeCodec.FrameDamagedException e) {
            throw new LogDamagedException(stream, e.getMessage());
        }
    }

    EventEnvelope toEnvelope(EnvelopeCodec.StoredEvent stored) {
        try {
            return stored.toEnvelope();
        } catch (EnvelopeCodec.FrameDamagedException | IllegalArgumentException e) {
            throw new LogDamagedException(stream, e.getMessage());
        }
    }

    /**
     * The last complete record, or null for an empty queue. An incomplete one (being written) is
     * not seen. A forward tailer's {@code toEnd()} costs microseconds where
     * {@code queue.lastIndex()} costs a tenth of a millisecond, so that is the common path; the
     * start of a cycle (or an empty queue) falls back to {@code lastIndex()}.
     */
    private byte[] lastFrame() {
        long lastIndex = lastIndex();
        if (lastIndex < 0) {
            return null;
        }
        QueueRecord last = tailer.moveToIndex(lastIndex) ? QueueRecord.readNext(tailer) : null;
        if (last == null) {
            throw new LogDamagedException(
                    stream,
                    "the queue's index names a last record at index " + Long.toHexString(lastIndex)
                            + " that cannot be read: its header was erased (zeroed) or overwritten");
        }
        return last.frame();
    }

    /** The index of the last complete record, or -1 for an empty queue. */
    private long lastIndex() {
        adopt();
        if (tailer == null) {
            tailer = queue.createTailer();
        }
        long end = tailer.toEnd().index();
        long lastIndex = queue.rollCycle().toSequenceNumber(end) > 0 ? end - 1 : queue.lastIndex();
        return lastIndex < 0 || lastIndex == Long.MAX_VALUE ? -1 : lastIndex;
    }

    void close() {
        adopt();
        if (appender != null) {
            appender.close();
        }
        if (tailer != null) {
            tailer.close();
        }
        queue.close();
    }
}
