package dev.wb.git;

import java.nio.file.Path;
import java.util.List;
import java.util.Optional;

/**
 * The reads done by the git binary: plumbing commands where they exist (stable output, no user
 * configuration of diffs), and {@code status} for the working tree, which checks the index's stat
 * data from several threads and is what makes git fast on a large tree (here without writing the
 * refreshed data back). Blobs go through one {@link CatFileBatch} process for the whole session.
 */
final class CliGitReads implements GitReads {

    private final GitBinary git;
    private final RepoLocation repo;
    private CatFileBatch batch;

    CliGitReads(GitBinary git, RepoLocation repo) {
        this.git = git;
        this.repo = repo;
    }

    @Override
    public Optional<String> head() {
        return resolveCommit("HEAD");
    }

    @Override
    public Optional<String> resolveCommit(String rev) {
        GitBinary.Output output = git.run(root(), "rev-parse", "-q", "--verify", "--end-of-options", rev + "^{commit}");
        return output.exitCode() == 0 ? Optional.of(output.text().strip()) : Optional.empty();
    }

    @Override
    public List<ChangedPath> changes(ChangeScope scope) {
        if (scope == ChangeScope.WORKTREE) {
            return StatusCodes.porcelain(git.runOrThrow(
                    root(),
                    "status",
                    "--porcelain=v1",
                    "-z",
                    "--untracked-files=all",
                    "--no-renames",
                    "--ignore-submodules=none"));
        }
        GitBinary.Output staged = diffIndex("HEAD");
        if (staged.exitCode() != 0 && head().isEmpty()) {
            staged = diffIndex(repo.format().emptyTree()); // unborn branch: everything staged is new
        }
        if (staged.exitCode() != 0) {
            throw new GitException("git diff-index failed: " + staged.firstErrorLine());
        }
        return StatusCodes.nameStatus(staged.stdout());
    }

    private GitBinary.Output diffIndex(String tree) {
        return git.run(
                root(),
                "diff-index",
                "--cached",
                "-z",
                "--name-status",
                "--no-renames",
                "--ignore-submodules=none",
                tree,
                "--");
    }

    @Override
    public List<ChangedPath> changesSince(String baseCommit) {
        GitBinary.Output diff = diffTree("--merge-base", baseCommit, "HEAD");
        if (diff.exitCode() == 0) {
            return StatusCodes.nameStatus(diff.stdout());
        }
        // No single merge base (none, or several after criss-cross merges), an unborn HEAD, or an
        // unknown base: merge-base's exit code tells them apart (1 is "none").
        GitBinary.Output mergeBase = git.run(root(), "merge-base", baseCommit, "HEAD");
        if (mergeBase.exitCode() == 0) {
            return StatusCodes.nameStatus(diffTreeOrThrow(mergeBase.text().strip()));
        }
        if (mergeBase.exitCode() == 1) {
            return StatusCodes.nameStatus(diffTreeOrThrow(repo.format().emptyTree()));
        }
        if (head().isEmpty()) {
            return List.of(); // nothing committed on an unborn branch
        }
        throw new GitException("unknown revision: " + baseCommit);
    }

    private GitBinary.Output diffTree(String... revs) {
        String[] args = {"diff-tree", "-r", "-z", "--name-status", "--no-renames"};
        String[] argv = new String[args.length + revs.length];
        System.arraycopy(args, 0, argv, 0, args.length);
        System.arraycopy(revs, 0, argv, args.length, revs.length);
        return git.run(root(), argv);
    }

    private byte[] diffTreeOrThrow(String from) {
        GitBinary.Output diff = diffTree(from, "HEAD");
        if (diff.exitCode() != 0) {
            throw new GitException("git diff-tree failed: " + diff.firstErrorLine());
        }
        return diff.stdout();
    }

    @Override
    public BlobRead blobAt(String commit, String path, long maxBytes) {
        if (!RepoPaths.isPlain(path)) {
            return new BlobRead.Absent();
        }
        if (!isOneLine(commit) || !isOneLine(path)) {
            // cat-file reads names line by line and drops a trailing CR: such names go as arguments
            return TreeEntryLookup.read(git, root(), commit, path, maxBytes);
        }
        if (batch == null) {
            batch = CatFileBatch.start(git, root());
        }
        try {
            BlobRead read = batch.read(commit, path, maxBytes);
            if (read instanceof BlobRead.TooLarge) {
                close(); // its stdout still holds the blob; a fresh process is cheaper than draining it
            }
            return read;
        } catch (GitException e) {
            close(); // the next read starts a process whose answers are in step with its questions
            throw e;
        }
    }

    private static boolean isOneLine(String name) {
        return name.indexOf('\n') < 0 && name.indexOf('\r') < 0;
    }

    private Path root() {
        return repo.root();
    }

    @Override
    public void close() {
        if (batch != null) {
            batch.close();
            batch = null;
        }
    }
}
