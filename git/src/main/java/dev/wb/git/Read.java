package dev.wb.git;

/**
 * The reads {@link GitRepository} dispatches, each with the backend {@link Backend#AUTO} uses for it.
 * The choices come from {@code bench/git-reads} on a 100,000-file repository (ADR 5 has the figures):
 * today the binary answers every read. A fresh JVM pays ~300 ms to load JGit and read a pack index
 * whole before its first answer, while a git process costs a few milliseconds; JGit is ahead only on
 * a repository already open in a warm JVM, by a few milliseconds a read, which a short-lived wb
 * command never earns back. Status-like reads are 2-3 times faster with git even warm. The choice
 * stays per read so that a new measurement can move one read without touching the others.
 */
enum Read {
    HEAD(Backend.CLI),
    RESOLVE_COMMIT(Backend.CLI),
    WORKTREE_CHANGES(Backend.CLI),
    STAGED_CHANGES(Backend.CLI),
    CHANGES_SINCE_BASE(Backend.CLI),
    BLOB(Backend.CLI),
    // The checkout reads (GitRepository#currentBranch and the rest): each one git process, which a
    // cold JVM answers before it could have loaded JGit; not measured separately.
    CURRENT_BRANCH(Backend.CLI),
    UPSTREAM(Backend.CLI),
    REMOTES(Backend.CLI),
    CONFIG(Backend.CLI),
    TRACKED_CHANGES(Backend.CLI),
    LOCAL_BRANCHES(Backend.CLI),
    REMOTE_HEAD(Backend.CLI),
    COMMITS_NOT_ON(Backend.CLI),
    REF_EXISTS(Backend.CLI);

    private final Backend auto;

    Read(Backend auto) {
        this.auto = auto;
    }

    /** The backend for this read: the caller's, or under AUTO the measured one (the binary for SHA-256). */
    Backend backend(Backend requested, ObjectFormat format) {
        if (requested != Backend.AUTO) {
            return requested;
        }
        return format == ObjectFormat.SHA256 ? Backend.CLI : auto;
    }

    static Read of(ChangeScope scope) {
        return scope == ChangeScope.WORKTREE ? WORKTREE_CHANGES : STAGED_CHANGES;
    }
}
