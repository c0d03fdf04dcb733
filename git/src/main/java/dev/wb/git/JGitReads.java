package dev.wb.git;

import java.io.IOException;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Optional;
import org.eclipse.jgit.errors.AmbiguousObjectException;
import org.eclipse.jgit.errors.IncorrectObjectTypeException;
import org.eclipse.jgit.errors.MissingObjectException;
import org.eclipse.jgit.errors.RevisionSyntaxException;
import org.eclipse.jgit.lib.Constants;
import org.eclipse.jgit.lib.ObjectId;
import org.eclipse.jgit.lib.ObjectReader;
import org.eclipse.jgit.lib.Repository;
import org.eclipse.jgit.revwalk.RevCommit;
import org.eclipse.jgit.revwalk.RevWalk;
import org.eclipse.jgit.storage.file.FileRepositoryBuilder;
import org.eclipse.jgit.treewalk.TreeWalk;
import org.eclipse.jgit.util.FS;

/**
 * The reads done in-process by JGit, the project's chosen Java reader of git data: no process
 * start, and the repository stays open between reads. It never writes: the index is only ever read
 * ({@code readDirCache}, never {@code lockDirCache}), and {@link JGitEnvironment} keeps JGit's own
 * files untouched. Working-tree and staged changes live in {@link JGitChanges}.
 */
final class JGitReads implements GitReads {

    private final Repository repo;

    private JGitReads(Repository repo) {
        this.repo = repo;
    }

    /**
     * Opens the repository git located: its git directory and work tree as git found them (a linked
     * worktree's git directory leads JGit to the common one), then the environment's overrides
     * (GIT_INDEX_FILE in a hook, GIT_OBJECT_DIRECTORY, alternates) as git would apply them.
     */
    static JGitReads open(RepoLocation location, Map<String, String> env) {
        JGitEnvironment environment = JGitEnvironment.install(env);
        FS fs = FS.DETECTED.newInstance().setUserHome(environment.home());
        try {
            return new JGitReads(new FileRepositoryBuilder()
                    .setFS(fs)
                    .setGitDir(location.gitDir().toFile())
                    .setWorkTree(location.root().toFile())
                    .readEnvironment(environment)
                    .setMustExist(true)
                    .build());
        } catch (IOException | IllegalArgumentException e) {
            throw new GitException("JGit cannot open the repository at " + location.root() + ": " + e.getMessage(), e);
        }
    }

    @Override
    public Optional<String> head() {
        return resolveCommit(Constants.HEAD);
    }

    @Override
    public Optional<String> resolveCommit(String rev) {
        try {
            return Optional.ofNullable(repo.resolve(rev + "^{commit}")).map(ObjectId::name);
        } catch (RevisionSyntaxException
                | AmbiguousObjectException
                | IncorrectObjectTypeException
                | MissingObjectException e) {
            return Optional.empty(); // what git's rev-parse --verify answers for these: no such commit
        } catch (IOException e) {
            throw failed("resolve " + rev, e);
        }
    }

    @Override
    public List<ChangedPath> changes(ChangeScope scope) {
        try {
            return scope == ChangeScope.WORKTREE ? JGitChanges.worktree(repo) : JGitChanges.staged(repo);
        } catch (IOException e) {
            throw failed("read the " + scope.name().toLowerCase(Locale.ROOT) + " changes", e);
        }
    }

    @Override
    public List<ChangedPath> changesSince(String baseCommit) {
        try {
            Optional<String> head = head();
            return head.isEmpty()
                    ? List.of()
                    : JGitChanges.since(repo, commit(baseCommit), ObjectId.fromString(head.get()));
        } catch (IOException e) {
            throw failed("diff against " + baseCommit, e);
        }
    }

    @Override
    public BlobRead blobAt(String commit, String path, long maxBytes) {
        if (!RepoPaths.isPlain(path)) {
            return new BlobRead.Absent();
        }
        try (RevWalk walk = new RevWalk(repo);
                ObjectReader reader = repo.newObjectReader()) {
            RevCommit parsed = walk.parseCommit(commit(commit));
            try (TreeWalk entry = TreeWalk.forPath(reader, path, parsed.getTree())) {
                if (entry == null || entry.getFileMode(0).getObjectType() != Constants.OBJ_BLOB) {
                    return new BlobRead.Absent(); // a directory, or a submodule's commit
                }
                ObjectId blob = entry.getObjectId(0);
                long size = reader.getObjectSize(blob, Constants.OBJ_BLOB); // the header only
                if (size > maxBytes) {
                    return new BlobRead.TooLarge(size);
                }
                return new BlobRead.Found(reader.open(blob, Constants.OBJ_BLOB).getBytes(Math.toIntExact(size)));
            }
        } catch (IOException e) {
            throw failed("read " + path + " at " + commit, e);
        }
    }

    /** The commit a revision names; a GitException when it names none. */
    private ObjectId commit(String rev) {
        return resolveCommit(rev)
                .map(ObjectId::fromString)
                .orElseThrow(() -> new GitException("unknown revision: " + rev));
    }

    private static GitException failed(String what, IOException e) {
        return new GitException("JGit could not " + what + ": " + e.getMessage(), e);
    }

    /** The open repository, for {@link JGitCheckoutReads}. */
    Repository repository() {
        return repo;
    }

    @Override
    public void close() {
        repo.close();
    }
}
