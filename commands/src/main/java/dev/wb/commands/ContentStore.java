package dev.wb.commands;

import dev.wb.commands.base.Failure;
import dev.wb.commands.base.Workspace;
import dev.wb.engine.Digests;
import dev.wb.engine.fs.AtomicFiles;
import java.io.IOException;
import java.io.InputStream;
import java.nio.channels.Channels;
import java.nio.channels.FileChannel;
import java.nio.file.Files;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.nio.file.StandardOpenOption;
import java.nio.file.attribute.PosixFilePermissions;
import java.security.DigestInputStream;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.util.HexFormat;
import java.util.List;
import java.util.Optional;
import java.util.OptionalLong;

/**
 * Content-addressed blobs under {@code .workflow/local/objects/sha256/}: what is too large or too
 * loose for an event (an audited plan, a command's full output) is stored here once, by digest,
 * and the event carries the digest. A blob is never changed; a damaged one reads as absent.
 */
public final class ContentStore {

    /** The prefix of a blob being copied in, before it is named by its digest. */
    private static final String INCOMING = ".incoming-";

    private final Workspace workspace;
    private final Path dir;

    public ContentStore(Workspace workspace) {
        this.workspace = workspace;
        this.dir = workspace.localDir().resolve("objects").resolve("sha256");
    }

    /** Stores the bytes (once) and returns their digest. */
    public String put(byte[] content) {
        String digest = Digests.sha256(content);
        Path file = file(digest);
        try {
            workspace.ensureLocalDir();
            Files.createDirectories(file.getParent());
            AtomicFiles.createIfAbsent(file, content);
            return digest;
        } catch (IOException e) {
            throw new Failure(
                    Failure.Kind.CONFIG,
                    "cannot store " + digest + ": " + e.getMessage(),
                    List.of("check that " + dir + " is writable"));
        }
    }

    /**
     * Stores a file's content (once) and returns its digest, never holding it in memory: a command's
     * full output can run to gigabytes. The digest is not known until the last byte is read, so the
     * bytes are copied into a temporary file in the store (the same file system as their final place)
     * while they are digested, synced, and renamed to their digest's name. One read, not a digest pass
     * and then a copy, so a file still changing is never stored under the digest of other bytes; and
     * a rename that lands on a blob already there replaces it with the very same bytes.
     */
    public String putFile(Path file) {
        Path temp = null;
        try {
            workspace.ensureLocalDir();
            Files.createDirectories(dir);
            AtomicFiles.removeStaleTemps(dir, INCOMING);
            temp = Files.createTempFile(dir, AtomicFiles.tempPrefix(INCOMING), ".tmp");
            String digest = copyDigesting(file, temp);
            Path target = file(digest);
            if (!Files.exists(target)) {
                Files.createDirectories(target.getParent());
                Files.move(temp, target, StandardCopyOption.ATOMIC_MOVE);
                AtomicFiles.syncDirectory(target.getParent());
            }
            return digest;
        } catch (IOException e) {
            throw new Failure(
                    Failure.Kind.CONFIG,
                    "cannot store " + file + ": " + e.getMessage(),
                    List.of("check that " + file + " is readable and " + dir + " is writable"));
        } finally {
            deleteQuietly(temp);
        }
    }

    /** Copies {@code from} into {@code to}, synced, and returns the digest of what was copied. */
    private static String copyDigesting(Path from, Path to) throws IOException {
        MessageDigest sha256;
        try {
            sha256 = MessageDigest.getInstance("SHA-256");
        } catch (NoSuchAlgorithmException e) {
            throw new IllegalStateException("SHA-256 is missing from this JVM", e);
        }
        if (to.getFileSystem().supportedFileAttributeViews().contains("posix")) {
            // As readable as the blobs put() writes; a temporary file starts private.
            Files.setPosixFilePermissions(to, PosixFilePermissions.fromString("rw-r--r--"));
        }
        try (InputStream in = new DigestInputStream(Files.newInputStream(from), sha256);
                FileChannel out =
                        FileChannel.open(to, StandardOpenOption.WRITE, StandardOpenOption.TRUNCATE_EXISTING)) {
            in.transferTo(Channels.newOutputStream(out));
            out.force(true);
        }
        return Digests.PREFIX + HexFormat.of().formatHex(sha256.digest());
    }

    private static void deleteQuietly(Path temp) {
        if (temp != null) {
            try {
                Files.deleteIfExists(temp);
            } catch (IOException ignored) {
                // A stray .incoming-*.tmp is harmless (no digest names it), and the next putFile removes it.
            }
        }
    }

    /** The size of the blob stored under this digest, if there is one (its bytes not checked). */
    public OptionalLong size(String digest) {
        try {
            return OptionalLong.of(Files.size(file(digest)));
        } catch (IOException e) {
            return OptionalLong.empty();
        }
    }

    /** The bytes with this digest, if stored and intact. */
    public Optional<byte[]> get(String digest) {
        try {
            byte[] content = Files.readAllBytes(file(digest));
            return Digests.sha256(content).equals(digest) ? Optional.of(content) : Optional.empty();
        } catch (NoSuchFileException e) {
            return Optional.empty();
        } catch (IOException e) {
            return Optional.empty();
        }
    }

    private Path file(String digest) {
        String hex = Digests.hex(digest);
        return dir.resolve(hex.substring(0, 2)).resolve(hex.substring(2));
    }
}
