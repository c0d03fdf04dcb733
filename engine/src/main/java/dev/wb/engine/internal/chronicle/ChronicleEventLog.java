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
        this.streamsDir = root.resolve("streams");
        this.lockTimeout = lockTimeout;
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
            while (true) {
                byte[] frame = readNext(tailer);
                if (frame == null) {
                    return;
                }
                for (EnvelopeCodec.StoredEvent stored : decode(stream, frame)) {
                    EventEnvelope envelope = toEnvelope(stream, stored);
                    if (envelope.version() != expectedVersion || !envelope.stream().equals(stream)) {
                        throw new LogDamagedException(stream, "expected version " + expectedVersion
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
            byte[] frame;
            while ((frame = readNext(tailer)) != null) {
                try {
                    EnvelopeCodec.decodeFrame(frame).forEach(visitor::event);
                } catch (EnvelopeCodec.FrameDamagedException e) {
                    visitor.damaged(e.getMessage());
                }
            }
        }
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

    @Override
    public synchronized List<EventEnvelope> append(StreamId stream, ExpectedVersion expected, List<NewEvent> batch,
            Invocation invocation) {
        OpenStream s = openForWriting(stream);
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
                throw new LogUnavailableException("cannot write the head of " + stream.describe() + ": "
                        + e.getMessage(), e);
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
        byte[] frame = s.lastFrame();
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

    private static byte[] readNext(ExcerptTailer tailer) {
        try (DocumentContext dc = tailer.readingDocument()) {
            if (!dc.isPresent()) {
                return null;
            }
            Bytes<?> bytes = dc.wire().bytes();
            byte[] frame = new byte[(int) bytes.readRemaining()];
            bytes.read(frame);
            return frame;
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
        return openQueue(stream, dir);
    }

    private OpenStream openQueue(StreamId stream, Path dir) {
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
            throw new LogUnavailableException("cannot open the log of " + stream.describe() + " in " + dir
                    + ": " + e.getMessage(), e);
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
            adopt();
            if (tailer == null) {
                tailer = queue.createTailer();
            }
            long end = tailer.toEnd().index();
            long lastIndex = queue.rollCycle().toSequenceNumber(end) > 0 ? end - 1 : queue.lastIndex();
            if (lastIndex < 0 || lastIndex == Long.MAX_VALUE) {
                return null;
            }
            if (!tailer.moveToIndex(lastIndex)) {
                return null;
            }
            return readNext(tailer);
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
