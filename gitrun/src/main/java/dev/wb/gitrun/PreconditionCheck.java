package dev.wb.gitrun;

import dev.wb.engine.text.TerminalText;
import dev.wb.git.Backend;
import dev.wb.git.GitException;
import dev.wb.git.GitRepository;
import java.nio.file.Path;
import java.util.Arrays;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.TreeSet;

/**
 * Reads a step's preconditions from the repository as it is at that moment, through the read-only
 * façade, with a repository opened for this step alone. A repository that cannot be read refuses
 * the step: not knowing the state is not permission to write.
 */
public final class PreconditionCheck {

    /** One precondition as read: empty {@code failing} when it holds, else why not and what to do. */
    public record Reading(Precondition precondition, Optional<String> failing) {
        public boolean holds() {
            return failing.isEmpty();
        }
    }

    private PreconditionCheck() {}

    /** Why the step may not run now, or empty; checked in the enum's order, first refusal wins. */
    static Optional<String> refusal(
            Path root, Set<Precondition> preconditions, Set<String> protectedBranches, Map<String, String> env) {
        if (preconditions.isEmpty()) {
            return Optional.empty();
        }
        try (GitRepository git = GitRepository.open(root, env, Backend.AUTO)) {
            for (Precondition precondition : Precondition.values()) {
                if (preconditions.contains(precondition)) {
                    Optional<String> failing = check(precondition, git, protectedBranches);
                    if (failing.isPresent()) {
                        return Optional.of(precondition.label() + ": " + failing.get());
                    }
                }
            }
            return Optional.empty();
        } catch (GitException | IllegalArgumentException e) {
            return Optional.of("the preconditions could not be read, so the step is refused: " + e.getMessage());
        }
    }

    /**
     * Every one of {@code preconditions} as it reads now, in the enum's order: what a printed series
     * shows beside a step, so that a series {@code --execute} would refuse says so before it is run.
     */
    public static List<Reading> read(
            Path root, Set<Precondition> preconditions, Set<String> protectedBranches, Map<String, String> env) {
        List<Precondition> asked = Arrays.stream(Precondition.values())
                .filter(preconditions::contains)
                .toList();
        if (asked.isEmpty()) {
            return List.of();
        }
        try (GitRepository git = GitRepository.open(root, env, Backend.AUTO)) {
            return asked.stream()
                    .map(p -> new Reading(p, check(p, git, protectedBranches)))
                    .toList();
        } catch (GitException | IllegalArgumentException e) {
            Optional<String> unread = Optional.of("the repository could not be read: " + e.getMessage());
            return asked.stream().map(p -> new Reading(p, unread)).toList();
        }
    }

    private static Optional<String> check(Precondition precondition, GitRepository git, Set<String> protectedBranches) {
        if (precondition == Precondition.CLEAN_TREE) {
            return git.hasTrackedChanges()
                    ? Optional.of("tracked files have uncommitted changes; commit or stash them (git stash), then run"
                            + " the series again")
                    : Optional.empty();
        }
        Optional<String> branch = git.currentBranch().map(TerminalText::escape);
        if (branch.isEmpty()) {
            return Optional.of("HEAD is detached, so wb cannot tell which branch the step would write to; switch to a"
                    + " branch first");
        }
        if (precondition == Precondition.NOT_PROTECTED) {
            return ProtectedBranches.isProtected(git.currentBranch().get(), protectedBranches)
                    ? Optional.of("branch " + branch.get() + " is protected ("
                            + TerminalText.escape(String.join(
                                    ", ",
                                    new TreeSet<>(
                                            protectedBranches.isEmpty()
                                                    ? ProtectedBranches.CONVENTIONAL
                                                    : protectedBranches)))
                            + "); start a work branch first (wb git start KEY)")
                    : Optional.empty();
        }
        Optional<String> upstream = git.upstream(git.currentBranch().get());
        return upstream.isPresent()
                ? Optional.of("branch " + branch.get() + " already tracks " + TerminalText.escape(upstream.get())
                        + ", so it is published; wb pushes a branch once only (push it yourself if you mean to)")
                : Optional.empty();
    }
}
