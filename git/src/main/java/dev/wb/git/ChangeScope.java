package dev.wb.git;

/** Which changes {@link GitRepository#changedPaths} reports, before any committed on the branch are added. */
public enum ChangeScope {
    /** HEAD against the working tree: staged and unstaged edits, plus untracked files that are not ignored. */
    WORKTREE,
    /** HEAD against the index only: what the next commit would contain. */
    STAGED
}
