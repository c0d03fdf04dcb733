package dev.wb.cli;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.LinkOption;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFilePermissions;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Optional;

/**
 * Keeps wb's runtime out of the working folder. Two libraries fall back to it when the temporary
 * folder ({@code java.io.tmpdir}) cannot be written: jffi (the native stub under jnr-ffi, which binds
 * Chronicle's posix calls) extracts {@code jffi<digits>.so} into {@code user.dir}, and Chronicle makes
 * a {@code tmp} folder there; a user's project then received files from wb. So before anything loads,
 * wb points jffi at a folder of its own ({@code jffi.extract.dir}: with it set, jffi tries nothing
 * else) and, when the temporary folder is unusable, {@code java.io.tmpdir} too. wb's folder is
 * private (0700, owned by this user): under the user's cache folder, else in the temporary folder.
 * When none can be had, jffi is pointed at a folder that does not exist, so it fails to load
 * (Chronicle then runs without its posix calls) rather than write anywhere else.
 */
final class RuntimeFolders {

    static final String JFFI = "jffi.extract.dir";
    static final String TMP = "java.io.tmpdir";
    private static final Path NOWHERE = Path.of("/nonexistent/wb-native");

    private RuntimeFolders() {}

    /** Sets {@value #JFFI} unless the JVM was started with it, and {@value #TMP} when it is unusable. */
    static void pin(Map<String, String> env) {
        boolean tmpUsable = usable(Path.of(System.getProperty(TMP, "")));
        Optional<Path> own = own(env, tmpUsable);
        if (System.getProperty(JFFI) == null) {
            System.setProperty(
                    JFFI,
                    own.map(dir -> dir.resolve("native"))
                            .filter(RuntimeFolders::makePrivate)
                            .orElse(NOWHERE)
                            .toString());
        }
        if (!tmpUsable) {
            own.map(dir -> dir.resolve("tmp"))
                    .filter(RuntimeFolders::makePrivate)
                    .ifPresent(dir -> System.setProperty(TMP, dir.toString()));
        }
    }

    /** wb's own folder: {@code $XDG_CACHE_HOME/wb}, {@code ~/.cache/wb}, else {@code <tmp>/wb-<user>}. */
    private static Optional<Path> own(Map<String, String> env, boolean tmpUsable) {
        List<Path> folders = new ArrayList<>();
        String cache = env.getOrDefault("XDG_CACHE_HOME", "");
        String home = env.getOrDefault("HOME", "");
        if (cache.startsWith("/")) {
            folders.add(Path.of(cache, "wb"));
        } else if (home.startsWith("/")) {
            folders.add(Path.of(home, ".cache", "wb"));
        }
        if (tmpUsable) {
            folders.add(Path.of(System.getProperty(TMP), "wb-" + System.getProperty("user.name", "user")));
        }
        return folders.stream().filter(RuntimeFolders::makePrivate).findFirst();
    }

    private static boolean usable(Path folder) {
        return folder.isAbsolute() && Files.isDirectory(folder) && Files.isWritable(folder);
    }

    /** Creates the folder 0700 when missing; true when it is a real folder of this user's that only they can use. */
    private static boolean makePrivate(Path folder) {
        try {
            Files.createDirectories(folder.getParent());
            if (!Files.exists(folder, LinkOption.NOFOLLOW_LINKS)) {
                Files.createDirectory(
                        folder, PosixFilePermissions.asFileAttribute(PosixFilePermissions.fromString("rwx------")));
            }
            return Files.isDirectory(folder, LinkOption.NOFOLLOW_LINKS)
                    && Files.getOwner(folder, LinkOption.NOFOLLOW_LINKS)
                            .getName()
                            .equals(System.getProperty("user.name"))
                    && PosixFilePermissions.toString(Files.getPosixFilePermissions(folder, LinkOption.NOFOLLOW_LINKS))
                            .equals("rwx------")
                    && Files.isWritable(folder);
        } catch (IOException | UnsupportedOperationException | SecurityException e) {
            return false;
        }
    }
}
