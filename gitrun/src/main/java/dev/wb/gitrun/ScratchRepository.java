package dev.wb.gitrun;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;

/**
 * The throwaway repository {@code wb demo} works in, made here so that this module stays the only
 * one that writes to any repository, wb's own demo included. It runs the user's git with a fixed
 * identity and none of the user's configuration: no system or global file, no {@code GIT_*}
 * variable from the run's environment (a {@code GIT_DIR} inherited from a hook would otherwise point
 * {@code git init} and the commit at the user's own repository), no templates, no signing. So the
 * user's hooks and signing neither break nor are triggered by a scratch repository.
 */
public final class ScratchRepository {

    /** Written into {@code .git} of every scratch repository; {@link #commitAll} commits nowhere else. */
    static final String MARKER = "wb-scratch";

    private static final Duration TIMEOUT = Duration.ofSeconds(60);

    private ScratchRepository() {}

    /**
     * Makes {@code dir} (created if missing) a new repository on branch {@code main}, writes
     * {@code files} into it (relative path to content), and commits everything in it, files
     * already there included. Returns the commit's full id. git is found on the PATH of {@code env}, the
     * run's environment (a warm server's client's, never the server's own: docs/adr/0009).
     *
     * @throws IOException when {@code dir} already holds a repository, a path leaves {@code dir}, or git fails
     */
    public static String create(Path dir, Map<String, String> files, String message, Map<String, String> env)
            throws IOException {
        Files.createDirectories(dir);
        Path root = dir.toRealPath();
        if (Files.exists(root.resolve(".git"))) {
            throw new IOException(
                    root + " already holds a git repository; a scratch repository needs a folder of its own");
        }
        git(root, env, "init", "-q", "--template=", "-b", "main");
        Files.writeString(root.resolve(".git").resolve(MARKER), "made by wb for wb demo\n", StandardCharsets.UTF_8);
        for (Map.Entry<String, String> file : files.entrySet()) {
            Path target = root.resolve(file.getKey()).normalize();
            if (!target.startsWith(root) || target.equals(root) || target.startsWith(root.resolve(".git"))) {
                throw new IOException("not a path inside the scratch repository: " + file.getKey());
            }
            Files.createDirectories(target.getParent());
            Files.writeString(target, file.getValue(), StandardCharsets.UTF_8);
        }
        return commit(root, message, env);
    }

    /**
     * Commits every change in the scratch repository at {@code dir}, untracked files included, and
     * returns the new commit's full id. Only a repository {@link #create} made is accepted.
     *
     * @throws IOException when {@code dir} is not a scratch repository, nothing changed, or git fails
     */
    public static String commitAll(Path dir, String message, Map<String, String> env) throws IOException {
        Path root = dir.toRealPath();
        if (!Files.isRegularFile(root.resolve(".git").resolve(MARKER))) {
            throw new IOException(root + " is not a scratch repository made by wb; wb commits only in its own");
        }
        return commit(root, message, env);
    }

    private static String commit(Path root, String message, Map<String, String> env) throws IOException {
        git(root, env, "add", "-A");
        git(root, env, "-c", "commit.gpgsign=false", "commit", "-q", "-m", message);
        return git(root, env, "rev-parse", "HEAD").strip();
    }

    private static String git(Path root, Map<String, String> env, String... args) throws IOException {
        List<String> argv = new ArrayList<>(List.of(args));
        GitProcess.Result result = GitProcess.run(root, argv, environment(env), TIMEOUT);
        if (result.exitCode() != 0) {
            throw new IOException("git " + args[args[0].equals("-c") ? 2 : 0] + " failed in the scratch repository "
                    + root + ": " + result.output().strip());
        }
        return result.output();
    }

    /** The run's environment without any GIT_* variable, plus a fixed identity and no configuration files. */
    static Map<String, String> environment(Map<String, String> run) {
        Map<String, String> env = new HashMap<>();
        run.forEach((name, value) -> {
            if (!name.startsWith("GIT_")) {
                env.put(name, value);
            }
        });
        env.put("GIT_CONFIG_NOSYSTEM", "1");
        env.put("GIT_CONFIG_GLOBAL", "/dev/null");
        env.put("GIT_AUTHOR_NAME", "wb demo");
        env.put("GIT_AUTHOR_EMAIL", "demo@wb.invalid");
        env.put("GIT_COMMITTER_NAME", "wb demo");
        env.put("GIT_COMMITTER_EMAIL", "demo@wb.invalid");
        env.put("GIT_TERMINAL_PROMPT", "0");
        return env;
    }
}
