package dev.wb.engine.internal.chronicle;

import dev.wb.engine.AppendedStreams;
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
import dev.wb.engine.StoredBatches;
import dev.wb.engine.StreamBusyException;
import dev.wb.engine.StreamHead;
import dev.wb.engine.StreamId;
import dev.wb.engine.fs.AtomicFiles;
import java.io.IOException;
import java.nio.file.DirectoryStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.function.Consumer;
import java.util.function.Function;
import net.openhft.chronicle.queue.ExcerptTailer;
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

    /**
     * Chronicle takes records up to a quarter of a block; this leaves room for its own header. It
     * holds a batch of 100 typical events (about 630 bytes each, most of it the header).
     */
    static final int MAX_FRAME = 120 * 1024;

    private final Path root;
    private final Path streamsDir;
    private final Duration lockTimeout;
    private final long minFreeBytes;
    private final StreamQueues queues;

    static {
        // Before any Chronicle class initialises: no `ldconfig -p` spawned on the way (NativeLookups).
        NativeLookups.skipLdconfig();
    }

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
        this.root = root;
        this.streamsDir = root.resolve("streams");
        this.lockTimeout = lockTimeout;
        this.minFreeBytes = minFreeBytes;
        this.queues = new StreamQueues(streamsDir, lockTimeout);
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
        queues.read(stream, s -> {
            visit(s, fromVersion, visitor);
            return s;
        });
    }

    private static void visit(OpenStream s, long fromVersion, Consumer<EventEnvelope> visitor) {
        StreamId stream = s.stream;
        try (ExcerptTailer tailer = s.queue.createTailer()) {
            long expectedVersion = 0;
            QueueRecord record = null;
            while ((record = s.nextRecord(tailer, record)) != null) {
                for (EnvelopeCodec.StoredEvent stored : s.decode(record.frame())) {
                    EventEnvelope envelope = s.toEnvelope(stored);
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
        }
    }

    @Override
    public synchronized void forEachStored(StreamId stream, StoredVisitor visitor) {
        queues.read(stream, s -> {
            visitStored(s, visitor);
            return s;
        });
    }

    private static void visitStored(OpenStream s, StoredVisitor visitor) {
        try (ExcerptTailer tailer = s.queue.createTailer()) {
            QueueRecord record = null;
            while ((record = s.nextRecord(tailer, record)) != null) {
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

    @Override
    public synchronized Optional<StreamHead> head(StreamId stream) {
        return queues.read(stream, OpenStream::head).flatMap(head -> head);
    }

    /** Whether a stream without a head hint has events: this opens its queue, under the lock. */
    private synchronized boolean hasEvents(StreamId stream) {
        return queues.read(stream, OpenStream::hasEvents).orElse(false);
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

    /** Not synchronized, and opens no queue: one small file read from the mark on (see {@link AppendJournal}). */
    @Override
    public Optional<AppendedStreams> appendedSince(String journal, long offset) {
        return AppendJournal.since(root, journal, offset);
    }

    /** Not synchronized, and opens no queue: the journal's first line and its last bytes. */
    @Override
    public Optional<AppendedStreams> appendMark() {
        return AppendJournal.end(root);
    }

    /** Not synchronized, and opens no queue (see {@link StoredStamp}). */
    @Override
    public Optional<String> storedStamp(StreamId stream) {
        return StoredStamp.of(streamsDir.resolve(stream.name()));
    }

    @Override
    public synchronized List<EventEnvelope> append(
            StreamId stream, ExpectedVersion expected, List<NewEvent> batch, Invocation invocation) {
        return write(stream, head -> BatchSealer.sealFrame(stream, head, expected, batch, invocation));
    }

    @Override
    public synchronized List<EventEnvelope> appendStored(
            StreamId stream, Optional<StreamHead> expected, List<EnvelopeCodec.StoredEvent> events) {
        return write(stream, head -> StoredBatches.seal(stream, head, expected, events));
    }

    private List<EventEnvelope> write(StreamId stream, Function<Optional<StreamHead>, BatchSealer.SealedBatch> sealer) {
        OpenStream s = queues.forWriting(stream);
        StorageChecks.requireSpace(stream, s.dir, minFreeBytes);
        try {
            return write(stream, s, sealer);
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

    private List<EventEnvelope> write(
            StreamId stream, OpenStream s, Function<Optional<StreamHead>, BatchSealer.SealedBatch> sealer) {
        List<EventEnvelope> sealed;
        boolean first;
        try (DocumentContext dc = s.appender().writingDocument()) {
            try {
                Optional<StreamHead> head = s.head();
                first = head.isEmpty();
                BatchSealer.SealedBatch batchFrame = sealer.apply(head);
                sealed = batchFrame.events();
                byte[] frame = batchFrame.frame();
                if (frame.length > MAX_FRAME) {
                    throw new BatchTooLargeException(stream, frame.length, MAX_FRAME);
                }
                if (!first) {
                    HeadHint.write(s.dir, batchFrame.head());
                }
                // After the hint, before the commit (AppendJournal): a reader that sees the line
                // finds the batch or a hint ahead of it, never an older head.
                AppendJournal.note(root, stream);
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
            writeFirstHint(s, lastOf(sealed));
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
    private static void writeFirstHint(OpenStream s, StreamHead head) {
        try {
            HeadHint.writeFirst(s.dir, head);
        } catch (IOException e) {
            // The batch is committed and synced; only the shortcut for workspace views is missing.
        }
    }

    @Override
    public synchronized void close() {
        queues.closeAll();
    }
}
