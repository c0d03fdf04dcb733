package dev.wb.git;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;

/**
 * Where a repository is and what hash it uses, as git itself sees it. git decides what counts as a
 * work tree ({@code GIT_DIR}, {@code GIT_WORK_TREE}, {@code safe.directory}, linked worktrees whose
 * {@code .git} is a file), so wb asks it once, with one {@code rev-parse}, instead of guessing.
 *
 * @param root the top of the work tree, as a real path
 * @param gitDir this work tree's git directory ({@code .git}, or {@code .git/worktrees/NAME})
 * @param commonDir the directory shared by all worktrees: objects, refs, and the config whose
 *     {@code extensions.objectFormat} names the hash
 */
record RepoLocation(Path root, Path gitDir, Path commonDir, ObjectFormat format) {

    static RepoLocation find(Path dir, GitBinary git) {
        Path absolute = dir.toAbsolutePath().normalize();
        if (!Files.isDirectory(absolute)) {
            throw new GitException("not inside a git work tree: " + absolute + " (no such directory)");
        }
        GitBinary.Output output = git.run(
                absolute,
                "rev-parse",
                "--show-toplevel",
                "--absolute-git-dir",
                "--git-common-dir",
                "--show-object-format");
        if (output.exitCode() != 0) {
            String reason = output.firstErrorLine();
            if (reason.contains("not a git repository") || reason.contains("must be run in a work tree")) {
                throw new GitException("not inside a git work tree: " + absolute);
            }
            throw new GitException("git cannot read the repository at " + absolute + ": " + reason);
        }
        String[] lines = output.text().split("\n", 0); // not lines(): streams cost a cold JVM milliseconds
        if (lines.length != 4 || lines[0].isEmpty()) {
            throw new GitException("not inside a git work tree: " + absolute);
        }
        try {
            Path root = Path.of(lines[0]).toRealPath();
            Path gitDir = Path.of(lines[1]);
            // --git-common-dir is relative to the directory git ran in unless it is outside it.
            Path commonDir = absolute.resolve(lines[2]).normalize();
            return new RepoLocation(root, gitDir, commonDir, ObjectFormat.ofGitName(lines[3]));
        } catch (IOException e) {
            throw new GitException("cannot resolve the work tree of " + absolute + ": " + e.getMessage(), e);
        }
    }
}
