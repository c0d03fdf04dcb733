package dev.wb.git;

/**
 * What happened to a path, seen from HEAD (or, for changes committed since a base, from the merge
 * base). There is no rename: a scope check must see both the path left and the path arrived at.
 */
public enum Change {
    ADDED,
    MODIFIED,
    DELETED,
    /** In the working tree, not in the index, and not ignored. */
    UNTRACKED
}
