package dev.wb.git;

import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Optional;
import org.eclipse.jgit.lib.ObjectId;

/**
 * wb's one way to read a git repository. Every read wb makes of a repository goes through here, and
 * none of them writes to it: no index refresh, no lock file, no fetched object, no config.
 * A workflow engine that guards a repository must not change what it guards, nor race the user's
 * own git for {@code index.lock}.
 *
 * <p>Each read is answered by the git binary or by JGit (see {@link Backend}); under
 * {@link Backend#AUTO} each read goes to the one measured faster for it ({@link Read}, ADR 5), and
 * JGit's classes are loaded only if a read goes to JGit. Not thread-safe: open one per command and
 * close it.
 */
public final class GitRepository implements AutoCloseable {

    /** The largest array Java can allocate; a bigger blob is always {@link BlobRead.TooLarge}. */
    private static final long MAX_BLOB = Integer.MAX_VALUE - 8;

    private final RepoLocation location;
    private final GitBinary git;
    private final Map<String, String> env;
    private final Backend backend;
    private CliGitReads cli;
    private JGitReads jgit;
    private CheckoutReads cliCheckout;
    private CheckoutReads jgitCheckout;

    private GitRepository(RepoLocation location, GitBinary git, Map<String, String> env, Backend backend) {
        this.location = location;
        this.git = git;
        this.env = env;
        this.backend = backend;
    }

    /**
     * Opens the repository whose work tree contains {@code dir}; git finds the top. {@code env} is the
     * whole environment git runs with (and JGit reads its configuration by): PATH, HOME,
     * GIT_CONFIG_*, GIT_INDEX_FILE and the rest.
     *
     * @throws GitException when git is missing, when {@code dir} is not inside a git work tree, or
     *     when JGit is asked to read a SHA-256 repository
     */
    public static GitRepository open(Path dir, Map<String, String> env, Backend backend) {
        Objects.requireNonNull(backend, "backend");
        Map<String, String> environment = Map.copyOf(env);
        GitBinary git = GitBinary.onPath(environment);
        RepoLocation location = RepoLocation.find(dir, git);
        if (backend == Backend.JGIT && location.format() == ObjectFormat.SHA256) {
            throw new GitException("JGit cannot read SHA-256 repositories: " + location.root()
                    + " (open it with Backend.AUTO or Backend.CLI)");
        }
        return new GitRepository(location, git, environment, backend);
    }

    /** The top of the work tree, as a real path. */
    public Path root() {
        return location.root();
    }

    public ObjectFormat objectFormat() {
        return location.format();
    }

    /** The full id of the commit HEAD points at; empty on an unborn branch. */
    public Optional<String> head() {
        return reads(Read.HEAD).head();
    }

    /** Any revision (branch, tag, id prefix, {@code HEAD~2}) peeled to a commit: its full id, or empty. */
    public Optional<String> resolveCommit(String ref) {
        return reads(Read.RESOLVE_COMMIT).resolveCommit(Objects.requireNonNull(ref, "ref"));
    }

    /**
     * The paths a change touched, sorted and distinct: the scope's own changes, plus, given a base
     * commit (a full id from {@link #resolveCommit}), every path that differs between
     * merge-base(base, HEAD) and HEAD, so work already committed on the branch is seen too.
     */
    public List<ChangedPath> changedPaths(ChangeScope scope, Optional<String> baseCommit) {
        ChangeSet changes = new ChangeSet();
        changes.addAll(reads(Read.of(scope)).changes(scope));
        baseCommit.ifPresent(
                base -> changes.addCommitted(reads(Read.CHANGES_SINCE_BASE).changesSince(base)));
        return changes.sorted();
    }

    /** The bytes of the file at {@code path} (repo-relative, {@code /}-separated) in {@code commitId}. */
    public BlobRead blobAt(String commitId, String path, long maxBytes) {
        if (maxBytes < 0) {
            throw new IllegalArgumentException("maxBytes must not be negative: " + maxBytes);
        }
        return reads(Read.BLOB).blobAt(commitId, path, Math.min(maxBytes, MAX_BLOB));
    }

    /**
     * The files of {@code commitId} that hold a fixed string, as {@code git grep -l -F [-w]} lists them:
     * read through JGit, bounded ({@link TreeSearch#complete()} false when it stopped early). A
     * SHA-256 repository, which JGit cannot read, is a GitException.
     */
    public TreeSearch searchAt(String commitId, TreeSearch.Query query) {
        if (location.format() == ObjectFormat.SHA256) {
            throw new GitException("JGit cannot search a SHA-256 repository: " + location.root());
        }
        String commit =
                jgit().resolveCommit(commitId).orElseThrow(() -> new GitException("unknown revision: " + commitId));
        return new FixedStringSearch(jgit().repository()).search(ObjectId.fromString(commit), query);
    }

    // --- the checkout: branches, upstreams, remotes, configuration, tracked changes ----------------

    /** The branch HEAD is on (also on an unborn branch); empty when HEAD is detached. */
    public Optional<String> currentBranch() {
        return checkout(Read.CURRENT_BRANCH).currentBranch();
    }

    /**
     * The branch's upstream as git names it for users: {@code origin/main}, or a local branch's name
     * when it tracks one in this repository; empty when it has none or the branch does not exist.
     */
    public Optional<String> upstream(String branch) {
        return checkout(Read.UPSTREAM).upstream(RefNames.operand("branch", Objects.requireNonNull(branch, "branch")));
    }

    /** Every configured remote, sorted by name, with the URLs git would fetch from and push to. */
    public List<Remote> remotes() {
        return checkout(Read.REMOTES).remotes();
    }

    /**
     * The effective value of a configuration key ({@code user.email}) as git resolves it from the
     * repository, user and system files the environment names; the last one when set several times;
     * empty when it is not set.
     */
    public Optional<String> config(String key) {
        return checkout(Read.CONFIG).config(RefNames.operand("config key", Objects.requireNonNull(key, "key")));
    }

    /**
     * Whether a tracked file has uncommitted changes, staged or not (a conflict counts). Untracked
     * files never count, nor do untracked files inside a submodule: {@code git switch -c} carries them
     * across unharmed, so they do not make a tree unclean for a git step. The scope check, which
     * must see files a plan added, reads {@link #changedPaths} instead.
     */
    public boolean hasTrackedChanges() {
        return checkout(Read.TRACKED_CHANGES).hasTrackedChanges();
    }

    /** The names of the local branches, sorted. */
    public List<String> localBranches() {
        return checkout(Read.LOCAL_BRANCHES).localBranches();
    }

    /**
     * The branch a remote's HEAD points at ({@code refs/remotes/origin/HEAD -> origin/main} gives
     * {@code main}): the remote's default branch as this checkout last learned it (a clone records it;
     * {@code git remote set-head} updates it). Empty when the checkout does not know it.
     */
    public Optional<String> remoteHead(String remote) {
        return checkout(Read.REMOTE_HEAD)
                .remoteHead(RefNames.operand("remote", Objects.requireNonNull(remote, "remote")));
    }

    /**
     * The commits reachable from HEAD and not from {@code target}, merges left out, oldest first
     * with every parent before its children: the commits {@code wb git carry} cherry-picks, in the
     * order they must be applied. Full ids; empty on an unborn branch.
     *
     * @throws GitException when {@code target} names no commit
     */
    public List<String> commitsNotOn(String target) {
        String commit = resolveCommit(target).orElseThrow(() -> new GitException("unknown revision: " + target));
        return head().isEmpty() ? List.of() : checkout(Read.COMMITS_NOT_ON).commitsNotOn(commit);
    }

    /**
     * Whether a ref exists and points at an object. {@code ref} is a full name
     * ({@code refs/heads/main}, {@code refs/remotes/origin/main}, {@code refs/tags/v1}): a short name
     * can be ambiguous, and then git and JGit would disagree about what it names.
     */
    public boolean refExists(String ref) {
        Objects.requireNonNull(ref, "ref");
        if (!ref.startsWith("refs/") || ref.indexOf('\n') >= 0) {
            throw new IllegalArgumentException("not a full ref name: '" + ref + "' (write refs/heads/" + ref + ")");
        }
        return checkout(Read.REF_EXISTS).refExists(ref);
    }

    /** The exact reads of a review boundary ({@link ReviewReads}), always by the git binary. */
    public ReviewReads review() {
        return new ReviewReads(git, location);
    }

    /** The history as messages ({@link LogReads}): recent subjects, a branch's commits. Always the git binary. */
    public LogReads log() {
        return new LogReads(git, location);
    }

    private CheckoutReads checkout(Read read) {
        if (read.backend(backend, location.format()) == Backend.JGIT) {
            if (jgitCheckout == null) {
                jgitCheckout = new JGitCheckoutReads(jgit().repository());
            }
            return jgitCheckout;
        }
        if (cliCheckout == null) {
            cliCheckout = new CliCheckoutReads(git, location.root());
        }
        return cliCheckout;
    }

    private JGitReads jgit() {
        if (jgit == null) {
            jgit = JGitReads.open(location, env);
        }
        return jgit;
    }

    private GitReads reads(Read read) {
        if (read.backend(backend, location.format()) == Backend.JGIT) {
            return jgit();
        }
        if (cli == null) {
            cli = new CliGitReads(git, location);
        }
        return cli;
    }

    @Override
    public void close() {
        if (cli != null) {
            cli.close();
        }
        if (jgit != null) {
            jgit.close();
        }
    }
}
