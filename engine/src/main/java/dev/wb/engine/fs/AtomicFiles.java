package dev.wb.engine.fs;

import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.channels.FileChannel;
import java.nio.file.AtomicMoveNotSupportedException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.nio.file.StandardOpenOption;
import java.nio.file.attribute.PosixFilePermission;
import java.nio.file.attribute.PosixFilePermissions;
import java.util.Set;

/**
 * Writes a file whole or not at all: the bytes go to a temporary file beside the target, are synced,
 * and replace the target with one atomic rename. A reader sees the old file or the new one, never a
 * half-written one, and a crash leaves at most a stray temporary file.
 */
public final class AtomicFiles {

    private AtomicFiles() {}

    public static void write(Path target, byte[] content) throws IOException {
        Path dir = target.toAbsolutePath().getParent();
        Path temp = syncedTemp(dir, target, content);
        try {
            try {
                Files.move(temp, target, StandardCopyOption.ATOMIC_MOVE, StandardCopyOption.REPLACE_EXISTING);
            } catch (AtomicMoveNotSupportedException e) {
                Files.move(temp, target, StandardCopyOption.REPLACE_EXISTING);
            }
            syncDirectory(dir);
        } finally {
            Files.deleteIfExists(temp);
        }
    }

    /**
     * Writes the file only if nothing is there yet, and returns whether it wrote. The content is
     * published with a hard link, which fails if the name exists, so a file another process (or
     * the user) creates at the same moment is never replaced.
     */
    public static boolean createIfAbsent(Path target, byte[] content) throws IOException {
        if (Files.exists(target)) {
            return false;
        }
        Path dir = target.toAbsolutePath().getParent();
        Path temp = syncedTemp(dir, target, content);
        try {
            try {
                Files.createLink(target, temp);
            } catch (UnsupportedOperationException | java.nio.file.FileSystemException e) {
                if (e instanceof java.nio.file.FileAlreadyExistsException exists) {
                    throw exists;
                }
                // A file system without hard links: check, then rename (a narrow race, not a torn file).
                if (Files.exists(target)) {
                    return false;
                }
                Files.move(temp, target, StandardCopyOption.ATOMIC_MOVE);
            }
            syncDirectory(dir);
            return true;
        } catch (java.nio.file.FileAlreadyExistsException e) {
            return false;
        } finally {
            Files.deleteIfExists(temp);
        }
    }

    /** The content in a temporary file beside the target, synced, with the target's permissions. */
    private static Path syncedTemp(Path dir, Path target, byte[] content) throws IOException {
        Files.createDirectories(dir);
        Path temp = Files.createTempFile(dir, "." + target.getFileName() + ".", ".tmp");
        try {
            keepOrDefaultPermissions(target, temp);
            try (FileChannel channel = FileChannel.open(temp, StandardOpenOption.WRITE)) {
                ByteBuffer buffer = ByteBuffer.wrap(content);
                while (buffer.hasRemaining()) {
                    channel.write(buffer);
                }
                channel.force(true);
            }
            return temp;
        } catch (IOException | RuntimeException e) {
            Files.deleteIfExists(temp);
            throw e;
        }
    }

    /** Temporary files are private (0600); the file they become is as readable as the one it replaces. */
    private static void keepOrDefaultPermissions(Path target, Path temp) throws IOException {
        if (!temp.getFileSystem().supportedFileAttributeViews().contains("posix")) {
            return;
        }
        Set<PosixFilePermission> permissions = Files.exists(target)
                ? Files.getPosixFilePermissions(target)
                : PosixFilePermissions.fromString("rw-r--r--");
        Files.setPosixFilePermissions(temp, permissions);
    }

    /** Makes a rename or a new file in {@code dir} durable, where the platform allows it. */
    public static void syncDirectory(Path dir) {
        // Makes the rename itself durable on Linux; not supported everywhere, and then best effort.
        try (FileChannel channel = FileChannel.open(dir, StandardOpenOption.READ)) {
            channel.force(true);
        } catch (IOException | RuntimeException ignored) {
            // Directories cannot be opened for sync on some platforms; the rename is still atomic.
        }
    }
}
