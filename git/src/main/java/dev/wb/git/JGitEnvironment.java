package dev.wb.git;

import java.io.File;
import java.io.IOException;
import java.nio.file.FileStore;
import java.nio.file.FileSystems;
import java.nio.file.Path;
import java.util.Map;
import org.eclipse.jgit.lib.Config;
import org.eclipse.jgit.storage.file.FileBasedConfig;
import org.eclipse.jgit.storage.file.UserConfigFile;
import org.eclipse.jgit.util.FS;
import org.eclipse.jgit.util.SystemReader;

/**
 * Makes JGit see the environment git sees, and keeps it from writing anything. JGit reads its
 * surroundings through one JVM-wide {@link SystemReader}; left alone it would
 *
 * <ul>
 *   <li>read HOME from the JVM's {@code user.home} and ignore {@code GIT_CONFIG_GLOBAL}, so its
 *       user configuration (and with it {@code core.excludesFile}, which decides which files are
 *       ignored) could differ from the one the git binary reads with the same environment, and
 *       from machine to machine in tests;
 *   <li>measure each file system's timestamp resolution by writing {@code .probe-*} files into the
 *       repository's own directories, for up to three seconds, and save the result to
 *       {@code ~/.config/jgit/config}.
 * </ul>
 *
 * This reader takes HOME, XDG_CONFIG_HOME and the GIT_CONFIG_* variables from the environment the
 * repository was opened with, and keeps JGit's own configuration in memory, pre-filled with JGit's
 * fallback figures (2 s resolution, 10 ms racy threshold: what it uses whenever it cannot measure) for every mounted file
 * system, so nothing is probed and nothing is saved. A coarse resolution only makes JGit re-check a
 * few files modified within 2 s of their last snapshot; it never hides a change. Because the reader
 * is JVM-wide, the environment of the last JGit repository opened wins: wb opens one per process.
 */
final class JGitEnvironment extends SystemReader.Delegate {

    private static final String JAVA_KEY =
            System.getProperty("java.vendor") + '|' + System.getProperty("java.version") + '|';

    private final SystemReader base;
    private final Map<String, String> env;
    private final FileBasedConfig jgitConfig = inMemory(null);

    private JGitEnvironment(SystemReader base, Map<String, String> env) {
        super(base);
        this.base = base;
        this.env = env;
        knowEveryFileStore();
    }

    /** Installs a reader for {@code env}, unless one is in place already; returns it. */
    static synchronized JGitEnvironment install(Map<String, String> env) {
        SystemReader current = SystemReader.getInstance();
        if (current instanceof JGitEnvironment installed && installed.env.equals(env)) {
            return installed;
        }
        SystemReader base = current instanceof JGitEnvironment installed ? installed.base : current;
        JGitEnvironment reader = new JGitEnvironment(base, env);
        SystemReader.setInstance(reader);
        return reader;
    }

    /** HOME as git reads it: the environment's, not the JVM's {@code user.home}. */
    File home() {
        String home = env.get("HOME");
        return home == null || home.isEmpty() ? FS.DETECTED.userHome() : new File(home);
    }

    @Override
    public String getenv(String variable) {
        return env.get(variable);
    }

    @Override
    public Path getXdgConfigDirectory(FS fs) {
        String xdg = env.get("XDG_CONFIG_HOME");
        return xdg == null || xdg.isEmpty() ? home().toPath().resolve(".config") : Path.of(xdg);
    }

    @Override
    public FileBasedConfig openSystemConfig(Config parent, FS fs) {
        String noSystem = env.get("GIT_CONFIG_NOSYSTEM");
        if (noSystem != null && !noSystem.isEmpty()) {
            return inMemory(parent);
        }
        String system = env.get("GIT_CONFIG_SYSTEM");
        return system != null ? fileOrEmpty(parent, system, fs) : base.openSystemConfig(parent, fs);
    }

    @Override
    public FileBasedConfig openUserConfig(Config parent, FS fs) {
        String global = env.get("GIT_CONFIG_GLOBAL");
        if (global != null) {
            return fileOrEmpty(parent, global, fs);
        }
        File xdgConfig =
                getXdgConfigDirectory(fs).resolve("git").resolve("config").toFile();
        return new UserConfigFile(parent, new File(home(), ".gitconfig"), xdgConfig, fs);
    }

    @Override
    public FileBasedConfig openJGitConfig(Config parent, FS fs) {
        return jgitConfig;
    }

    /** A configuration file git would read; {@code /dev/null} and other non-files read as empty. */
    private static FileBasedConfig fileOrEmpty(Config parent, String path, FS fs) {
        File file = new File(path);
        return file.isFile() ? new FileBasedConfig(parent, file, fs) : inMemory(parent);
    }

    private static FileBasedConfig inMemory(Config parent) {
        return new FileBasedConfig(parent, null, FS.DETECTED) {
            @Override
            public void load() {
                // nothing on disk
            }

            @Override
            public void save() {
                // never written: reading a repository leaves no trace in ~/.config/jgit either
            }

            @Override
            public boolean isOutdated() {
                return false;
            }
        };
    }

    /** The entries JGit looks for before it measures a file system (its key: java vendor|version|store). */
    private void knowEveryFileStore() {
        long resolution = FS.FileStoreAttributes.FALLBACK_TIMESTAMP_RESOLUTION.toMillis();
        for (FileStore store : FileSystems.getDefault().getFileStores()) {
            String key = JAVA_KEY + storeKey(store);
            jgitConfig.setString("filesystem", key, "timestampResolution", resolution + " milliseconds");
            jgitConfig.setString("filesystem", key, "minRacyThreshold", "10 milliseconds");
        }
    }

    private String storeKey(FileStore store) {
        if (isWindows()) {
            try {
                if (store.getAttribute("volume:vsn") instanceof Integer serial) {
                    return serial.toString();
                }
            } catch (IOException | UnsupportedOperationException ignored) {
                // JGit falls back to the name as well
            }
        }
        return store.name();
    }
}
