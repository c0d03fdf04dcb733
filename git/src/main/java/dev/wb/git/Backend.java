package dev.wb.git;

/**
 * Which implementation answers a read. Both give the same answers (one conformance suite runs
 * against each); they differ in cost, and the cheaper one depends on the read (ADR 5).
 */
public enum Backend {
    /** The measured choice for each read: the git binary or JGit. SHA-256 repositories always use the binary. */
    AUTO,
    /** The user's own {@code git} binary, one short process a read (blobs share one). */
    CLI,
    /** JGit in this process. Cannot read SHA-256 repositories. */
    JGIT
}
