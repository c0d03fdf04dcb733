package dev.wb.git;

import java.util.List;
import java.util.Optional;

/**
 * The reads about the state of a checkout that wb's git steps depend on: which branch is checked
 * out, whether it is published, where its remotes point, whether tracked files have uncommitted
 * changes, and which commits a carry would replay. {@link CliCheckoutReads} runs the git binary,
 * {@link JGitCheckoutReads} reads with JGit; {@code GitReadsConformanceTest} holds both to one answer.
 */
interface CheckoutReads {

    Optional<String> currentBranch();

    Optional<String> upstream(String branch);

    /** Sorted by name. */
    List<Remote> remotes();

    Optional<String> config(String key);

    boolean hasTrackedChanges();

    /** Sorted. */
    List<String> localBranches();

    Optional<String> remoteHead(String remote);

    /** {@code targetCommit} is a full id; oldest first, parents before children. */
    List<String> commitsNotOn(String targetCommit);

    /** {@code ref} is a full ref name. */
    boolean refExists(String ref);
}
