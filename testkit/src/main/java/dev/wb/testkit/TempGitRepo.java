package dev.wb.testkit;

import java.io.File;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;

/**
 * A real git repository in a temporary folder, driven by the user's own {@code git} binary. Tests
 * use it instead of any mock of git or of the file system.
 */
public final class TempGitRepo {

    private final Path root;

    private TempGitRepo(Path root) {
        this.root = root;
    }

    /** Creates {@code parent/name}, runs {@code git init} there and makes one commit. */
    public static TempGitRepo create(Path parent, String name) {
        return create(parent, name, new String[0]);
    }

    /**
     * Like {@link #create(Path, String)}, with more options for {@code git init}, such as
     * {@code --object-format=sha256}.
     */
    public static TempGitRepo create(Path parent, String name, String... initOptions) {
        try {
            Path root = Files.createDirectories(parent.resolve(name)).toRealPath();
            TempGitRepo repo = new TempGitRepo(root);
            List<String> init = new ArrayList<>(List.of("init", "-q", "-b", "main"));
            init.addAll(List.of(initOptions));
            repo.git(init.toArray(String[]::new));
            repo.write("README.md", "# scratch\n");
            repo.git("add", "README.md");
            repo.git("commit", "-q", "-m", "initial");
            return repo;
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    /**
     * Creates {@code parent/name} as a bare repository whose HEAD names {@code main}, a remote on disk
     * to push to and fetch from;
     * {@code initOptions} as for {@link #create(Path, String, String...)}.
     */
    public static Path createBare(Path parent, String name, String... initOptions) {
        try {
            Files.createDirectories(parent);
            List<String> argv = new ArrayList<>(List.of("git", "init", "-q", "--bare", "-b", "main"));
            argv.addAll(List.of(initOptions));
            argv.add(name);
            ProcessResult result = Processes.run(parent, argv, gitEnvironment(), 60);
            if (result.exitCode() != 0) {
                throw new IllegalStateException("git init --bare failed: " + result.stderr());
            }
            return parent.resolve(name).toRealPath();
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    /** Clones {@code origin} into {@code parent/name}, which records {@code origin/HEAD} as any clone does. */
    public static TempGitRepo cloneOf(Path origin, Path parent, String name) {
        try {
            Files.createDirectories(parent);
            ProcessResult result =
                    Processes.run(parent, List.of("git", "clone", "-q", origin.toString(), name), gitEnvironment(), 60);
            if (result.exitCode() != 0) {
                throw new IllegalStateException("git clone failed: " + result.stderr());
            }
            return new TempGitRepo(parent.resolve(name).toRealPath());
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    /** Commits everything in the work tree, untracked files included; returns the new commit's full id. */
    public String commitAll(String message) {
        git("add", "-A");
        git("commit", "-q", "-m", message);
        return git("rev-parse", "HEAD").strip();
    }

    public Path root() {
        return root;
    }

    public Path resolve(String relative) {
        return root.resolve(relative);
    }

    public Path write(String relative, String content) {
        try {
            Path file = root.resolve(relative);
            Files.createDirectories(file.getParent());
            return Files.writeString(file, content, StandardCharsets.UTF_8);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    /** Runs git with a fixed identity and no system or global configuration; fails on a non-zero exit. */
    public String git(String... args) {
        List<String> argv = new ArrayList<>();
        argv.add("git");
        argv.addAll(List.of(args));
        ProcessResult result = Processes.run(root, argv, gitEnvironment(), 60);
        if (result.exitCode() != 0) {
            throw new IllegalStateException("git " + String.join(" ", args) + " failed: " + result.stderr());
        }
        return result.stdout();
    }

    public static Map<String, String> gitEnvironment() {
        return Map.of(
                "GIT_CONFIG_NOSYSTEM", "1",
                "GIT_CONFIG_GLOBAL", "/dev/null",
                "GIT_AUTHOR_NAME", "Test Author",
                "GIT_AUTHOR_EMAIL", "author@example.com",
                "GIT_COMMITTER_NAME", "Test Author",
                "GIT_COMMITTER_EMAIL", "author@example.com");
    }

    /** The folder holding the git on this JVM's PATH, absolute. */
    public static Path gitFolder() {
        for (String entry : System.getenv().getOrDefault("PATH", "").split(File.pathSeparator, 0)) {
            if (!entry.isEmpty() && Files.isExecutable(Path.of(entry, "git"))) {
                return Path.of(entry).toAbsolutePath();
            }
        }
        throw new IllegalStateException("no git on this JVM's PATH");
    }

    /**
     * {@link #gitFolder()} named relative to this JVM's own folder: a PATH entry that only a lookup taking
     * relative entries from the JVM's folder would find git in (on a warm server that folder is {@code /},
     * not the caller's: docs/adr/0009).
     */
    public static Path gitFolderRelativeToThisJvm() {
        return Path.of("").toAbsolutePath().relativize(gitFolder());
    }

    /** The outcome of a finished child process. */
    public record ProcessResult(int exitCode, String stdout, String stderr) {}

    /** Runs real processes to completion, capturing their output. */
    public static final class Processes {
        private Processes() {}

        public static ProcessResult run(Path dir, List<String> argv, Map<String, String> env, long timeoutSeconds) {
            try {
                Path out = Files.createTempFile("wb-test-out", ".txt");
                Path err = Files.createTempFile("wb-test-err", ".txt");
                ProcessBuilder builder = new ProcessBuilder(argv)
                        .directory(dir.toFile())
                        .redirectOutput(out.toFile())
                        .redirectError(err.toFile())
                        .redirectInput(ProcessBuilder.Redirect.from(new File("/dev/null")));
                builder.environment().putAll(env);
                Process process = builder.start();
                if (!process.waitFor(timeoutSeconds, TimeUnit.SECONDS)) {
                    process.descendants().forEach(ProcessHandle::destroyForcibly);
                    process.destroyForcibly();
                    throw new IllegalStateException("timed out after " + timeoutSeconds + " s: " + argv);
                }
                ProcessResult result = new ProcessResult(
                        process.exitValue(),
                        Files.readString(out, StandardCharsets.UTF_8),
                        Files.readString(err, StandardCharsets.UTF_8));
                Files.deleteIfExists(out);
                Files.deleteIfExists(err);
                return result;
            } catch (IOException e) {
                throw new UncheckedIOException(e);
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
                throw new IllegalStateException(e);
            }
        }
    }
}
