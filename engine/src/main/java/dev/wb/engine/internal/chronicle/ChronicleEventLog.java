package dev.wb.engine.internal.chronicle;

import dev.wb.engine.BatchSealer;
import dev.wb.engine.BatchTooLargeException;
import dev.wb.engine.EnvelopeCodec;
import dev.wb.engine.EventEnvelope;
import dev.wb.engine.EventLog;
import dev.wb.engine.ExpectedVersion;
import dev.wb.engine.Invocation;
import dev.wb.engine.LogDamagedException;
import dev.wb.engine.LogUnavailableException;
import dev.wb.engine.NewEvent;
import dev.wb.engine.StreamBusyException;
import dev.wb.engine.StreamHead;
import dev.wb.engine.StreamId;
import dev.wb.engine.fs.AtomicFiles;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.DirectoryStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.function.Consumer;
import net.openhft.chronicle.bytes.Bytes;
import net.openhft.chronicle.bytes.SyncMode;
import net.openhft.chronicle.queue.ExcerptAppender;
import net.openhft.chronicle.queue.ExcerptTailer;
import net.openhft.chronicle.queue.RollCycles;
import net.openhft.chronicle.queue.impl.single.SingleChronicleQueue;
import net.openhft.chronicle.queue.impl.single.SingleChronicleQueueBuilder;
import net.openhft.chronicle.wire.DocumentContext;
import net.openhft.chronicle.wire.UnrecoverableTimeoutException;

/**
 * The event log on Chronicle Queue: one queue per stream under {@code <root>/streams/<name>/}, so
 * reading a task touches only that task's files, and appends to different tasks never share a lock.
 *
 * <p>An append takes the queue's cross-process write lock ({@code writingDocument()}), reads the
 * stream's last event with a backward tailer, checks the write condition, and writes the whole batch
 * as one document; any failure inside rolls the document back. Nothing but CPU work happens while the
 * lock is held. The batch is synced to disk before the append returns.
 *
 * <p>Chronicle appenders and tailers belong to one thread; every method that touches a queue is
 * synchronized, so a second thread is merely slow. Listing streams and reading head hints touch no
 * queue and take no lock.
 */
public final class ChronicleEventLog implements EventLog {

    /** Small blocks keep a task's files a few hundred KiB apparent, tens of KiB on disk. */
    static final long BLOCK_SIZE = 512 * 1024;

    /**
     * Chronicle takes records up to a quarter of a block; this leaves room for its own header. It
     * holds a batch of 100 typical events (about 630 bytes each, most of it the header).
     */
    static final int MAX_FRAME = 120 * 1024;

    private final Path streamsDir;
    private final Duration lockTimeout;
    private final long minFreeBytes;
    private final Map<String, OpenStream> open = new HashMap<>();

    /** The classes a first open initialises, in the order it would; failures are left to the real open. */
    private static final String[] PRELOAD = {
        "net.openhft.chronicle.core.Jvm",
        "net.openhft.posix.internal.PosixAPIHolder",
        "net.openhft.chronicle.wire.WireType",
        "net.openhft.chronicle.queue.impl.single.SingleChronicleQueueBuilder",
        "net.openhft.chronicle.queue.impl.single.SingleChronicleQueue",
        "net.openhft.chronicle.queue.impl.single.StoreAppender",
        "net.openhft.chronicle.queue.impl.single.StoreTailer",
    };

    /** Initialises Chronicle's classes without opening anything (see EventLogs.preloadInBackground). */
    public static void preload() {
        ClassLoader loader = ChronicleEventLog.class.getClassLoader();
        for (String name : PRELOAD) {
            try {
                Class.forName(name, true, loader);
            } catch (Throwable e) {
                // Not fatal here: the real open reports whatever is wrong, on the command's thread.
            }
        }
    }

    public ChronicleEventLog(Path root, Duration lockTimeout) {
        this(root, lockTimeout, StorageChecks.MIN_FREE_BYTES);
    }

    /** For tests that fill a disk: {@code minFreeBytes} 0 lets an append run into the full disk itself. */
    ChronicleEventLog(Path root, Duration lockTimeout, long minFreeBytes) {
        this.streamsDir = root.resolve("streams");
        this.lockTimeout = lockTimeout;
        this.minFreeBytes = minFreeBytes;
    }

    @Override
    public List<StreamId> streams() {
        if (!Files.isDirectory(streamsDir)) {
            return List.of();
        }
        List<StreamId> streams = new ArrayList<>();
        try (DirectoryStream<Path> dirs = Files.newDirectoryStream(streamsDir, Files::isDirectory)) {
            for (Path dir : dirs) {
                // A refused first append can leave an empty queue behind: it is not a stream. A
                // stream with a head hint has (or had, but for a crash) events: no need to open it.
                StreamId.parse(dir.getFileName().toString())
                        .filter(id -> HeadHint.exists(dir) || hasEvents(id))
                        .ifPresent(streams::add);
            }
        } catch (IOException e) {
            throw new LogUnavailableException("cannot list " + streamsDir + ": " + e.getMessage(), e);
        }
        streams.sort((a, b) -> a.name().compareTo(b.name()));
        return streams;
    }

    @Override
    public synchronized void forEach(StreamId stream, long fromVersion, Consumer<EventEnvelope> visitor) {
        Optional<OpenStream> s = existing(stream);
        if (s.isEmpty()) {
            return;
        }
        ExcerptTailer tailer = s.get().queue.createTailer();
        try {
            long expectedVersion = 0;
            Record record = null;
            while ((record = nextRecord(stream, s.get(), tailer, record)) != null) {
                for (EnvelopeCodec.StoredEvent stored : decode(stream, record.frame())) {
                    EventEnvelope envelope = toEnvelope(stream, stored);
                    if (envelope.version() != expectedVersion
                            || !envelope.stream().equals(stream)) {
                        throw new LogDamagedException(
                                stream,
                                "expected version " + expectedVersion
                                        + " of " + stream + " but found version " + envelope.version() + " of "
                                        + envelope.stream());
                    }
                    expectedVersion++;
                    if (envelope.version() >= fromVersion) {
                        visitor.accept(envelope);
                    }
                }
            }
        } finally {
            tailer.close();
        }
    }

    @Override
    public synchronized void forEachStored(StreamId stream, StoredVisitor visitor) {
        Optional<OpenStream> s = existing(stream);
        if (s.isEmpty()) {
            return;
        }
        try (ExcerptTailer tailer = s.get().queue.createTailer()) {
            Record record = null;
            while ((record = nextRecord(stream, s.get(), tailer, record)) != null) {
                try {
                    EnvelopeCodec.decodeFrame(record.frame()).forEach(visitor::event);
                } catch (EnvelopeCodec.FrameDamagedException e) {
                    visitor.damaged(e.getMessage());
                }
            }
        } catch (LogDamagedException e) {
            visitor.damaged(e.detail());
        }
    }

    /**
     * The record after {@code previous} (the first when it is null), or null at the stream's end. A
     * forward read stops at a record whose header reads as zero, which is also how the unwritten
     * rest of a file looks; so the end it reaches must be the end the queue's index knows (where an
     * append reads the head). Where the index names a later record, a header was erased: the records
     * after it would be hidden from readers while appends still saw them.
     */
    private Record nextRecord(StreamId stream, OpenStream s, ExcerptTailer tailer, Record previous) {
        Record next = readNext(tailer);
        if (next != null) {
            return next;
        }
        long readTo = previous == null ? -1 : previous.index();
        long last = s.lastIndex();
        if (last <= readTo) {
            return null;
        }
        next = readNext(tailer); // a record committed between the two reads: read on
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

    @Override
    public synchronized Optional<StreamHead> head(StreamId stream) {
        return existing(stream).flatMap(s -> readHead(stream, s));
    }

    /** Whether a stream without a head hint has events: this opens its queue, under the lock. */
    private synchronized boolean hasEvents(StreamId stream) {
        return existing(stream).map(OpenStream::hasEvents).orElse(false);
    }

    /**
     * Not synchronized: a hint is a small file read, so listing streams and reading hints never
     * waits for another thread that is opening a queue (loading Chronicle takes a few hundred ms).
     */
    @Override
    public Optional<StreamHead> headHint(StreamId stream) {
        Optional<StreamHead> hint = HeadHint.read(streamsDir.resolve(stream.name()));
        return hint.isPresent() ? hint : head(stream);
    }

    /**
     * Not synchronized, and opens no queue: a listing of the stream's cycle files and a stat of each
     * (name, size, inode, ctime: a change time no ordinary tool can set back), and the head hint.
     */
    @Override
    public Optional<String> storedStamp(StreamId stream) {
        Path dir = streamsDir.resolve(stream.name());
        StringBuilder stamp = new StringBuilder(96);
        // Filtered by hand: a glob is compiled into a regular expression on every call.
        try (DirectoryStream<Path> files = Files.newDirectoryStream(dir)) {
            List<Path> sorted = new ArrayList<>();
            files.forEach(file -> {
                if (file.getFileName().toString().endsWith(".cq4")) {
                    sorted.add(file);
                }
            });
            sorted.sort(null);
            for (Path file : sorted) {
                Map<String, Object> stat = Files.readAttributes(file, "unix:size,ino,ctime");
                stamp.append(file.getFileName())
                        .append(':')
                        .append(stat.get("size"))
                        .append(':')
                        .append(stat.get("ino"))
                        .append(':')
                        .append(stat.get("ctime"))
                        .append(';');
            }
        } catch (IOException | UnsupportedOperationException | IllegalArgumentException e) {
            return Optional.empty();
        }
        if (stamp.length() == 0) {
            return Optional.empty();
        }
        HeadHint.read(dir)
                .ifPresent(h ->
                        stamp.append("head:").append(h.version()).append(':').append(h.hash()));
        return Optional.of(stamp.toString());
    }

    @Override
    public synchronized List<EventEnvelope> append(
            StreamId stream, ExpectedVersion expected, List<NewEvent> batch, Invocation invocation) {
        OpenStream s = openForWriting(stream);
        StorageChecks.requireSpace(stream, s.dir, minFreeBytes);
        try {
            return append(stream, s, expected, batch, invocation);
        } catch (InternalError e) {
            // Chronicle's mapped write ran out of disk (SIGBUS): nothing was committed.
            throw StorageChecks.faulted(stream, s.dir, e);
        } catch (IllegalStateException e) {
            if (String.valueOf(e.getMessage()).contains("read-only")) {
                throw StorageChecks.readOnly(stream, s.dir, e);
            }
            throw e;
        }
    }

    private List<EventEnvelope> append(
            StreamId stream, OpenStream s, ExpectedVersion expected, List<NewEvent> batch, Invocation invocation) {
        List<EventEnvelope> sealed;
        boolean first;
        try (DocumentContext dc = s.appender().writingDocument()) {
            try {
                Optional<StreamHead> head = readHead(stream, s);
                first = head.isEmpty();
                BatchSealer.SealedBatch batchFrame = BatchSealer.sealFrame(stream, head, expected, batch, invocation);
                sealed = batchFrame.events();
                byte[] frame = batchFrame.frame();
                if (frame.length > MAX_FRAME) {
                    throw new BatchTooLargeException(stream, frame.length, MAX_FRAME);
                }
                if (!first) {
                    HeadHint.write(s.dir, batchFrame.head());
                }
                dc.wire().bytes().write(frame);
            } catch (IOException e) {
                dc.rollbackOnClose();
                throw new LogUnavailableException(
                        "cannot write the head of " + stream.describe() + ": " + e.getMessage(), e);
            } catch (RuntimeException | Error e) {
                dc.rollbackOnClose();
                throw e;
            }
        } catch (UnrecoverableTimeoutException e) {
            throw new StreamBusyException(stream, lockTimeout);
        }
        s.appender().sync();
        syncNewFiles(s, first);
        if (first) {
            writeFirstHint(stream, s, lastOf(sealed));
        }
        return sealed;
    }

    /**
     * msync makes a file's bytes durable, not its name: when an append created a stream's folder or
     * a new cycle file, the folders that name them are synced too (rare: once a stream, once a day).
     */
    private void syncNewFiles(OpenStream s, boolean firstBatch) {
        int cycle = s.appender().cycle();
        if (firstBatch || cycle != s.syncedCycle) {
            AtomicFiles.syncDirectory(s.dir);
            if (firstBatch) {
                AtomicFiles.syncDirectory(streamsDir);
            }
            s.syncedCycle = cycle;
        }
    }

    private static StreamHead lastOf(List<EventEnvelope> sealed) {
        EventEnvelope last = sealed.get(sealed.size() - 1);
        return new StreamHead(last.version(), last.hash());
    }

    /** After the first commit: failing here loses nothing (readers without a hint ask the log). */
    private static void writeFirstHint(StreamId stream, OpenStream s, StreamHead head) {
        try {
            HeadHint.writeFirst(s.dir, head);
        } catch (IOException e) {
            // The batch is committed and synced; only the shortcut for workspace views is missing.
        }
    }

    @Override
    public synchronized void close() {
        for (OpenStream s : open.values()) {
            s.close();
        }
        open.clear();
    }

    private Optional<StreamHead> readHead(StreamId stream, OpenStream s) {
        byte[] frame;
        try {
            frame = s.lastFrame();
        } catch (UnreadableLastRecord e) {
            throw new LogDamagedException(stream, e.getMessage());
        }
        if (frame == null) {
            return Optional.empty();
        }
        EnvelopeCodec.StoredEvent stored;
        try {
            stored = EnvelopeCodec.lastOfFrame(frame);
        } catch (EnvelopeCodec.FrameDamagedException e) {
            throw new LogDamagedException(stream, e.getMessage());
        }
        EventEnvelope last = toEnvelope(stream, stored);
        return Optional.of(new StreamHead(last.version(), last.hash()));
    }

    /** One Chronicle record: a batch's frame, and the queue index it was read at. */
    private record Record(byte[] frame, long index) {}

    private static Record readNext(ExcerptTailer tailer) {
        try (DocumentContext dc = tailer.readingDocument()) {
            if (!dc.isPresent()) {
                return null;
            }
            Bytes<?> bytes = dc.wire().bytes();
            byte[] frame = new byte[(int) bytes.readRemaining()];
            bytes.read(frame);
            return new Record(frame, dc.index());
        }
    }

    /** The queue's index names a last record that cannot be read. */
    private static final class UnreadableLastRecord extends RuntimeException {
        UnreadableLastRecord(long index) {
            super("the queue's index names a last record at index " + Long.toHexString(index)
                    + " that cannot be read: its header was erased (zeroed) or overwritten");
        }
    }

    private static List<EnvelopeCodec.StoredEvent> decode(StreamId stream, byte[] frame) {
        try {
            return EnvelopeCodec.decodeFrame(frame);
        } catch (EnvelopeCodec.FrameDamagedException e) {
            throw new LogDamagedException(stream, e.getMessage());
        }
    }

    private static EventEnvelope toEnvelope(StreamId stream, EnvelopeCodec.StoredEvent stored) {
        try {
            return stored.toEnvelope();
        } catch (EnvelopeCodec.FrameDamagedException | IllegalArgumentException e) {
            throw new LogDamagedException(stream, e.getMessage());
        }
    }

    private Optional<OpenStream> existing(StreamId stream) {
        OpenStream s = open.get(stream.name());
        if (s != null) {
            return Optional.of(s);
        }
        Path dir = streamsDir.resolve(stream.name());
        if (!holdsCycleFile(dir)) {
            return Optional.empty();
        }
        return Optional.of(openQueue(stream, dir));
    }

    private OpenStream openForWriting(StreamId stream) {
        OpenStream s = open.get(stream.name());
        if (s != null) {
            return s;
        }
        Path dir = streamsDir.resolve(stream.name());
        try {
            Files.createDirectories(dir);
        } catch (IOException e) {
            throw new LogUnavailableException("cannot create " + dir + ": " + e.getMessage(), e);
        }
        StorageChecks.requireWritable(stream, dir);
        return openQueue(stream, dir);
    }

    private OpenStream openQueue(StreamId stream, Path dir) {
        StorageChecks.requireReadableMetadata(stream, dir);
        try {
            SingleChronicleQueue queue = SingleChronicleQueueBuilder.binary(dir)
                    .rollCycle(RollCycles.FAST_DAILY)
                    .blockSize(BLOCK_SIZE)
                    .timeoutMS(lockTimeout.toMillis())
                    .syncMode(SyncMode.SYNC)
                    .build();
            OpenStream s = new OpenStream(queue, dir);
            open.put(stream.name(), s);
            return s;
        } catch (RuntimeException e) {
            throw StorageChecks.unopenable(stream, dir, e);
        } catch (InternalError e) {
            throw StorageChecks.faulted(stream, dir, e);
        }
    }

    private static boolean holdsCycleFile(Path dir) {
        if (!Files.isDirectory(dir)) {
            return false;
        }
        try (DirectoryStream<Path> files = Files.newDirectoryStream(dir, "*.cq4")) {
            return files.iterator().hasNext();
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    /** One stream's queue with the appender and backward tailer this thread reuses. */
    private static final class OpenStream {
        private final SingleChronicleQueue queue;
        private final Path dir;
        private ExcerptAppender appender;
        private int syncedCycle = Integer.MIN_VALUE;
        private ExcerptTailer tailer;

        OpenStream(SingleChronicleQueue queue, Path dir) {
            this.queue = queue;
            this.dir = dir;
        }

        /**
         * Chronicle appenders and tailers belong to the thread that made them. The log's methods are
         * synchronized, so a later thread may take them over; it must tell Chronicle so.
         */
        private Thread owner;

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

        boolean hasEvents() {
            long lastIndex = queue.lastIndex();
            return lastIndex >= 0 && lastIndex != Long.MAX_VALUE;
        }

        /**
         * The last complete record, or null for an empty queue. An incomplete one (being written) is
         * not seen. A forward tailer's {@code toEnd()} costs microseconds where
         * {@code queue.lastIndex()} costs a tenth of a millisecond, so that is the common path; the
         * start of a cycle (or an empty queue) falls back to {@code lastIndex()}.
         */
        byte[] lastFrame() {
            long lastIndex = lastIndex();
            if (lastIndex < 0) {
                return null;
            }
            Record last = tailer.moveToIndex(lastIndex) ? readNext(tailer) : null;
            if (last == null) {
                throw new UnreadableLastRecord(lastIndex);
            }
            return last.frame();
        }

        /** The index of the last complete record, or -1 for an empty queue. */
        long lastIndex() {
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
}
