package dev.wb.commands.judge.reproduce;

import dev.wb.commands.base.Failure;
import dev.wb.commands.judge.core.FileContent;
import dev.wb.commands.judge.snapshot.SnapshotCapture;
import dev.wb.commands.policy.ReadPolicy;
import dev.wb.git.BlobRead;
import dev.wb.git.GitRepository;
import dev.wb.git.ReviewReads.IndexEntry;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.FileVisitResult;
import java.nio.file.Files;
import java.nio.file.LinkOption;
import java.nio.file.Path;
import java.nio.file.SimpleFileVisitor;
import java.nio.file.attribute.BasicFileAttributes;
import java.nio.file.attribute.PosixFilePermissions;
import java.util.Collection;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.TreeMap;

/**
 * The trees {@code wb judge reproduce} works on: a commit's files written into a disposable folder
 * (read from git object by object, never checked out: the live repository is not written), and what
 * is at a path of a tree, read without following any link — neither the path's own nor one of the
 * folders above it.
 */
final class ReproduceTree implements AutoCloseable {

    /** What is at a path: nothing, a folder, something that is not a file or link, or a file or link. */
    sealed interface State {
        /** For messages: {@code absent}, {@code folder}, {@code file 100644 sha256:…}. */
        String describe();
    }

    record Absent() implements State {
        @Override
        public String describe() {
            return "absent";
        }
    }

    record Folder() implements State {
        @Override
        public String describe() {
            return "a folder";
        }
    }

    record Other(String what) implements State {
        @Override
        public String describe() {
            return what;
        }
    }

    record File(FileContent content) implements State {
        @Override
        public String describe() {
            return switch (content.mode()) {
                        case FileContent.SYMLINK -> "a symbolic link";
                        case FileContent.EXECUTABLE -> "an executable file";
                        default -> "a file";
                    }
                    + " (" + content.sha256() + ")";
        }
    }

    static final State ABSENT = new Absent();

    private final Path dir;

    private ReproduceTree(Path dir) {
        this.dir = dir;
    }

    Path dir() {
        return dir;
    }

    /** An empty disposable folder in the system's temporary folder. */
    static ReproduceTree empty(String prefix) {
        try {
            return new ReproduceTree(Files.createTempDirectory(prefix));
        } catch (IOException e) {
            throw new Failure(
                    Failure.Kind.NOT_COMPLETED,
                    "cannot make a disposable folder for the reproduction: " + e.getMessage(),
                    List.of("check the free space of the temporary folder, then run again"));
        }
    }

    /**
     * Writes the files of {@code commit} listed in {@code entries} (all of them when {@code only} is
     * empty) into this folder, with their modes: regular, executable, symbolic link. A submodule is an
     * empty folder, as a checkout without its submodules leaves it; blocked paths are never read.
     */
    void write(GitRepository repo, String commit, List<IndexEntry> entries, ReadPolicy policy) {
        Set<String> links = new HashSet<>();
        for (IndexEntry entry : entries) {
            String path = entry.path();
            if (policy.blocked(path) || path.startsWith(".workflow/local/")) {
                continue;
            }
            Path target = resolve(dir, path)
                    .orElseThrow(() -> new Failure(
                            Failure.Kind.NOT_COMPLETED,
                            "the tree of " + commit + " holds " + path + ", which is not a plain path",
                            List.of("check the commit with: git ls-tree -r " + commit)));
            for (String above = parent(path); above != null; above = parent(above)) {
                if (links.contains(above)) {
                    throw new Failure(
                            Failure.Kind.NOT_COMPLETED,
                            "the tree of " + commit + " holds " + path + " below the symbolic link " + above,
                            List.of("check the commit with: git fsck"));
                }
            }
            try {
                Files.createDirectories(target.getParent());
                if (entry.mode().equals("160000")) {
                    Files.createDirectories(target);
                    continue;
                }
                byte[] bytes = blob(repo, commit, path);
                if (entry.mode().equals(FileContent.SYMLINK)) {
                    Files.createSymbolicLink(target, Path.of(new String(bytes, StandardCharsets.UTF_8)));
                    links.add(path);
                } else {
                    Files.write(target, bytes);
                    Files.setPosixFilePermissions(
                            target,
                            PosixFilePermissions.fromString(
                                    entry.mode().equals(FileContent.EXECUTABLE) ? "rwxr-xr-x" : "rw-r--r--"));
                }
            } catch (IOException | UnsupportedOperationException e) {
                throw new Failure(
                        Failure.Kind.NOT_COMPLETED,
                        "cannot write " + path + " of " + commit + " into the disposable copy: " + e.getMessage(),
                        List.of("check the free space of the temporary folder, then run again"));
            }
        }
    }

    static byte[] blob(GitRepository repo, String commit, String path) {
        BlobRead read = repo.blobAt(commit, path, Long.MAX_VALUE);
        if (read instanceof BlobRead.Found found) {
            return found.bytes();
        }
        if (read instanceof BlobRead.TooLarge large) {
            throw new Failure(
                    Failure.Kind.NOT_COMPLETED,
                    path + " of " + commit + " is too large to copy (" + large.size() + " bytes)",
                    List.of("reproduce a generator on a tree without such files"));
        }
        throw new Failure(
                Failure.Kind.NOT_COMPLETED,
                "git lists " + path + " in " + commit + " but has no file" + " there",
                List.of("check the repository with: git fsck"));
    }

    /** What is at {@code path} below {@code root}; a path below a link (or a file) is absent. */
    static State state(Path root, String path) {
        Optional<Path> file = resolve(root, path);
        if (file.isEmpty()) {
            return ABSENT;
        }
        for (String above = parent(path); above != null; above = parent(above)) {
            if (!Files.isDirectory(root.resolve(above), LinkOption.NOFOLLOW_LINKS)) {
                return ABSENT;
            }
        }
        return stateOf(file.get());
    }

    private static State stateOf(Path file) {
        if (!Files.exists(file, LinkOption.NOFOLLOW_LINKS)) {
            return ABSENT;
        }
        if (Files.isDirectory(file, LinkOption.NOFOLLOW_LINKS)) {
            return new Folder();
        }
        try {
            return FileContent.of(file).<State>map(File::new).orElseGet(() -> new Other("not a file or a link"));
        } catch (Failure unreadable) {
            return new Other("unreadable");
        }
    }

    /**
     * Every file, link and other non-folder below this folder, by path ({@code /}-separated), with
     * its state. Links are not followed; a folder that cannot be read is listed as unreadable.
     */
    Map<String, State> files() {
        Map<String, State> states = new TreeMap<>();
        try {
            Files.walkFileTree(dir, new SimpleFileVisitor<>() {
                @Override
                public FileVisitResult visitFile(Path file, BasicFileAttributes attrs) {
                    states.put(relative(file), stateOf(file));
                    return FileVisitResult.CONTINUE;
                }

                @Override
                public FileVisitResult visitFileFailed(Path file, IOException e) {
                    states.put(relative(file), new Other("unreadable"));
                    return FileVisitResult.CONTINUE;
                }
            });
        } catch (IOException e) {
            throw new Failure(
                    Failure.Kind.NOT_COMPLETED,
                    "cannot read the disposable copy " + dir + ": " + e.getMessage(),
                    List.of("run again"));
        }
        return states;
    }

    private String relative(Path file) {
        return dir.relativize(file).toString().replace(java.io.File.separatorChar, '/');
    }

    /** The states of {@code paths} below {@code root}. */
    static Map<String, State> states(Path root, Collection<String> paths) {
        Map<String, State> states = new TreeMap<>();
        paths.forEach(path -> states.put(path, state(root, path)));
        return states;
    }

    /** {@code root/path} for a plain relative path; empty for anything else. */
    static Optional<Path> resolve(Path root, String path) {
        if (path.isEmpty() || path.startsWith("/") || path.contains("\\") || path.indexOf('\0') >= 0) {
            return Optional.empty();
        }
        for (String segment : path.split("/", -1)) {
            if (segment.isEmpty() || segment.equals(".") || segment.equals("..")) {
                return Optional.empty();
            }
        }
        return Optional.of(root.resolve(path));
    }

    private static String parent(String path) {
        int slash = path.lastIndexOf('/');
        return slash < 0 ? null : path.substring(0, slash);
    }

    @Override
    public void close() {
        SnapshotCapture.deleteTree(dir);
    }
}
