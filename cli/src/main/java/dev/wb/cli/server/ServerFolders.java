package dev.wb.cli.server;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.LinkOption;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFileAttributes;
import java.nio.file.attribute.PosixFilePermission;
import java.util.ArrayList;
import java.util.EnumSet;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.stream.Stream;

/**
 * Where this user's warm servers live (docs/adr/0009-warm-server.md): {@code
 * ${XDG_RUNTIME_DIR:-/tmp}/wb-<uid>/s-<checksum of the key>/}, each folder private to the user. A
 * folder that is not the user's own, not a real folder or readable by others is never used.
 */
public final class ServerFolders {

    private static final EnumSet<PosixFilePermission> OWNER_ONLY = EnumSet.of(
            PosixFilePermission.OWNER_READ, PosixFilePermission.OWNER_WRITE, PosixFilePermission.OWNER_EXECUTE);

    private ServerFolders() {}

    /** The folder holding this user's servers, as bin/wb computes it from the environment. */
    public static Path base(Map<String, String> env) {
        String runtime = env.getOrDefault("XDG_RUNTIME_DIR", "");
        Path root = runtime.isEmpty() ? Path.of("/tmp") : Path.of(runtime);
        return root.resolve("wb-" + ProcProcess.self().uid());
    }

    /** Whether {@code dir} is a real folder (not a symlink) owned by this user with mode 0700. */
    public static boolean privateFolder(Path dir) {
        try {
            PosixFileAttributes a = Files.readAttributes(dir, PosixFileAttributes.class, LinkOption.NOFOLLOW_LINKS);
            return a.isDirectory()
                    && a.owner().getName().equals(System.getProperty("user.name"))
                    && a.permissions().equals(OWNER_ONLY);
        } catch (IOException | UnsupportedOperationException e) {
            return false;
        }
    }

    /** The servers' folders under {@code base} ({@code s-*}), private ones only; none when there is no base. */
    public static List<Path> servers(Path base) {
        List<Path> found = new ArrayList<>();
        if (!privateFolder(base)) {
            return found;
        }
        try (Stream<Path> list = Files.list(base)) {
            list.filter(p -> p.getFileName().toString().startsWith("s-"))
                    .filter(ServerFolders::privateFolder)
                    .sorted()
                    .forEach(found::add);
        } catch (IOException e) {
            // A base that cannot be listed has no server anyone could reach.
        }
        return found;
    }

    /** The first line of {@code file}, if it is a regular file (never through a symlink). */
    static Optional<String> firstLine(Path file) {
        try {
            if (!Files.isRegularFile(file, LinkOption.NOFOLLOW_LINKS)) {
                return Optional.empty();
            }
            List<String> lines = Files.readAllLines(file);
            return lines.isEmpty() ? Optional.empty() : Optional.of(lines.get(0));
        } catch (IOException e) {
            return Optional.empty();
        }
    }
}
