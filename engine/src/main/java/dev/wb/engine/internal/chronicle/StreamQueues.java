package dev.wb.engine.internal.chronicle;

import dev.wb.engine.LogUnavailableException;
import dev.wb.engine.StreamId;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.DirectoryStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.Iterator;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.Optional;
import java.util.function.Function;
import net.openhft.chronicle.bytes.SyncMode;
import net.openhft.chronicle.queue.RollCycles;
import net.openhft.chronicle.queue.impl.single.SingleChronicleQueue;
import net.openhft.chronicle.queue.impl.single.SingleChronicleQueueBuilder;

/**
 * The queues a log has open, one per stream under {@code <root>/streams/<name>/}, each opened on
 * first use. A queue this log appended to stays open until the log closes; of the queues only read,
 * the {@value #READ_QUEUES_KEPT} used last stay open and the eldest is closed beyond them, so a command
 * that reads every stream holds a bounded number of files open and mapped, not one pair a stream (a
 * queue maps its cycle file and its metadata file). A stream read again is opened again. Not
 * thread-safe: only the log's synchronized methods call it.
 */
final class StreamQueues {

    /** Small blocks keep a task's files a few hundred KiB apparent, tens of KiB on disk. */
    static final long BLOCK_SIZE = 512 * 1024;

    /**
     * How many queues only read stay open. Opening one again costs about half a millisecond; keeping it
     * costs its mapped pages (a stream's events read) and two file descriptors.
     */
    static final int READ_QUEUES_KEPT = 8;

    private final Path streamsDir;
    private final Duration lockTimeout;

    /** In access order, the least recently used first. */
    private final Map<String, OpenStream> open = new LinkedHashMap<>(16, 0.75f, true);

    StreamQueues(Path streamsDir, Duration lockTimeout) {
        this.streamsDir = streamsDir;
        this.lockTimeout = lockTimeout;
    }

    /**
     * What {@code reading} answers of the stream's queue, or empty where the stream has no cycle file
     * yet (nothing to read). The queue is not closed while {@code reading} runs, whatever it reads
     * meanwhile; after it, the eldest queues only read are closed beyond {@value #READ_QUEUES_KEPT}.
     */
    <T> Optional<T> read(StreamId stream, Function<OpenStream, T> reading) {
        Optional<OpenStream> found = existing(stream);
        if (found.isEmpty()) {
            return Optional.empty();
        }
        OpenStream s = found.get();
        s.readers++;
        try {
            return Optional.of(reading.apply(s));
        } finally {
            s.readers--;
            closeEldestRead();
        }
    }

    /** Closes the least recently used queues only read, not being read, beyond {@value #READ_QUEUES_KEPT}. */
    private void closeEldestRead() {
        int onlyRead = 0;
        for (OpenStream s : open.values()) {
            if (s.closable()) {
                onlyRead++;
            }
        }
        Iterator<OpenStream> eldestFirst = open.values().iterator();
        while (onlyRead > READ_QUEUES_KEPT && eldestFirst.hasNext()) {
            OpenStream s = eldestFirst.next();
            if (s.closable()) {
                eldestFirst.remove();
                s.close();
                onlyRead--;
            }
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

    /** The stream's queue, its folder created if need be, after checking it can be written. */
    OpenStream forWriting(StreamId stream) {
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

    void closeAll() {
        for (OpenStream s : open.values()) {
            s.close();
        }
        open.clear();
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
            OpenStream s = new OpenStream(stream, queue, dir);
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
}
