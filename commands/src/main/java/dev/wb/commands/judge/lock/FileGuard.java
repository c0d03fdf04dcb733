package dev.wb.commands.judge.lock;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.channels.FileChannel;
import java.nio.channels.FileLock;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.time.Duration;
import java.util.function.Supplier;

/**
 * Serialises the few milliseconds in which wb processes look at a lock file and change it (create,
 * reclaim, break, release), so that two processes reclaiming one dead run's lock cannot both win. It
 * is an operating-system lock on a guard file beside the lock, which the kernel releases when its
 * holder dies: unlike the lock file itself it can never be left behind. The guard file stays; deleting
 * it would let two processes lock two different files of one name.
 *
 * <p>The OS lock is per process, so threads of one JVM queue on a monitor first.
 */
final class FileGuard {

    private static final Object IN_THIS_JVM = new Object();
    private static final Duration POLL = Duration.ofMillis(10);

    private FileGuard() {}

    /**
     * Runs the action while holding the guard.
     *
     * @throws GuardTimeout when another process held it for longer than {@code wait}
     */
    static <T> T hold(Path guardFile, Duration wait, Supplier<T> action) {
        synchronized (IN_THIS_JVM) {
            try {
                Files.createDirectories(guardFile.getParent());
                try (FileChannel channel =
                        FileChannel.open(guardFile, StandardOpenOption.CREATE, StandardOpenOption.WRITE)) {
                    FileLock lock = await(channel, guardFile, wait);
                    try {
                        return action.get();
                    } finally {
                        lock.release();
                    }
                }
            } catch (IOException e) {
                throw new UncheckedIOException("cannot use the lock guard " + guardFile + ": " + e.getMessage(), e);
            }
        }
    }

    private static FileLock await(FileChannel channel, Path guardFile, Duration wait) throws IOException {
        long deadline = System.nanoTime() + wait.toNanos();
        while (true) {
            FileLock lock = channel.tryLock();
            if (lock != null) {
                return lock;
            }
            if (System.nanoTime() - deadline >= 0) {
                throw new GuardTimeout(guardFile, wait);
            }
            try {
                Thread.sleep(POLL.toMillis());
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
                throw new GuardTimeout(guardFile, wait);
            }
        }
    }

    /** Another process held the guard far longer than any lock change takes: it is hung or stopped. */
    static final class GuardTimeout extends RuntimeException {
        GuardTimeout(Path guardFile, Duration wait) {
            super("another wb process has held " + guardFile + " for over " + wait.toSeconds()
                    + " s (a hung or stopped process)");
        }
    }
}
