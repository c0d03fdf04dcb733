package dev.wb.commands;

import dev.wb.engine.Digests;
import dev.wb.engine.fs.AtomicFiles;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;
import java.util.Optional;

/**
 * Content-addressed blobs under {@code .workflow/local/objects/sha256/}: what is too large or too
 * loose for an event (an audited plan, a command's full output) is stored here once, by digest,
 * and the event carries the digest. A blob is never changed; a damaged one reads as absent.
 */
public final class ContentStore {

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
            throw new Failure(Failure.Kind.CONFIG, "cannot store " + digest + ": " + e.getMessage(),
                    java.util.List.of("check that " + dir + " is writable"));
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
