package dev.wb.git;

import java.util.Optional;

/**
 * Full ref names turned into the short names users write, the same way for both backends. The
 * prefixes are stripped by hand rather than with git's {@code :short}, which abbreviates a name
 * further when it is ambiguous ({@code heads/main} when a tag {@code main} exists).
 */
final class RefNames {

    static final String HEADS = "refs/heads/";
    static final String REMOTES = "refs/remotes/";

    private RefNames() {}

    /** The branch a full name points at, or empty for anything that is not {@code refs/heads/…}. */
    static Optional<String> branch(String fullName) {
        return fullName.startsWith(HEADS) && fullName.length() > HEADS.length()
                ? Optional.of(fullName.substring(HEADS.length()))
                : Optional.empty();
    }

    /** An upstream as {@code origin/main}, or a local branch's name when the upstream is in this repository. */
    static Optional<String> upstream(String fullName) {
        if (fullName.isEmpty()) {
            return Optional.empty();
        }
        if (fullName.startsWith(REMOTES)) {
            return Optional.of(fullName.substring(REMOTES.length()));
        }
        return Optional.of(branch(fullName).orElse(fullName));
    }

    /** The branch {@code refs/remotes/REMOTE/HEAD} points at: {@code main} for {@code refs/remotes/origin/main}. */
    static Optional<String> remoteBranch(String remote, String target) {
        String prefix = REMOTES + remote + "/";
        return target.startsWith(prefix) && target.length() > prefix.length()
                ? Optional.of(target.substring(prefix.length()))
                : Optional.empty();
    }

    /** A branch or remote name given by a caller: one that git could read as an option is refused. */
    static String operand(String what, String name) {
        if (name.isEmpty() || name.startsWith("-") || name.indexOf('\n') >= 0 || name.indexOf('\0') >= 0) {
            throw new IllegalArgumentException("not a " + what + " name: '" + name + "'");
        }
        return name;
    }
}
