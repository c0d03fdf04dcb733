package dev.wb.engine.internal.chronicle;

import dev.wb.engine.LogUnavailableException;
import dev.wb.engine.StreamId;
import java.io.IOException;
import java.io.InputStream;
import java.nio.file.Files;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;
import java.util.Arrays;
import java.util.List;

/**
 * What is checked before Chronicle touches a stream's files, and how Chronicle's own failures are
 * told to a user. Chronicle meets a full disk as a SIGBUS inside a memory-mapped write (a raw
 * {@link InternalError}, and it prints {@code /proc/self/maps} lines on stderr), a read-only folder
 * as an {@link IllegalStateException} at the first append, and a garbled metadata file as a lock it
 * waits ~10 s for. Each becomes a {@link LogUnavailableException} that says what happened and what to
 * do; none of them writes anything, so nothing is corrupted.
 */
final class StorageChecks {

    /** A queue's metadata file. */
    static final String METADATA = "metadata.cq4t";

    /**
     * The bytes that follow the 4-byte length of every metadata file this Chronicle writes: the
     * field name {@code header} and the type {@code STStore} in its binary wire (docs/CHRONICLE.md).
     */
    private static final byte[] METADATA_START = {
        (byte) 0xb9, 0x06, 'h', 'e', 'a', 'd', 'e', 'r', (byte) 0xb6, 0x07, 'S', 'T', 'S', 't', 'o', 'r', 'e'
    };

    /**
     * Below this much free space an append is refused before Chronicle maps anything: a record is at
     * most 120 KiB, a new cycle or stream takes a few pages more, and running out inside a mapped
     * write is the one failure Chronicle cannot word.
     */
    static final long MIN_FREE_BYTES = 1024 * 1024;

    private StorageChecks() {}

    /**
     * Refuses a metadata file that is not one: Chronicle would wait ~10 s for its lock, then fail.
     * Another process may be writing a new queue's metadata at this moment, so a file that does not
     * read right is read again for a moment before it is called damaged.
     */
    static void requireReadableMetadata(StreamId stream, Path dir) {
        Path file = dir.resolve(METADATA);
        for (int attempt = 0; ; attempt++) {
            byte[] start = start(dir, file);
            if (start == null || looksRight(start)) {
                return;
            }
            if (attempt == SETTLE_ATTEMPTS) {
                throw damagedMetadata(stream, file, null);
            }
            try {
                Thread.sleep(10);
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
                throw damagedMetadata(stream, file, e);
            }
        }
    }

    /** How often a metadata file that does not read right is read again, 10 ms apart. */
    private static final int SETTLE_ATTEMPTS = 30;

    /** The file's first bytes; null when there is no file (Chronicle makes one) or nothing written yet. */
    private static byte[] start(Path dir, Path file) {
        byte[] start = new byte[4 + METADATA_START.length];
        int read;
        try (InputStream in = Files.newInputStream(file)) {
            read = in.readNBytes(start, 0, start.length);
        } catch (NoSuchFileException e) {
            return null; // a new queue, or one whose metadata was moved aside: Chronicle rebuilds it
        } catch (IOException e) {
            throw new LogUnavailableException(
                    "cannot read " + file + ": " + e.getMessage(),
                    List.of("check that " + dir + " and its files can be read and written by this user"),
                    e);
        }
        boolean unwritten = read < 4 || (start[0] == 0 && start[1] == 0 && start[2] == 0 && start[3] == 0);
        return unwritten ? null : Arrays.copyOf(start, read);
    }

    private static boolean looksRight(byte[] start) {
        return start.length == 4 + METADATA_START.length
                && Arrays.equals(start, 4, start.length, METADATA_START, 0, METADATA_START.length);
    }

    /** The metadata file only indexes the cycle files beside it; Chronicle rebuilds a missing one. */
    static LogUnavailableException damagedMetadata(StreamId stream, Path file, Throwable cause) {
        return new LogUnavailableException(
                "the log of " + stream.describe() + " cannot be opened: its metadata file " + file + " is damaged",
                List.of(
                        "mv " + file + " " + file + ".damaged   (Chronicle's index of the"
                                + " log's files; wb rebuilds it from them, and no event is lost)",
                        "then run the command again"),
                cause);
    }

    /** Chronicle's lock on a metadata file could not be taken: a garbled file, or a stuck process. */
    static LogUnavailableException unopenable(StreamId stream, Path dir, RuntimeException e) {
        String message = String.valueOf(e.getMessage());
        if (message.contains("exclusive") && message.contains(METADATA)) {
            return new LogUnavailableException(
                    "the log of " + stream.describe() + " cannot be opened: " + message,
                    List.of("if no other wb command is running, the file is damaged: mv " + dir.resolve(METADATA) + " "
                            + dir.resolve(METADATA) + ".damaged   (wb rebuilds it; no event is lost)"),
                    e);
        }
        return new LogUnavailableException(
                "cannot open the log of " + stream.describe() + " in " + dir + ": " + message, e);
    }

    /** Refuses an append into a folder this process cannot write (a read-only mount, or another owner's files). */
    static void requireWritable(StreamId stream, Path dir) {
        if (!Files.isWritable(dir)) {
            throw readOnly(stream, dir, null);
        }
    }

    static LogUnavailableException readOnly(StreamId stream, Path dir, Throwable cause) {
        return new LogUnavailableException(
                "cannot append to the log of " + stream.describe() + ": " + dir + " is read-only for this user",
                List.of("make .workflow/local/ writable for the user running wb"
                        + " (ls -ld " + dir + "; chown or chmod u+w, or remount it read-write), then run the command"
                        + " again; nothing was recorded"),
                cause);
    }

    /** Refuses an append when the disk is (nearly) full, before anything is mapped. */
    static void requireSpace(StreamId stream, Path dir, long minFreeBytes) {
        long free = dir.toFile().getUsableSpace();
        if (free < minFreeBytes) {
            throw diskFull(
                    stream,
                    dir,
                    free + " bytes free, and wb needs " + minFreeBytes / 1024 + " KiB to append safely",
                    null);
        }
    }

    /** A write into the mapped file faulted: the disk filled up under it (or the file was cut short). */
    static LogUnavailableException faulted(StreamId stream, Path dir, InternalError e) {
        return diskFull(stream, dir, "a write to the log's memory-mapped file failed (" + e.getMessage() + ")", e);
    }

    private static LogUnavailableException diskFull(StreamId stream, Path dir, String detail, Throwable cause) {
        return new LogUnavailableException(
                "cannot append to the log of " + stream.describe() + ": the disk holding " + dir + " is full (" + detail
                        + ")",
                List.of("free space on that disk" + " (df -h " + dir
                        + "), then run the command again; nothing was recorded"),
                cause);
    }
}
