package dev.wb.commands.judge.snapshot;

import dev.wb.commands.base.Failure;
import dev.wb.commands.judge.core.FileContent;
import java.io.IOException;
import java.nio.file.FileVisitResult;
import java.nio.file.Files;
import java.nio.file.LinkOption;
import java.nio.file.Path;
import java.nio.file.SimpleFileVisitor;
import java.nio.file.StandardCopyOption;
import java.nio.file.attribute.BasicFileAttributes;
import java.util.List;
import java.util.Optional;
import java.util.TreeSet;

/**
 * {@code wb judge run --isolated}: a disposable copy of a snapshot's reviewable tree, made outside
 * the project (the system's temporary folder) so that relative writes land nowhere that matters, and
 * deleted afterwards with whatever the commands built in it. The snapshot's {@code .git} is not
 * copied: the copy is the tree under review, not its repository. This is isolation for ordinary
 * relative writes, not an operating-system sandbox.
 */
public final class IsolatedCopy implements AutoCloseable {

    private final Path dir;

    private IsolatedCopy(Path dir) {
        this.dir = dir;
    }

    public static IsolatedCopy of(Snapshot snapshot) {
        try {
            Path dir = Files.createTempDirectory("wb-judge-run-");
            Path from = snapshot.worktree();
            Files.walkFileTree(from, new SimpleFileVisitor<>() {
                @Override
                public FileVisitResult preVisitDirectory(Path source, BasicFileAttributes attrs) throws IOException {
                    if (source.equals(from.resolve(".git"))) {
                        return FileVisitResult.SKIP_SUBTREE;
                    }
                    Files.createDirectories(dir.resolve(from.relativize(source).toString()));
                    return FileVisitResult.CONTINUE;
                }

                @Override
                public FileVisitResult visitFile(Path source, BasicFileAttributes attrs) throws IOException {
                    Path target = dir.resolve(from.relativize(source).toString());
                    if (Files.isSymbolicLink(source)) {
                        Files.createSymbolicLink(target, Files.readSymbolicLink(source));
                    } else {
                        Files.copy(source, target, StandardCopyOption.COPY_ATTRIBUTES, LinkOption.NOFOLLOW_LINKS);
                    }
                    return FileVisitResult.CONTINUE;
                }
            });
            return new IsolatedCopy(dir);
        } catch (IOException e) {
            throw new Failure(
                    Failure.Kind.NOT_COMPLETED,
                    "cannot make the disposable copy for an isolated run: " + e.getMessage(),
                    List.of("check the free space of the temporary folder, then run again"));
        }
    }

    public Path dir() {
        return dir;
    }

    /**
     * The snapshot's files that the run changed or removed in the copy: boundary drift. New files are
     * not drift; they are build output, discarded with the copy.
     */
    public List<String> drift(Snapshot snapshot) {
        Fingerprint recorded;
        try {
            recorded = Fingerprint.parse(Files.readAllBytes(snapshot.dir().resolve(Snapshot.FINGERPRINT)));
        } catch (IOException e) {
            return List.of("(the snapshot's fingerprint could not be read)");
        }
        TreeSet<String> changed = new TreeSet<>();
        recorded.paths().forEach(path -> {
            Fingerprint.Entry entry = recorded.entry(path).orElseThrow();
            if (!entry.kind().equals("f")) {
                return;
            }
            Optional<FileContent> now = FileContent.of(dir.resolve(path));
            if (now.isEmpty()
                    || !now.get().mode().equals(entry.mode())
                    || !FileContent.idLike(dir.resolve(path), entry.sha256())
                            .orElse("")
                            .equals(entry.sha256())) {
                changed.add(path);
            }
        });
        return List.copyOf(changed);
    }

    @Override
    public void close() {
        SnapshotCapture.deleteTree(dir);
    }
}
