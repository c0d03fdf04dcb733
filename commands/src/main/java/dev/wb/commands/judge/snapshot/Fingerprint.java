package dev.wb.commands.judge.snapshot;

import dev.wb.commands.judge.core.FileContent;
import dev.wb.engine.Digests;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.DirectoryStream;
import java.nio.file.Files;
import java.nio.file.LinkOption;
import java.nio.file.Path;
import java.nio.file.attribute.FileTime;
import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.TreeMap;
import java.util.TreeSet;
import java.util.concurrent.TimeUnit;

/**
 * Every path of a snapshot's reviewable tree (its {@code .git} aside) by content and change time.
 * Files carry their mode and a content id (the git blob id the file was written from, {@code git:<id>},
 * or the SHA-256 of its bytes, {@code sha256:<hex>}); folders only their change time, which
 * moves when an entry is created or removed inside them. The change time ({@code ctime}) moves on
 * every write and cannot be set back by a user, so a file changed and restored to its bytes, or
 * created and deleted again, still reads as modified. The inode number is deliberately left out:
 * FUSE and network mounts synthesise it and let it drift when nothing changed.
 *
 * <p>One line a path, sorted: {@code kind mode sha256 size ctime-nanos path} ({@code kind} f for a
 * file or link, d for a folder; a folder's mode, digest and size are {@code -}).
 *
 * <p>Capture hashes every file. A later check need not: a write to a file moves its change time, so
 * the kind, mode, size and change time of every path ({@link #stat}) tell whether anything changed
 * since capture, at the cost of one {@code stat} a path rather than a read of every byte.
 */
public final class Fingerprint {

    public record Entry(String kind, String mode, String sha256, String size, long ctimeNanos, String path) {
        String line() {
            return kind + ' ' + mode + ' ' + sha256 + ' ' + size + ' ' + ctimeNanos + ' ' + path;
        }

        /** The same path, unchanged as far as its kind, mode, size and change time tell. */
        boolean sameStat(Entry other) {
            return kind.equals(other.kind)
                    && mode.equals(other.mode)
                    && size.equals(other.size)
                    && ctimeNanos == other.ctimeNanos;
        }
    }

    /** A digest placeholder for entries taken by {@link #stat}, which reads no content. */
    private static final String UNREAD = "?";

    /** The file-type bits of {@code st_mode}, and the types a walk tells apart. */
    private static final int S_IFMT = 0170000;

    private static final int S_IFDIR = 0040000;
    private static final int S_IFLNK = 0120000;

    private final Map<String, Entry> entries;

    private Fingerprint(Map<String, Entry> entries) {
        this.entries = Collections.unmodifiableMap(entries);
    }

    /** Walks {@code tree}, hashing files on every core. */
    public static Fingerprint of(Path tree) throws IOException {
        return walk(tree, true, Map.of());
    }

    /**
     * Walks {@code tree}, taking the content of the files in {@code known} (path to {@code git:<id>},
     * the blob git just wrote or read for it) instead of reading them again, and hashing the rest. A
     * snapshot's tree is exactly its index, so capture reads no file twice.
     */
    public static Fingerprint of(Path tree, Map<String, String> known) throws IOException {
        return walk(tree, true, known);
    }

    /** Walks {@code tree} reading only each path's attributes: what a check after capture compares. */
    public static Fingerprint stat(Path tree) throws IOException {
        return walk(tree, false, Map.of());
    }

    /**
     * One {@code lstat} a path: a folder's listing gives its entries, and each entry's mode, size and
     * change time come from one read of its attributes, which also tells a folder, a link and a file
     * apart. Files whose content is not known are hashed on every core.
     */
    private static Fingerprint walk(Path tree, boolean hash, Map<String, String> known) throws IOException {
        Walk walk = new Walk(tree, hash, known);
        walk.entries.put(".", new Entry("d", "-", "-", "-", ctime(attributes(tree)), "."));
        walk.folder(tree, "");
        try {
            walk.toHash.parallelStream().map(Fingerprint::hashed).toList().forEach(e -> walk.entries.put(e.path(), e));
        } catch (UncheckedIOException e) {
            throw e.getCause();
        }
        return new Fingerprint(walk.entries);
    }

    /** A file to hash: where it is, its path in the tree, and the change time read when it was listed. */
    private record Found(Path file, String path, long ctime) {}

    /**
     * One walk of a tree: the entries read so far, and the files still to hash (when it hashes, the
     * files whose content is not {@code known}).
     */
    private static final class Walk {
        private final Path tree;
        private final boolean hash;
        private final Map<String, String> known;
        private final Map<String, Entry> entries = new TreeMap<>();
        private final List<Found> toHash = new ArrayList<>();

        Walk(Path tree, boolean hash, Map<String, String> known) {
            this.tree = tree;
            this.hash = hash;
            this.known = known;
        }

        void folder(Path folder, String prefix) throws IOException {
            List<Path> children = new ArrayList<>();
            try (DirectoryStream<Path> listing = Files.newDirectoryStream(folder)) {
                listing.forEach(children::add);
            }
            for (Path child : children) {
                String path = prefix + child.getFileName().toString();
                Map<String, Object> attrs = attributes(child);
                int mode = (Integer) attrs.get("mode");
                long ctime = ctime(attrs);
                if ((mode & S_IFMT) == S_IFDIR) {
                    if (!child.equals(tree.resolve(".git"))) {
                        entries.put(path, new Entry("d", "-", "-", "-", ctime, path));
                        folder(child, path + "/");
                    }
                    continue;
                }
                String id = known.get(path);
                if (!hash || id != null) {
                    String gitMode = (mode & S_IFMT) == S_IFLNK
                            ? FileContent.SYMLINK
                            : (mode & 0100) != 0 ? FileContent.EXECUTABLE : FileContent.REGULAR;
                    entries.put(
                            path,
                            new Entry(
                                    "f",
                                    gitMode,
                                    id != null ? id : UNREAD,
                                    String.valueOf(attrs.get("size")),
                                    ctime,
                                    path));
                } else {
                    toHash.add(new Found(child, path, ctime));
                }
            }
        }
    }

    private static Entry hashed(Found found) {
        try {
            FileContent content = FileContent.of(found.file())
                    .orElseThrow(() -> new IOException("not a regular file or symbolic link: " + found.file()));
            long size = (Long) Files.getAttribute(found.file(), "size", LinkOption.NOFOLLOW_LINKS);
            return new Entry("f", content.mode(), content.sha256(), String.valueOf(size), found.ctime(), found.path());
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    /** A path's mode (with its type), size and change time, from one {@code lstat}. */
    private static Map<String, Object> attributes(Path path) throws IOException {
        return Files.readAttributes(path, "unix:mode,size,ctime", LinkOption.NOFOLLOW_LINKS);
    }

    private static long ctime(Map<String, Object> attrs) {
        return ((FileTime) attrs.get("ctime")).to(TimeUnit.NANOSECONDS);
    }

    public int files() {
        return (int) entries.values().stream().filter(e -> e.kind().equals("f")).count();
    }

    public Set<String> paths() {
        return entries.keySet();
    }

    public Optional<Entry> entry(String path) {
        return Optional.ofNullable(entries.get(path));
    }

    /** The content alone (files' paths, modes and digests; no times): what a snapshot id binds. */
    public String contentDigest() {
        StringBuilder text = new StringBuilder();
        entries.values().stream()
                .filter(e -> e.kind().equals("f"))
                .forEach(e -> text.append(e.mode())
                        .append(' ')
                        .append(e.sha256())
                        .append(' ')
                        .append(e.path())
                        .append('\n'));
        return Digests.sha256(text.toString().getBytes(StandardCharsets.UTF_8));
    }

    public byte[] bytes() {
        StringBuilder text = new StringBuilder();
        entries.values().forEach(e -> text.append(e.line()).append('\n'));
        return text.toString().getBytes(StandardCharsets.UTF_8);
    }

    public static Fingerprint parse(byte[] bytes) {
        Map<String, Entry> entries = new TreeMap<>();
        for (String line : new String(bytes, StandardCharsets.UTF_8).split("\n", 0)) {
            if (line.isEmpty()) {
                continue;
            }
            String[] parts = line.split(" ", 6);
            if (parts.length != 6) {
                throw new IllegalArgumentException("malformed fingerprint line: " + line);
            }
            entries.put(
                    parts[5], new Entry(parts[0], parts[1], parts[2], parts[3], Long.parseLong(parts[4]), parts[5]));
        }
        return new Fingerprint(entries);
    }

    /**
     * The paths whose kind, mode, size or change time differ (and content, where both sides read it),
     * or that are on one side only; sorted.
     */
    public List<String> differences(Fingerprint now) {
        TreeSet<String> changed = new TreeSet<>();
        entries.forEach((path, entry) -> {
            Entry other = now.entries.get(path);
            boolean same = other != null
                    && entry.sameStat(other)
                    && (entry.sha256().equals(other.sha256())
                            || entry.sha256().equals(UNREAD)
                            || other.sha256().equals(UNREAD));
            if (!same) {
                changed.add(path);
            }
        });
        now.entries.keySet().stream().filter(path -> !entries.containsKey(path)).forEach(changed::add);
        return List.copyOf(changed);
    }
}
