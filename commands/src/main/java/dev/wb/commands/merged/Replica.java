package dev.wb.commands.merged;

import dev.wb.commands.base.Failure;
import dev.wb.commands.base.Workspace;
import dev.wb.engine.fs.AtomicFiles;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.LinkOption;
import java.nio.file.Path;
import java.security.SecureRandom;
import java.util.HexFormat;
import java.util.List;
import java.util.Optional;
import java.util.regex.Pattern;

/**
 * This clone's name among the replicas that share a task's history (docs/adr/0010): 16 lower-case
 * hex characters, made by the first {@code wb sync} and kept in {@code .workflow/local/sync/replica}.
 */
public record Replica(String id) {

    private static final Pattern SHAPE = Pattern.compile("[0-9a-f]{16}");

    public Replica {
        if (!isId(id)) {
            throw new IllegalArgumentException("not a replica id: " + id);
        }
    }

    public static boolean isId(String text) {
        return text != null && SHAPE.matcher(text).matches();
    }

    /** Where wb keeps what sync needs: the replica id, the copies, what was imported. */
    public static Path dir(Workspace workspace) {
        return workspace.localDir().resolve("sync");
    }

    /** This clone's replica, if a sync has named it. */
    public static Optional<Replica> existing(Workspace workspace) {
        Path file = dir(workspace).resolve("replica");
        if (!Files.exists(file, LinkOption.NOFOLLOW_LINKS)) {
            return Optional.empty();
        }
        if (!Files.isRegularFile(file, LinkOption.NOFOLLOW_LINKS)) {
            // A link, a folder or a FIFO where the id belongs: never followed, never waited on.
            throw new Failure(
                    Failure.Kind.CONFIG,
                    file + " is not a regular file, so it holds no replica id",
                    List.of("remove it, then write this clone's id back: it is the last part of the name"
                            + " git for-each-ref --format='%(refname)' refs/wb/workspace/ prints"
                            + " (echo ID > .workflow/local/sync/replica)"));
        }
        try {
            String text = Files.readString(file, StandardCharsets.UTF_8).strip();
            if (!isId(text)) {
                throw new Failure(
                        Failure.Kind.CONFIG,
                        file + " does not hold a replica id (16 lower-case hex characters)",
                        List.of("write this clone's id back: it is the last part of the name"
                                + " git for-each-ref --format='%(refname)' refs/wb/workspace/ prints"
                                + " (echo ID > .workflow/local/sync/replica); never remove the file of a"
                                + " clone that pushed or fetched: its own history would come back as another's"));
            }
            return Optional.of(new Replica(text));
        } catch (IOException e) {
            throw new Failure(
                    Failure.Kind.CONFIG,
                    "cannot read " + file + ": " + e.getMessage(),
                    List.of("check that .workflow/local/sync is readable by you"));
        }
    }

    /** This clone's replica, named now (64 random bits) if no sync named it before. */
    public static Replica of(Workspace workspace) {
        Optional<Replica> known = existing(workspace);
        if (known.isPresent()) {
            return known.get();
        }
        byte[] bits = new byte[8];
        new SecureRandom().nextBytes(bits);
        String id = HexFormat.of().formatHex(bits);
        workspace.ensureLocalDir();
        Path file = dir(workspace).resolve("replica");
        try {
            Files.createDirectories(file.getParent());
            // Two syncs starting at once name the replica once: the first file stays.
            AtomicFiles.createIfAbsent(file, (id + "\n").getBytes(StandardCharsets.UTF_8));
        } catch (IOException e) {
            throw new Failure(
                    Failure.Kind.CONFIG,
                    "cannot write " + file + ": " + e.getMessage(),
                    List.of("check that .workflow/local is writable by you"));
        }
        return existing(workspace)
                .orElseThrow(() -> new Failure(
                        Failure.Kind.CONFIG,
                        "the replica id could not be kept in " + file,
                        List.of("check that .workflow/local/sync is writable by you, then sync again")));
    }
}
