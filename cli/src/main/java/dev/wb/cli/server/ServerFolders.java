package dev.wb.cli.server;

import dev.wb.cli.client.Proc;
import dev.wb.cli.client.ServerPlace;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.LinkOption;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.stream.Stream;

/**
 * Where this user's warm servers live (docs/adr/0013-served-path.md): {@code
 * ${XDG_RUNTIME_DIR:-/tmp}/wb-<uid>/s-<hash of the key>/}, each folder private to the user. A folder that
 * is not the user's own, not a real folder or open to others is never used.
 */
public final class ServerFolders {

    private ServerFolders() {}

    /** This process's effective user id, or -1 where {@code /proc} cannot tell. */
    public static int uid() {
        try {
            return Proc.effectiveUid(Proc.status("self"));
        } catch (IOException | RuntimeException e) {
            return -1;
        }
    }

    /** The folder holding this user's servers, as the client computes it from the environment. */
    public static Path base(Map<String, String> env) {
        return ServerPlace.base(env, uid());
    }

    /** The servers' folders under {@code base} ({@code s-*}), private ones only; none when there is no base. */
    public static List<Path> servers(Path base) {
        List<Path> found = new ArrayList<>();
        int uid = uid();
        if (!Proc.privateFolder(base, uid)) {
            return found;
        }
        try (Stream<Path> list = Files.list(base)) {
            list.filter(p -> p.getFileName().toString().startsWith("s-"))
                    .filter(p -> Proc.privateFolder(p, uid))
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

    /** Deletes {@code root} and everything under it (links themselves, never what they point to). */
    static void deleteTree(Path root) throws IOException {
        if (!Files.exists(root, LinkOption.NOFOLLOW_LINKS)) {
            return;
        }
        try (var walk = Files.walk(root)) {
            for (Path p : (Iterable<Path>) walk.sorted(Comparator.reverseOrder())::iterator) {
                Files.deleteIfExists(p);
            }
        }
    }
}
