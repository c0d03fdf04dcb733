package dev.wb.commands.verify;

import dev.wb.commands.Session;
import dev.wb.commands.base.Failure;
import dev.wb.commands.git.Repositories;
import dev.wb.commands.plan.Plan;
import dev.wb.git.Change;
import dev.wb.git.ChangeScope;
import dev.wb.git.ChangedPath;
import dev.wb.git.GitException;
import dev.wb.git.GitRepository;
import dev.wb.projections.events.verify.VerifyStarted;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;

/**
 * What this branch changed, as a scope check with {@code --base} reads it: the working tree against
 * HEAD plus every path that differs between the merge base with the base branch and HEAD. The base
 * branch is {@code --base REF} when given, else the branch {@code origin/HEAD} names, else the first of
 * {@code main}, {@code master}, {@code develop} that exists (as the original picks its default
 * branch); with none, the working tree alone.
 *
 * @param paths the changed paths that still exist (added, edited or untracked; a deletion adds no test)
 * @param mergeBase the merge base's full commit id; empty when no base branch was found
 * @param baseName the base branch as found ({@code main}, {@code origin/main}); empty with no base
 * @param top the top of the repository's work tree, a real path
 */
public record BranchChanges(List<String> paths, Optional<String> mergeBase, String baseName, Path top) {

    private static final List<String> DEFAULT_BRANCHES = List.of("main", "master", "develop");

    public BranchChanges {
        paths = List.copyOf(paths);
    }

    /**
     * Reads the branch's changes.
     *
     * @throws Failure (usage) when {@code --base} names no commit or git cannot read the repository
     */
    public static BranchChanges read(Session session, Optional<String> baseRef) {
        try (GitRepository git = Repositories.open(session.workspace(), session.env())) {
            Optional<String> head = git.head();
            Optional<Base> base = head.isEmpty() ? Optional.empty() : base(git, baseRef);
            Optional<String> mergeBase = base.flatMap(b -> git.review().mergeBase(b.commit(), head.get()));
            List<String> paths = new ArrayList<>();
            for (ChangedPath changed : git.changedPaths(ChangeScope.WORKTREE, mergeBase)) {
                if (changed.change() != Change.DELETED) {
                    paths.add(changed.path());
                }
            }
            return new BranchChanges(paths, mergeBase, base.map(Base::name).orElse(""), git.root());
        } catch (GitException e) {
            throw Repositories.failure(e);
        }
    }

    private record Base(String name, String commit) {}

    /** The base branch, or empty. */
    private static Optional<Base> base(GitRepository git, Optional<String> baseRef) {
        if (baseRef.isPresent()) {
            String ref = baseRef.get();
            String commit = (ref.startsWith("-") ? Optional.<String>empty() : git.resolveCommit(ref))
                    .orElseThrow(
                            () -> new Failure(
                                    Failure.Kind.USAGE,
                                    "--base " + ref + " names no commit in this repository",
                                    List.of(
                                            "name the branch this one started from, e.g. --base main (git branch -a lists them)")));
            return Optional.of(new Base(ref, commit));
        }
        List<String> candidates = new ArrayList<>();
        git.remoteHead("origin").ifPresent(b -> candidates.add("origin/" + b));
        candidates.addAll(DEFAULT_BRANCHES);
        DEFAULT_BRANCHES.forEach(b -> candidates.add("origin/" + b));
        for (String name : candidates) {
            Optional<String> commit = git.resolveCommit(name);
            if (commit.isPresent()) {
                return Optional.of(new Base(name, commit.get()));
            }
        }
        return Optional.empty();
    }

    /** The plan's test targets checked against these changes, as {@code verify.started} records them. */
    VerifyStarted.Tests check(List<Plan.PlannedTest> tests) {
        List<String> missing = new ArrayList<>();
        for (Plan.PlannedTest test : tests) {
            test.target().filter(t -> !t.isBlank()).filter(t -> !changed(t)).ifPresent(missing::add);
        }
        return new VerifyStarted.Tests(missing, mergeBase.orElse(""));
    }

    /** Whether a changed path is the target's file (a pytest node id's {@code ::test} left off) or lies under it. */
    boolean changed(String target) {
        String path = testPath(target);
        return paths.stream().anyMatch(p -> p.equals(path) || p.startsWith(path + "/"));
    }

    /** The file a target names: {@code ./} and a {@code ::name} node id left off, {@code \} read as {@code /}. */
    static String testPath(String target) {
        String path = target.strip().replace('\\', '/');
        int node = path.indexOf("::");
        if (node >= 0) {
            path = path.substring(0, node);
        }
        while (path.startsWith("./")) {
            path = path.substring(2);
        }
        while (path.endsWith("/")) {
            path = path.substring(0, path.length() - 1);
        }
        return path;
    }
}
