package dev.wb.gitrun;

import java.nio.file.Files;
import java.nio.file.LinkOption;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;

/**
 * Runs a series of git steps: the only code in wb that writes to a repository, and only for a call
 * that passed {@code --execute}. Each step, in order: the {@link GitStepPolicy} check, then its
 * preconditions read from the repository as it is at that moment, then the user's own {@code git}
 * with exactly the printed arguments ({@link GitProcess}), after {@link #HOOKS_OFF} unless the caller lets
 * hooks run: a hook planted in {@code .git/hooks/} or a {@code core.hooksPath} written into the
 * repository's config would otherwise run in wb's process, as the user, outside any sandbox. A refusal or a non-zero exit stops the
 * series; a series that continued past a failure would, for a carry, land the remaining
 * cherry-picks out of order or on the wrong branch.
 */
public final class GitRunner {

    /** A hung git (a credential helper waiting, a hook that never ends) fails its step, not the session. */
    public static final Duration TIMEOUT = Duration.ofMinutes(10);

    /**
     * The words before each step's own while hooks are off: git then looks for every hook ({@code pre-commit},
     * {@code commit-msg}, {@code post-commit}, {@code pre-push}, {@code reference-transaction},
     * {@code post-checkout}, …) under {@code /dev/null}, where none can be, whatever {@code .git/hooks/} holds
     * or {@code core.hooksPath} the repository's config names (a {@code -c} of the command line wins over
     * every config file).
     */
    public static final List<String> HOOKS_OFF = List.of("-c", "core.hooksPath=/dev/null");

    private GitRunner() {}

    /**
     * Runs {@code series} in the work tree at {@code root}, with hooks off.
     *
     * @param protectedBranches what the not-protected precondition refuses (see
     *     {@link ProtectedBranches#resolve}); an empty set stands for the conventional names
     * @param env the whole environment git runs with (PATH, HOME, the user's GIT_* settings)
     */
    public static SeriesResult execute(
            Path root, List<GitStep> series, Set<String> protectedBranches, Map<String, String> env) {
        return execute(root, series, protectedBranches, env, false, TIMEOUT);
    }

    /**
     * As {@link #execute(Path, List, Set, Map)}; {@code runHooks} lets the repository's hooks run (the user's
     * {@code git.run_hooks}), else each step runs with {@link #HOOKS_OFF}.
     */
    public static SeriesResult execute(
            Path root, List<GitStep> series, Set<String> protectedBranches, Map<String, String> env, boolean runHooks) {
        return execute(root, series, protectedBranches, env, runHooks, TIMEOUT);
    }

    /** As {@link #execute(Path, List, Set, Map)}, with a time limit of its own for each step. */
    public static SeriesResult execute(
            Path root, List<GitStep> series, Set<String> protectedBranches, Map<String, String> env, Duration timeout) {
        return execute(root, series, protectedBranches, env, false, timeout);
    }

    /** As {@link #execute(Path, List, Set, Map, boolean)}, with a time limit of its own for each step. */
    public static SeriesResult execute(
            Path root,
            List<GitStep> series,
            Set<String> protectedBranches,
            Map<String, String> env,
            boolean runHooks,
            Duration timeout) {
        Map<String, String> environment = Map.copyOf(env);
        Set<String> protectedNames = Set.copyOf(protectedBranches);
        List<StepOutcome> ran = new ArrayList<>();
        for (int i = 0; i < series.size(); i++) {
            StepOutcome outcome = step(root, series.get(i), protectedNames, environment, runHooks, timeout);
            if (outcome.status() != StepOutcome.Status.OK) {
                return new SeriesResult(ran, Optional.of(outcome), series.subList(i, series.size()));
            }
            ran.add(outcome);
        }
        return new SeriesResult(ran, Optional.empty(), List.of());
    }

    private static StepOutcome step(
            Path root,
            GitStep step,
            Set<String> protectedBranches,
            Map<String, String> env,
            boolean runHooks,
            Duration timeout) {
        long start = System.nanoTime();
        Optional<String> refusal = GitStepPolicy.refusal(step.argv())
                .or(() -> folderAdded(root, step.argv()))
                .or(() -> PreconditionCheck.refusal(root, step.preconditions(), protectedBranches, env));
        if (refusal.isPresent()) {
            return StepOutcome.refused(step, refusal.get(), since(start));
        }
        List<String> argv = new ArrayList<>(runHooks ? List.of() : HOOKS_OFF);
        argv.addAll(step.argv());
        GitProcess.Result result = GitProcess.run(root, argv, literal(step.argv(), env), timeout);
        StepOutcome.Status status = result.exitCode() == 0 ? StepOutcome.Status.OK : StepOutcome.Status.FAILED;
        return new StepOutcome(step, status, result.exitCode(), result.output(), "", since(start));
    }

    /** An {@code add} naming a folder on disk (a nested repository, a directory) stages more than one file. */
    private static Optional<String> folderAdded(Path root, List<String> argv) {
        if (!argv.get(0).equals("add")) {
            return Optional.empty();
        }
        return argv.subList(Math.min(2, argv.size()), argv.size()).stream()
                .filter(p -> Files.isDirectory(root.resolve(p), LinkOption.NOFOLLOW_LINKS))
                .findFirst()
                .map(p -> "'" + Tokens.visible(p) + "' is a folder: wb stages files named one by one, never a folder");
    }

    /**
     * An {@code add}'s paths read literally whatever the user's environment says: {@code GIT_LITERAL_PATHSPECS}
     * set, the variables that would make them globs or case-blind removed.
     */
    private static Map<String, String> literal(List<String> argv, Map<String, String> env) {
        if (!argv.get(0).equals("add")) {
            return env;
        }
        Map<String, String> out = new HashMap<>(env);
        out.keySet().removeAll(List.of("GIT_GLOB_PATHSPECS", "GIT_NOGLOB_PATHSPECS", "GIT_ICASE_PATHSPECS"));
        out.put("GIT_LITERAL_PATHSPECS", "1");
        return out;
    }

    private static Duration since(long start) {
        return Duration.ofNanos(System.nanoTime() - start);
    }
}
