package dev.wb.gitrun;

import java.util.Locale;

/**
 * What must hold immediately before a step runs. Each is read afresh before its step, never once
 * for the series: a series changes the state its later steps depend on (the branch a
 * {@code switch -c} created is the one the next commit must not find protected).
 */
public enum Precondition {
    /**
     * No tracked file has uncommitted changes, staged or not. Untracked files never count: a
     * {@code switch -c} carries them across unharmed, and a {@code git stash} without {@code -u} would
     * leave them where they are, so counting them would refuse the ordinary case and suggest a remedy
     * that does not clear it.
     */
    CLEAN_TREE,
    /** The current branch is not one of the protected branches (and HEAD is on a branch). */
    NOT_PROTECTED,
    /**
     * The current branch has no upstream: it has never been published. This is why wb pushes a
     * branch once only: recovering from a bad push onto a published branch needs a force push, and
     * a force push should not be a situation wb can reach.
     */
    NO_UPSTREAM;

    /** The name a person reads: {@code clean-tree}, {@code not-protected}, {@code no-upstream}. */
    public String label() {
        return name().toLowerCase(Locale.ROOT).replace('_', '-');
    }
}
