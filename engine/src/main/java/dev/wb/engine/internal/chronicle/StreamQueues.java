package dev.wb.engine.internal.chronicle;

import dev.wb.engine.LogUnavailableException;
import dev.wb.engine.StreamId;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.DirectoryStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.HashMap;
import java.util.Map;
import java.util.Optional;
import net.openhft.chronicle.bytes.SyncMode;
import net.openhft.chronicle.queue.RollCycles;
import net.openhft.chronicle.queue.impl.single.SingleChronicleQueue;
import net.openhft.chronicle.queue.impl.single.SingleChronicleQueueBuilder;

/**
 * The queues a log has open, one per stream under {@code <root>/streams/<name>/}, each opened on
 * first use and kept until the log closes. Not thread-safe: only the log's synchronized methods
 * call it.
 */
final class StreamQueues {

    /** Small blocks keep a task's files a few hundred KiB apparent, tens of KiB on disk. */
    static final long BLOCK_SIZE = 512 * 1024;

    private final Path streamsDir;
    private final Duration lockTimeout;
    private final Map<String, OpenStream> open = new HashMap<>();

    StreamQueues(Path streamsDir, Duration lockTimeout) {
        this.streamsDir = streamsDir;
        this.lockTimeout = lockTimeout;
    }

    /** The stream's queue, or empty where the stream has no cycle file yet (nothing to read). */
    Optional<OpenStream> existing(StreamId stream) {
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
