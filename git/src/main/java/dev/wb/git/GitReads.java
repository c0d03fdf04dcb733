package dev.wb.git;

import java.util.List;
import java.util.Optional;

/**
 * Every read wb makes of a repository, once per backend: {@link CliGitReads} runs the git binary,
 * {@link JGitReads} reads in-process with JGit. {@code GitReadsConformanceTest} holds both to the
 * same answers; {@link GitRepository} picks one per read.
 */
interface GitReads extends AutoCloseable {

    /** The commit HEAD points at; empty on an unborn branch. */
    Optional<String> head();

    /** Any revision peeled to a commit, as a full id; empty when it names no commit. */
    Optional<String> resolveCommit(String rev);

    /** The scope's changes, unsorted; a path may appear twice (see {@link ChangeSet}). */
    List<ChangedPath> changes(ChangeScope scope);

    /** What differs between merge-base(base, HEAD) and HEAD: work already committed on the branch. */
    List<ChangedPath> changesSince(String baseCommit);

    /** The file at {@code path} in {@code commit}; a GitException when the commit is unknown. */
    BlobRead blobAt(String commit, String path, long maxBytes);

    @Override
    void close();
}
