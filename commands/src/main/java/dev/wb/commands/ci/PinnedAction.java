package dev.wb.commands.ci;

/**
 * The actions the workflow {@code wb ci init} writes uses, each pinned by the full commit its release tag
 * names, with the tag kept as a comment ({@code uses: actions/checkout@<40 hex> # v7.0.1}): a tag can be
 * moved to other code, a commit cannot, and the comment tells a reader (and Dependabot) which release it
 * is. The only place these commits are written; each was read from the action's own repository's tags.
 * To move to a newer release: {@code git ls-remote --tags https://github.com/actions/checkout v7.0.1},
 * then change the commit and the tag together (docs/CI.md, "Pinned actions").
 */
public enum PinnedAction {
    CHECKOUT("actions/checkout", "3d3c42e5aac5ba805825da76410c181273ba90b1", "v7.0.1"),
    SETUP_JAVA("actions/setup-java", "b6effb05e454b25005698d916606bdc6ffcbf961", "v5.7.0");

    private final String action;
    private final String commit;
    private final String tag;

    PinnedAction(String action, String commit, String tag) {
        this.action = action;
        this.commit = commit;
        this.tag = tag;
    }

    public String action() {
        return action;
    }

    public String commit() {
        return commit;
    }

    public String tag() {
        return tag;
    }

    /** The value of a step's {@code uses:} with the tag's comment after it, as one YAML line's tail. */
    public String uses() {
        return action + "@" + commit + " # " + tag;
    }
}
