package dev.wb.commands.sdd;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.LinkOption;
import java.nio.file.Path;
import java.util.HashMap;
import java.util.Map;
import java.util.Optional;

/**
 * Files of the working tree as an audit reads them, each read once. Nothing outside the
 * repository is ever read: a path that leaves it, directly or through a symbolic link, is missing.
 * Or "the tree" as committed at one commit ({@link #committed}), read through the read-only git
 * module: what re-deriving another replica's audit reads.
 */
final class WorkingTree {

    /** A file as found: its text, or why there is none. */
    sealed interface Found permits Text, Missing, Unreadable {}

    record Text(SourceText text) implements Found {}

    record Missing(String why) implements Found {}

    record Unreadable(String why) implements Found {}

    private final Path root;
    private final Optional<Auditor.BaselineFiles> commit;
    private final Map<String, Found> cache = new HashMap<>();

    WorkingTree(Path root) {
        this.root = realPath(root);
        this.commit = Optional.empty();
    }

    private WorkingTree(Auditor.BaselineFiles commit) {
        this.root = null;
        this.commit = Optional.of(commit);
    }

    /** The tree as committed: {@code files} read at one commit (a path is as the commit holds it). */
    static WorkingTree committed(Auditor.BaselineFiles files) {
        return new WorkingTree(files);
    }

    Found read(String path) {
        return cache.computeIfAbsent(path, this::load);
    }

    /** Whether a planned path exists: a file, or a folder for an entry that ends in {@code /}. */
    boolean exists(String path) {
        if (commit.isPresent()) {
            return commit.get().exists(path);
        }
        Path file = root.resolve(path);
        if (!inside(file)) {
            return false;
        }
        return path.endsWith("/") ? Files.isDirectory(file) : Files.exists(file, LinkOption.NOFOLLOW_LINKS);
    }

    private Found load(String path) {
        if (commit.isPresent()) {
            Optional<SourceText> text = commit.get().text(path);
            if (text.isPresent()) {
                return new Text(text.get());
            }
            return commit.get().exists(path)
                    ? new Unreadable("not text, or over 5 MiB, at the commit")
                    : new Missing("no such file at the commit");
        }
        Path file = root.resolve(path);
        if (!Files.exists(file)) {
            return new Missing("no such file");
        }
        if (!inside(file)) {
            return new Missing("it leaves the repository");
        }
        if (!Files.isRegularFile(file)) {
            return new Missing("not a file");
        }
        try {
            long size = Files.size(file);
            if (size > SourceText.MAX_BYTES) {
                return new Unreadable("over 5 MiB (" + size + " bytes)");
            }
            Optional<SourceText> text = SourceText.decode(Files.readAllBytes(file));
            return text.<Found>map(Text::new).orElseGet(() -> new Unreadable("not text"));
        } catch (IOException e) {
            return new Unreadable("cannot be read: " + e.getMessage());
        }
    }

    /** Whether the file, after every symbolic link, is still inside the repository. */
    private boolean inside(Path file) {
        try {
            Path parent = file.getParent();
            Path real = Files.exists(file) ? file.toRealPath() : parent == null ? file : realPath(parent);
            return real.startsWith(root);
        } catch (IOException e) {
            return false;
        }
    }

    private static Path realPath(Path path) {
        try {
            return path.toRealPath();
        } catch (IOException e) {
            return path.toAbsolutePath().normalize();
        }
    }
}
