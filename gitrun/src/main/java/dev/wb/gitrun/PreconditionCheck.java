package dev.wb.gitrun;

import dev.wb.git.Backend;
import dev.wb.git.GitException;
import dev.wb.git.GitRepository;
import java.nio.file.Path;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.TreeSet;

/**
 * Reads a step's preconditions from the repository as it is at that moment, through the read-only
 * façade, with a repository opened for this step alone. A repository that cannot be read refuses
 * the step: not knowing the state is not permission to write.
 */
final class PreconditionCheck {

    private PreconditionCheck() {}

    /** Why the step may not run now, or empty; checked in the enum's order, first refusal wins. */
    static Optional<String> refusal(Path root, Set<Precondition> preconditions, Set<String> protectedBranches,
            Map<String, String> env) {
        if (preconditions.isEmpty()) {
            return Optional.empty();
        }
        try (GitRepository git = GitRepository.open(root, env, Backend.AUTO)) {
            for (Precondition precondition : Precondition.values()) {
                if (preconditions.contains(precondition)) {
                    Optional<String> refusal = check(precondition, git, protectedBranches);
                    if (refusal.isPresent()) {
                        return refusal;
                    }
                }
            }
            return Optional.empty();
        } catch (GitException | IllegalArgumentException e) {
            return Optional.of("the preconditions could not be read, so the step is refused: " + e.getMessage());
        }
    }

    private static Optional<String> check(Precondition precondition, GitRepository git, Set<String> protectedBranches) {
        if (precondition == Precondition.CLEAN_TREE) {
            return git.hasTrackedChanges()
                    ? Optional.of("clean-tree: tracked files have uncommitted changes; commit or stash them"
                            + " (git stash), then run the series again")
                    : Optional.empty();
        }
        Optional<String> branch = git.currentBranch();
        if (branch.isEmpty()) {
            return Optional.of(name(precondition) + ": HEAD is detached, so wb cannot tell which branch the step"
                    + " would write to; switch to a branch first");
        }
        if (precondition == Precondition.NOT_PROTECTED) {
            return ProtectedBranches.isProtected(branch.get(), protectedBranches)
                    ? Optional.of("not-protected: branch " + branch.get() + " is protected (" + String.join(", ",
                            new TreeSet<>(protectedBranches.isEmpty() ? ProtectedBranches.CONVENTIONAL : protectedBranches))
                            + "); start a work branch first (wb git start KEY)")
                    : Optional.empty();
        }
        Optional<String> upstream = git.upstream(branch.get());
        return upstream.isPresent()
                ? Optional.of("no-upstream: branch " + branch.get() + " already tracks " + upstream.get()
                        + ", so it is published; wb pushes a branch once only (push it yourself if you mean to)")
                : Optional.empty();
    }

    private static String name(Precondition precondition) {
        return precondition.name().toLowerCase().replace('_', '-');
    }
}
