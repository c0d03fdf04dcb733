package dev.wb.commands.gitflow;

import dev.wb.engine.TaskKey;
import dev.wb.gitrun.GitStep;
import dev.wb.gitrun.Precondition;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.Set;

/**
 * The series each {@code wb git} command plans, as pure functions of what was read: the commands
 * are computed, printed, and run only with {@code --execute}. Every step names the preconditions
 * checked immediately before it runs.
 */
public final class GitSeries {

    private GitSeries() {}

    /** The branch a task's work lives on. */
    public static String taskBranch(String prefix, TaskKey key) {
        return prefix + key.value();
    }

    /** {@code wb git start KEY}: bring the remote's refs up to date, then a new branch for the task. */
    public static List<GitStep> start(TaskKey key, String branchPrefix, boolean hasRemote) {
        List<GitStep> steps = new ArrayList<>();
        if (hasRemote) {
            steps.add(new GitStep(List.of("fetch", "--prune"), Set.of(), "bring the remote's branches up to date"));
        }
        steps.add(new GitStep(
                List.of("switch", "-c", taskBranch(branchPrefix, key)),
                Set.of(Precondition.CLEAN_TREE),
                "a branch of its own for " + key));
        return steps;
    }

    /** {@code wb git commit KEY}: what is staged, with the message from the task's commit.txt. */
    public static List<GitStep> commit(TaskKey key, String messageFile, Optional<String> author) {
        List<String> argv = new ArrayList<>(List.of("commit", "-F", messageFile));
        author.ifPresent(a -> argv.addAll(List.of("--author", a)));
        return List.of(new GitStep(
                argv,
                Set.of(Precondition.NOT_PROTECTED),
                "commit what is staged for " + key + ", never on a protected branch"));
    }

    /**
     * wb run's publish: stage the task's changed files, named one by one (each in its plan), then commit them
     * as {@code wb git commit KEY} does; never on a protected branch.
     */
    public static List<GitStep> stageAndCommit(
            TaskKey key, List<String> paths, String messageFile, Optional<String> author) {
        List<GitStep> steps = new ArrayList<>();
        List<String> argv = new ArrayList<>(List.of("add", "--"));
        argv.addAll(paths);
        steps.add(new GitStep(
                argv,
                Set.of(Precondition.NOT_PROTECTED),
                "stage " + key + "'s changed files, each one its plan holds, never on a protected branch"));
        steps.addAll(commit(key, messageFile, author));
        return steps;
    }

    /** {@code wb git push}: publish the current branch once, and track it. */
    public static List<GitStep> push(String remote, String branch) {
        return List.of(new GitStep(
                List.of("push", "-u", remote, branch),
                Set.of(Precondition.NOT_PROTECTED, Precondition.NO_UPSTREAM),
                "publish " + branch + " for the first time (a published branch is never pushed again)"));
    }

    /**
     * {@code wb git carry KEY --to TARGET}: a new branch cut from the target, then the task's commits
     * not yet on it, oldest first, each cherry-picked with {@code -x} so it names where it came from.
     */
    public static List<GitStep> carry(TaskKey key, String target, String newBranch, List<String> commits) {
        List<GitStep> steps = new ArrayList<>();
        steps.add(new GitStep(
                List.of("switch", "-c", newBranch, target),
                Set.of(Precondition.CLEAN_TREE),
                "a new branch for " + key + " cut from " + target));
        for (String commit : commits) {
            steps.add(new GitStep(
                    List.of("cherry-pick", "-x", commit),
                    Set.of(Precondition.CLEAN_TREE, Precondition.NOT_PROTECTED),
                    "carry " + commit.substring(0, Math.min(12, commit.length()))));
        }
        return steps;
    }
}
