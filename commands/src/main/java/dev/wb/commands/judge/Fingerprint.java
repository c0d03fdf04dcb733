package dev.wb.commands.judge;

import dev.wb.engine.Digests;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.FileVisitResult;
import java.nio.file.Files;
import java.nio.file.LinkOption;
import java.nio.file.Path;
import java.nio.file.SimpleFileVisitor;
import java.nio.file.attribute.BasicFileAttributes;
import java.nio.file.attribute.FileTime;
import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.TreeMap;
import java.util.TreeSet;
import java.util.concurrent.TimeUnit;

/**
 * Every path of a snapshot's reviewable tree (its {@code .git} aside) by content and change time.
 * Files carry their mode and the SHA-256 of their bytes; folders only their change time, which
 * moves when an entry is created or removed inside them. The change time ({@code ctime}) moves on
 * every write and cannot be set back by a user, so a file changed and restored to its bytes, or
 * created and deleted again, still reads as modified. The inode number is deliberately left out:
 * FUSE and network mounts synthesise it and let it drift when nothing changed.
 *
 * <p>One line a path, sorted: {@code kind mode sha256 ctime-nanos path} ({@code kind} f for a file
 * or link, d for a folder; a folder's mode and digest are {@code -}).
 */
public final class Fingerprint {

    public record Entry(String kind, String mode, String sha256, long ctimeNanos, String path) {
        String line() {
            return kind + ' ' + mode + ' ' + sha256 + ' ' + ctimeNanos + ' ' + path;
        }
    }

    private final Map<String, Entry> entries;

    private Fingerprint(Map<String, Entry> entries) {
        this.entries = Collections.unmodifiableMap(entries);
    }

    /** Walks {@code tree}, hashing files on every core. */
    public static Fingerprint of(Path tree) throws IOException {
        List<Path> files = new ArrayList<>();
        List<Path> dirs = new ArrayList<>();
        Files.walkFileTree(tree, new SimpleFileVisitor<>() {
            @Override
            public FileVisitResult preVisitDirectory(Path dir, BasicFileAttributes attrs) {
                if (dir.equals(tree.resolve(".git"))) {
                    return FileVisitResult.SKIP_SUBTREE;
                }
                dirs.add(dir);
                return FileVisitResult.CONTINUE;
            }

            @Override
            public FileVisitResult visitFile(Path file, BasicFileAttributes attrs) {
                files.add(file);
                return FileVisitResult.CONTINUE;
            }
        });
        Map<String, Entry> entries = new TreeMap<>();
        try {
            files.parallelStream().map(file -> fileEntry(tree, file)).toList()
                    .forEach(e -> entries.put(e.path(), e));
        } catch (UncheckedIOException e) {
            throw e.getCause();
        }
        for (Path dir : dirs) {
            String path = dir.equals(tree) ? "." : relative(tree, dir);
            entries.put(path, new Entry("d", "-", "-", ctime(dir), path));
        }
        return new Fingerprint(entries);
    }

    private static Entry fileEntry(Path tree, Path file) {
        try {
            long ctime = ctime(file);
            FileContent content = FileContent.of(file).orElseThrow(() -> new IOException(
                    "not a regular file or symbolic link: " + file));
            return new Entry("f", content.mode(), content.sha256(), ctime, relative(tree, file));
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    private static long ctime(Path path) throws IOException {
        FileTime time = (FileTime) Files.getAttribute(path, "unix:ctime", LinkOption.NOFOLLOW_LINKS);
        return time.to(TimeUnit.NANOSECONDS);
    }

    private static String relative(Path tree, Path path) {
        return tree.relativize(path).toString().replace(java.io.File.separatorChar, '/');
    }

    public int files() {
        return (int) entries.values().stream().filter(e -> e.kind().equals("f")).count();
    }

    public java.util.Set<String> paths() {
        return entries.keySet();
    }

    public Optional<Entry> entry(String path) {
        return Optional.ofNullable(entries.get(path));
    }

    /** The content alone (files' paths, modes and digests; no times): what a snapshot id binds. */
    public String contentDigest() {
        StringBuilder text = new StringBuilder();
        entries.values().stream().filter(e -> e.kind().equals("f"))
                .forEach(e -> text.append(e.mode()).append(' ').append(e.sha256()).append(' ').append(e.path())
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
        for (String line : new String(bytes, StandardCharsets.UTF_8).split("\n")) {
            if (line.isEmpty()) {
                continue;
            }
            String[] parts = line.split(" ", 5);
            if (parts.length != 5) {
                throw new IllegalArgumentException("malformed fingerprint line: " + line);
            }
            entries.put(parts[4], new Entry(parts[0], parts[1], parts[2], Long.parseLong(parts[3]), parts[4]));
        }
        return new Fingerprint(entries);
    }

    /** The paths whose kind, content or change time differ, or that are on one side only; sorted. */
    public List<String> differences(Fingerprint now) {
        TreeSet<String> changed = new TreeSet<>();
        entries.forEach((path, entry) -> {
            if (!entry.equals(now.entries.get(path))) {
                changed.add(path);
            }
        });
        now.entries.keySet().stream().filter(path -> !entries.containsKey(path)).forEach(changed::add);
        return List.copyOf(changed);
    }
}
