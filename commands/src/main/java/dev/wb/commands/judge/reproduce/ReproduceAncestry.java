package dev.wb.commands.judge.reproduce;

import dev.wb.commands.base.Failure;
import dev.wb.git.Backend;
import dev.wb.git.GitException;
import dev.wb.git.GitRepository;
import dev.wb.git.ObjectFormat;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;

/**
 * Whether one commit is an ancestor of another (or the same commit): one read-only
 * {@code git merge-base --is-ancestor} over the whole history, whatever its size. A shallow history
 * ends where the clone ends: a generator beyond it reads as no ancestor (fails closed).
 */
final class ReproduceAncestry {

    private ReproduceAncestry() {}

    static boolean isAncestor(
            Path root, Map<String, String> env, ObjectFormat format, String ancestor, String descendant) {
        if (ancestor.equals(descendant)) {
            return true;
        }
        // One git merge-base --is-ancestor: the whole history, in one process, whatever its size.
        try (GitRepository repo = GitRepository.open(root, env, Backend.CLI)) {
            return repo.resolveCommit(ancestor).isPresent() && repo.review().isAncestor(ancestor, descendant);
        } catch (GitException e) {
            throw new Failure(
                    Failure.Kind.NOT_COMPLETED,
                    "cannot read the history between " + ancestor + " and " + descendant + ": " + e.getMessage(),
                    List.of("check the repository with: git fsck"));
        }
    }
}
