package dev.wb.commands.judge;

import dev.wb.commands.Failure;
import dev.wb.git.Backend;
import dev.wb.git.GitException;
import dev.wb.git.GitRepository;
import dev.wb.git.ObjectFormat;
import java.nio.file.Path;
import java.util.ArrayDeque;
import java.util.Deque;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;

/**
 * Whether one commit is an ancestor of another (or the same commit), from the read-only commit
 * resolution {@link GitRepository} already offers: a breadth-first walk of the descendant's parents
 * ({@code <id>^1}, {@code <id>^2}, … until one does not resolve), every commit visited once. The walk
 * is in-process (JGit) in a SHA-1 repository, so each step costs microseconds rather than a git
 * process; a SHA-256 repository is read by the git binary, a few milliseconds a step. A walk that
 * exceeds its limit ({@link #LIMIT} commits in process, {@link #CLI_LIMIT} with the binary) gives up
 * and refuses (fails closed). A shallow history ends where the clone ends: a generator beyond it
 * reads as no ancestor.
 *
 * <p>The git module has no ancestry read of its own; one {@code git merge-base --is-ancestor} (a
 * read-only subcommand) would replace this walk with one process whatever the history's size.
 */
final class ReproduceAncestry {

    /** The most commits an in-process walk visits before it gives up. */
    static final int LIMIT = 200_000;

    /** The most commits a walk by the git binary (two processes a commit) visits before it gives up. */
    static final int CLI_LIMIT = 20_000;

    private ReproduceAncestry() {}

    static boolean isAncestor(Path root, Map<String, String> env, ObjectFormat format, String ancestor,
            String descendant) {
        if (ancestor.equals(descendant)) {
            return true;
        }
        Backend backend = format == ObjectFormat.SHA1 ? Backend.JGIT : Backend.CLI;
        try (GitRepository repo = GitRepository.open(root, env, backend)) {
            return walk(repo, ancestor, descendant, backend == Backend.JGIT ? LIMIT : CLI_LIMIT);
        } catch (GitException e) {
            throw new Failure(Failure.Kind.NOT_COMPLETED, "cannot read the history between " + ancestor + " and "
                    + descendant + ": " + e.getMessage(), List.of("check the repository with: git fsck"));
        }
    }

    private static boolean walk(GitRepository repo, String ancestor, String descendant, int limit) {
        Deque<String> queue = new ArrayDeque<>();
        Set<String> seen = new HashSet<>();
        queue.add(descendant);
        seen.add(descendant);
        while (!queue.isEmpty()) {
            String commit = queue.poll();
            if (commit.equals(ancestor)) {
                return true;
            }
            for (int n = 1;; n++) {
                Optional<String> parent = repo.resolveCommit(commit + "^" + n);
                if (parent.isEmpty()) {
                    break;
                }
                if (seen.add(parent.get())) {
                    queue.add(parent.get());
                }
            }
            if (seen.size() > limit) {
                throw new Failure(Failure.Kind.CHECK_FAILED, "the base " + descendant + " has more than " + limit
                        + " commits in its history, and " + ancestor + " was not among the first " + limit
                        + " visited: its ancestry cannot be established", List.of(
                                "reproduce against a base closer to the generator's commit"));
            }
        }
        return false;
    }
}
