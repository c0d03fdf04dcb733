package dev.wb.commands.show;

import dev.wb.commands.base.Failure;
import dev.wb.commands.base.Workspace;
import dev.wb.engine.TaskKey;
import dev.wb.engine.fs.AtomicFiles;
import dev.wb.engine.text.TerminalText;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.LinkOption;
import java.nio.file.Path;
import java.nio.file.attribute.BasicFileAttributes;
import java.util.List;
import java.util.Optional;

/** Where pages go and how they are written: whole or not at all, never through a link or into a FIFO. */
public final class Pages {

    private Pages() {}

    /**
     * {@code .workflow/local/pages/KEY.html}, or {@code .workflow/local/pages/workspace.html} for the
     * workspace page: beside each other, so the workspace page's links to task pages resolve. The folder
     * is inside {@code .workflow/local/} (created here with its {@code .gitignore} if need be), which git
     * ignores and so no scope check sees.
     */
    public static Path defaultFile(Workspace ws, Optional<TaskKey> key) {
        ws.ensureLocalDir();
        Path dir = ws.localDir().resolve("pages");
        // The folder itself must be one: a link would carry the pages out of the repository, and a
        // FIFO or file there could not hold them.
        if (Files.exists(dir, LinkOption.NOFOLLOW_LINKS) && !Files.isDirectory(dir, LinkOption.NOFOLLOW_LINKS)) {
            throw Failure.usage(
                    shown(dir) + " is " + (kind(dir).isEmpty() ? "a file" : kind(dir))
                            + ", not a folder: no page was written",
                    "remove " + shown(dir) + " (wb makes the folder), or name the page's file: --html FILE");
        }
        return dir.resolve(key.map(Pages::fileName).orElse("workspace.html"));
    }

    /** A task page's file name: what the workspace page links to. */
    public static String fileName(TaskKey key) {
        return key.value() + ".html";
    }

    /**
     * Writes the page atomically (a temporary file beside it, synced, renamed over it), creating its
     * folder if need be.
     *
     * @throws Failure exit 2 when something other than a regular file is there (a symbolic link, a FIFO,
     *     a directory…), nothing written; exit 3 when it cannot be written
     */
    public static void write(Path file, String html) {
        write(file, out -> out.write(html.getBytes(StandardCharsets.UTF_8)));
    }

    /** {@link #write(Path, String)} of a page written to its file as it is made ({@link Html#to}). */
    static void write(Path file, AtomicFiles.Content page) {
        Path target = file.toAbsolutePath().normalize();
        check(file);
        try {
            Path dir = target.getParent();
            if (dir != null) {
                Files.createDirectories(dir);
            }
            AtomicFiles.write(target, page);
        } catch (IOException e) {
            throw unwritable(file, target, e);
        } catch (Html.Unwritable e) {
            throw unwritable(file, target, e.getCause());
        }
    }

    private static Failure unwritable(Path file, Path target, IOException e) {
        return new Failure(
                Failure.Kind.CONFIG,
                "cannot write " + shown(file) + ": " + TerminalText.escape(String.valueOf(e.getMessage())),
                List.of("check that " + shown(target.getParent()) + " is a writable folder"));
    }

    /** The longest file name a page may have (in UTF-8 bytes): its temporary file's name is longer. */
    static final int MAX_NAME_BYTES = 200;

    /**
     * Refuses, before anything is written, a page's file that {@link #write} would refuse: something
     * other than a regular file at the path, or a name too long to write through a temporary file.
     *
     * @throws Failure exit 2
     */
    public static void check(Path file) {
        Path target = file.toAbsolutePath().normalize();
        if (Files.exists(target, LinkOption.NOFOLLOW_LINKS)) {
            String kind = kind(target);
            if (!kind.isEmpty()) {
                throw Failure.usage(
                        shown(file) + " is " + kind + ", not a regular file: no page was written",
                        "name another file, or remove " + shown(file) + " first");
            }
        }
        Path name = target.getFileName();
        if (name != null && name.toString().getBytes(StandardCharsets.UTF_8).length > MAX_NAME_BYTES) {
            throw Failure.usage(
                    "the file name " + shown(name) + " is too long for a page (over " + MAX_NAME_BYTES
                            + " bytes): no page was written",
                    "name a shorter file");
        }
    }

    /** A path as a message shows it: its control characters (a newline, an escape) written visibly. */
    private static String shown(Path path) {
        return TerminalText.escape(String.valueOf(path));
    }

    /** What is at the path when it is not a regular file (a link is not followed); empty for a regular file. */
    private static String kind(Path target) {
        try {
            BasicFileAttributes a = Files.readAttributes(target, BasicFileAttributes.class, LinkOption.NOFOLLOW_LINKS);
            if (a.isRegularFile()) {
                return "";
            }
            if (a.isSymbolicLink()) {
                return "a symbolic link";
            }
            if (a.isDirectory()) {
                return "a directory";
            }
            return "a FIFO, socket or device";
        } catch (IOException e) {
            return "unreadable (" + e.getMessage() + ")";
        }
    }
}
