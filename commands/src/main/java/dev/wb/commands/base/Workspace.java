package dev.wb.commands.base;

import dev.wb.engine.fs.AtomicFiles;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Optional;

/**
 * The repository wb works in: the nearest folder at or above the current one that holds a
 * {@code .git} folder or file (a linked worktree). Found by walking up the file system, which
 * costs microseconds and loads no git library.
 */
public record Workspace(Path root) {

    public static Optional<Workspace> locate(Path start) {
        Path dir = start.toAbsolutePath().normalize();
        while (dir != null) {
            if (Files.exists(dir.resolve(".git"))) {
                return Optional.of(new Workspace(dir));
            }
            dir = dir.getParent();
        }
        return Optional.empty();
    }

    public static Workspace require(Path start) {
        return locate(start)
                .orElseThrow(() -> Failure.usage(
                        "not a git repository", "run wb inside a git repository, or create one with: git init"));
    }

    public Path workflowDir() {
        return root.resolve(".workflow");
    }

    /** Never committed: the log, checkpoints, locks, snapshots. Created on first use. */
    public Path localDir() {
        return workflowDir().resolve("local");
    }

    /**
     * Creates {@code .workflow/local/} on first use, with a {@code .gitignore} of its own that ignores
     * everything in it: the log stays out of git even where {@code wb init} never ran.
     */
    public Path ensureLocalDir() {
        Path local = localDir();
        Path ignore = local.resolve(".gitignore");
        if (!Files.isRegularFile(ignore)) {
            try {
                Files.createDirectories(local);
                AtomicFiles.createIfAbsent(
                        ignore,
                        "# wb's log, checkpoints and locks: never committed\n*\n".getBytes(StandardCharsets.UTF_8));
            } catch (IOException e) {
                throw new Failure(
                        Failure.Kind.CONFIG,
                        "cannot create " + local + ": " + e.getMessage(),
                        List.of("check that " + root + " is writable"));
            }
        }
        return local;
    }

    public Path logDir() {
        return localDir().resolve("log");
    }

    public Path checkpointsDir() {
        return localDir().resolve("checkpoints");
    }
}
