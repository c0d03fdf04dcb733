package dev.wb.commands;

import dev.wb.commands.base.Failure;
import dev.wb.commands.base.Workspace;
import dev.wb.engine.TaskKey;
import dev.wb.engine.fs.AtomicFiles;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;

/** {@code .workflow/KEY/} as a command that writes into it sees it. */
public final class TaskFolder {

    private TaskFolder() {}

    /**
     * The task folder (or the nearest part of it that exists) must not lead out of the repository by a
     * link: a command writing there would write wherever the link points. Exit 2 naming the command, which
     * wrote nothing.
     */
    public static void requireInside(Path root, Path dir, String command) {
        Path existing = dir;
        while (existing != null && !Files.exists(existing)) {
            existing = existing.getParent();
        }
        try {
            if (existing == null || !existing.toRealPath().startsWith(root.toRealPath())) {
                throw Failure.usage(
                        relative(root, dir) + " resolves outside the repository; " + command + " wrote nothing",
                        "make " + relative(root, dir) + " a folder inside the repository (not a link out)");
            }
        } catch (IOException e) {
            throw new Failure(
                    Failure.Kind.CONFIG,
                    "cannot read " + dir + ": " + e.getMessage(),
                    List.of("check that " + dir + " is readable"));
        }
    }

    /**
     * Writes a view wb derives into {@code .workflow/KEY/NAME} ({@code audit.json}, {@code git.log.json}):
     * atomically, creating the folder; exit 3 when it cannot. Returns the file written.
     */
    public static Path write(Workspace workspace, TaskKey key, String name, String text) {
        Path file = workspace.workflowDir().resolve(key.value()).resolve(name);
        try {
            Files.createDirectories(file.getParent());
            AtomicFiles.write(file, text.getBytes(StandardCharsets.UTF_8));
            return file;
        } catch (IOException e) {
            throw new Failure(
                    Failure.Kind.CONFIG,
                    "cannot write " + file + ": " + e.getMessage(),
                    List.of("check that " + file.getParent() + " is writable"));
        }
    }

    /** A path as messages show it: relative to the repository root, with {@code /}. */
    public static String relative(Path root, Path file) {
        return root.relativize(file).toString().replace('\\', '/');
    }
}
