package dev.wb.gitrun;

import java.io.IOException;
import java.nio.file.FileVisitResult;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.SimpleFileVisitor;
import java.nio.file.attribute.BasicFileAttributes;
import java.time.Duration;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;

/**
 * A second work tree of the user's repository, checked out detached at one commit in a folder of its
 * own outside the repository ({@code git worktree add --detach}), for {@code wb impl verify
 * --regression} to run a test on the code before the change. Hooks are off ({@link GitRunner#HOOKS_OFF}:
 * {@code post-checkout} would otherwise run), no branch or ref is made, and {@link #close} removes the
 * work tree and its folder whatever happened in it; every git call has a deadline.
 */
public final class DetachedWorktree implements AutoCloseable {

    private static final Duration TIMEOUT = Duration.ofMinutes(2);

    private final Path repository;
    private final Path folder;
    private final Path root;
    private final Map<String, String> env;

    private DetachedWorktree(Path repository, Path folder, Path root, Map<String, String> env) {
        this.repository = repository;
        this.folder = folder;
        this.root = root;
        this.env = env;
    }

    /**
     * Checks out {@code commit} (a full id) of the repository whose work tree is {@code repository}
     * into a new temporary folder. git is found on the PATH of {@code env}.
     *
     * @throws IOException when the folder cannot be made or git fails (the folder is gone again)
     */
    public static DetachedWorktree add(Path repository, String commit, Map<String, String> env) throws IOException {
        if (commit.isEmpty() || commit.startsWith("-")) {
            throw new IOException("not a commit id: '" + commit + "'");
        }
        Map<String, String> environment = environment(env);
        Path folder = Files.createTempDirectory("wb-regression-").toRealPath();
        Path root = folder.resolve("tree");
        List<String> argv = new ArrayList<>(GitRunner.HOOKS_OFF);
        argv.addAll(List.of("worktree", "add", "--detach", "--quiet", root.toString(), commit));
        GitProcess.Result result = GitProcess.run(repository, argv, environment, TIMEOUT);
        DetachedWorktree tree = new DetachedWorktree(repository, folder, root, environment);
        if (result.exitCode() != 0) {
            tree.close();
            throw new IOException("git worktree add failed: " + result.output().strip());
        }
        return tree;
    }

    /** The top of the checked-out tree. */
    public Path root() {
        return root;
    }

    /**
     * Unregisters the work tree from the repository and deletes its folder, even when git fails: then
     * the folder goes first and {@code git worktree prune} forgets the work tree whose folder is gone.
     */
    @Override
    public void close() {
        boolean removed = false;
        if (Files.isDirectory(root)) {
            List<String> argv = new ArrayList<>(GitRunner.HOOKS_OFF);
            argv.addAll(List.of("worktree", "remove", "--force", root.toString()));
            removed = GitProcess.run(repository, argv, env, TIMEOUT).exitCode() == 0;
        }
        deleteTree(folder);
        if (!removed) {
            List<String> prune = new ArrayList<>(GitRunner.HOOKS_OFF);
            prune.addAll(List.of("worktree", "prune"));
            GitProcess.run(repository, prune, env, TIMEOUT);
        }
    }

    /** The run's environment without the variables that would point git at another repository or index. */
    private static Map<String, String> environment(Map<String, String> run) {
        Map<String, String> env = new HashMap<>(run);
        for (String name : List.of("GIT_DIR", "GIT_WORK_TREE", "GIT_INDEX_FILE", "GIT_COMMON_DIR")) {
            env.remove(name);
        }
        env.put("GIT_TERMINAL_PROMPT", "0");
        return env;
    }

    private static void deleteTree(Path dir) {
        if (!Files.exists(dir)) {
            return;
        }
        try {
            Files.walkFileTree(dir, new SimpleFileVisitor<>() {
                @Override
                public FileVisitResult visitFile(Path file, BasicFileAttributes attrs) throws IOException {
                    Files.deleteIfExists(file);
                    return FileVisitResult.CONTINUE;
                }

                @Override
                public FileVisitResult postVisitDirectory(Path d, IOException e) throws IOException {
                    Files.deleteIfExists(d);
                    return FileVisitResult.CONTINUE;
                }
            });
        } catch (IOException ignored) {
            // A leftover folder in the system's temporary directory is harmless; the repository no longer names it.
        }
    }
}
