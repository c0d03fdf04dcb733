package dev.wb.engine.fs;

import java.io.IOException;
import java.io.OutputStream;
import java.nio.channels.Channels;
import java.nio.channels.FileChannel;
import java.nio.file.AtomicMoveNotSupportedException;
import java.nio.file.DirectoryStream;
import java.nio.file.FileAlreadyExistsException;
import java.nio.file.FileSystemException;
import java.nio.file.Files;
import java.nio.file.LinkOption;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.nio.file.StandardOpenOption;
import java.nio.file.attribute.BasicFileAttributes;
import java.nio.file.attribute.PosixFilePermission;
import java.time.Duration;
import java.util.EnumSet;
import java.util.Set;
import java.util.concurrent.ThreadLocalRandom;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * Writes a file whole or not at all: the bytes go to a temporary file beside the target, are synced,
 * and replace the target with one atomic rename. A reader sees the old file or the new one, never a
 * half-written one. A crash (kill -9, power loss) leaves at most a stray temporary file, named
 * {@code .<target>.<pid>-<random>.tmp} after the process that wrote it; the next write beside it
 * removes the strays of wb's own naming whose writer is gone or that are older than
 * {@link #STALE_AFTER} — never a file of any other name.
 */
public final class AtomicFiles {

    /** A temporary file this old is stale whoever wrote it: a write takes well under a second. */
    public static final Duration STALE_AFTER = Duration.ofMinutes(10);

    /** {@code <pid>-<random>} (this wb) or {@code <random>} (a wb before it), as Files.createTempFile draws it. */
    private static final Pattern TEMP_MIDDLE = Pattern.compile("(?:(\\d{1,19})-)?\\d{1,20}");

    private AtomicFiles() {}

    /** What a file holds, written as it is made: to the stream given, which it neither buffers nor closes. */
    @FunctionalInterface
    public interface Content {
        void writeTo(OutputStream out) throws IOException;
    }

    public static void write(Path target, byte[] content) throws IOException {
        write(target, out -> out.write(content));
    }

    /**
     * {@link #write(Path, byte[])} of content made as it is written, so that it is never held whole: an
     * exception while it is made leaves the target as it was (and no temporary file).
     */
    public static void write(Path target, Content content) throws IOException {
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
        return createIfAbsent(target, content, false);
    }

    /**
     * {@link #createIfAbsent(Path, byte[])}, the new file executable by whoever may read it when
     * {@code executable} (where the file system has POSIX permissions): the bit is set on the temporary
     * file, so the file appears whole and executable at once.
     */
    public static boolean createIfAbsent(Path target, byte[] content, boolean executable) throws IOException {
        if (Files.exists(target)) {
            return false;
        }
        Path dir = target.toAbsolutePath().getParent();
        Path temp = syncedTemp(dir, target, out -> out.write(content));
        if (executable && temp.getFileSystem().supportedFileAttributeViews().contains("posix")) {
            Files.setPosixFilePermissions(temp, executableBy(Files.getPosixFilePermissions(temp)));
        }
        try {
            try {
                Files.createLink(target, temp);
            } catch (UnsupportedOperationException | FileSystemException e) {
                if (e instanceof FileAlreadyExistsException exists) {
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
        } catch (FileAlreadyExistsException e) {
            return false;
        } finally {
            Files.deleteIfExists(temp);
        }
    }

    /** The content in a temporary file beside the target, synced, with the target's permissions. */
    private static Path syncedTemp(Path dir, Path target, Content content) throws IOException {
        Files.createDirectories(dir);
        String prefix = "." + target.getFileName() + ".";
        removeStaleTemps(dir, prefix);
        Path temp = newTemp(dir, tempPrefix(prefix));
        try {
            keepPermissions(target, temp);
            try (FileChannel channel = FileChannel.open(temp, StandardOpenOption.WRITE)) {
                content.writeTo(Channels.newOutputStream(channel)); // each write whole
                channel.force(true);
            }
            return temp;
        } catch (IOException | RuntimeException e) {
            Files.deleteIfExists(temp);
            throw e;
        }
    }

    /**
     * The temporary file prefix for a file written by this process in the same way: {@code <prefix><pid>-}.
     * Pair it with {@link #removeStaleTemps} so that what a killed writer leaves is cleaned by the next.
     */
    public static String tempPrefix(String prefix) {
        return prefix + ProcessHandle.current().pid() + "-";
    }

    /**
     * Removes, from {@code dir}, the temporary files named {@code <prefix><pid>-<random>.tmp} whose writer
     * is no longer running, and those named {@code <prefix>[<pid>-]<random>.tmp} older than
     * {@link #STALE_AFTER}; best effort, and never a file of another name.
     */
    public static void removeStaleTemps(Path dir, String prefix) {
        long now = System.currentTimeMillis();
        try (DirectoryStream<Path> temps = Files.newDirectoryStream(dir, p -> stale(p, prefix, now))) {
            for (Path temp : temps) {
                Files.deleteIfExists(temp);
            }
        } catch (IOException | RuntimeException ignored) {
            // Best effort: a stray temporary file is harmless, it only takes room.
        }
    }

    private static boolean stale(Path file, String prefix, long now) throws IOException {
        String name = file.getFileName().toString();
        if (!name.startsWith(prefix) || !name.endsWith(".tmp") || name.length() <= prefix.length() + 4) {
            return false;
        }
        Matcher middle = TEMP_MIDDLE.matcher(name.substring(prefix.length(), name.length() - 4));
        if (!middle.matches()) {
            return false;
        }
        BasicFileAttributes attributes =
                Files.readAttributes(file, BasicFileAttributes.class, LinkOption.NOFOLLOW_LINKS);
        if (!attributes.isRegularFile()) {
            return false;
        }
        boolean old = now - attributes.lastModifiedTime().toMillis() > STALE_AFTER.toMillis();
        return old || (middle.group(1) != null && !running(Long.parseLong(middle.group(1))));
    }

    private static boolean running(long pid) {
        return ProcessHandle.of(pid).map(ProcessHandle::isAlive).orElse(false);
    }

    /**
     * A new, empty {@code <prefix><random>.tmp} in {@code dir}, created exclusively (never through a link)
     * with the mode any new file of this invocation gets, 0666 less its umask, as git and the originals
     * make their files.
     */
    private static Path newTemp(Path dir, String prefix) throws IOException {
        while (true) {
            Path temp = dir.resolve(
                    prefix + Long.toUnsignedString(ThreadLocalRandom.current().nextLong()) + ".tmp");
            try {
                return Files.createFile(temp);
            } catch (FileAlreadyExistsException taken) {
                // Drawn twice in 2^64: draw again.
            }
        }
    }

    /** The file a temporary file becomes is as readable as the one it replaces; a new one keeps the umask's mode. */
    private static void keepPermissions(Path target, Path temp) throws IOException {
        if (temp.getFileSystem().supportedFileAttributeViews().contains("posix") && Files.exists(target)) {
            Files.setPosixFilePermissions(temp, Files.getPosixFilePermissions(target));
        }
    }

    /** {@code permissions} with the execute bit added wherever the read bit is set. */
    private static Set<PosixFilePermission> executableBy(Set<PosixFilePermission> permissions) {
        EnumSet<PosixFilePermission> executable = EnumSet.noneOf(PosixFilePermission.class);
        executable.addAll(permissions);
        if (permissions.contains(PosixFilePermission.OWNER_READ)) {
            executable.add(PosixFilePermission.OWNER_EXECUTE);
        }
        if (permissions.contains(PosixFilePermission.GROUP_READ)) {
            executable.add(PosixFilePermission.GROUP_EXECUTE);
        }
        if (permissions.contains(PosixFilePermission.OTHERS_READ)) {
            executable.add(PosixFilePermission.OTHERS_EXECUTE);
        }
        return executable;
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
