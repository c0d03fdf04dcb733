package dev.wb.gitrun;

import dev.wb.git.GitException;
import dev.wb.git.GitRepository;
import dev.wb.git.Remote;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Set;

/**
 * The branches a git step must not write to. Names may end in {@code /*} or hold {@code *}
 * anywhere: {@code release/*} protects {@code release/1.2} and {@code release/2026/q1} alike (a
 * {@code *} matches any run of characters, {@code /} included: a wider match only refuses more).
 */
public final class ProtectedBranches {

    /** What is protected when nothing else can be said: not knowing is not permission to write. */
    public static final Set<String> CONVENTIONAL =
            Set.of("main", "master", "develop", "trunk", "production", "release/*");

    /** The long-lived names looked for when nothing is configured. */
    private static final List<String> DETECTED_NAMES = List.of("main", "master", "develop", "trunk");

    private ProtectedBranches() {}

    /**
     * The configured names when there are any (blank entries ignored); else what the checkout shows:
     * each remote's default branch, plus main, master, develop and trunk where a local or
     * remote-tracking branch by that name exists, plus {@code release/*} when a local release branch
     * exists. When that finds nothing, or the repository cannot be read, the {@link #CONVENTIONAL} names.
     */
    public static Set<String> resolve(List<String> configured, GitRepository git) {
        Set<String> names = new LinkedHashSet<>();
        for (String name : configured) {
            if (name != null && !name.isBlank()) {
                names.add(name.strip());
            }
        }
        if (!names.isEmpty()) {
            return Set.copyOf(names);
        }
        try {
            names.addAll(detect(git));
        } catch (GitException | IllegalArgumentException e) {
            return CONVENTIONAL; // fail closed: a checkout that cannot be read protects the usual names
        }
        return names.isEmpty() ? CONVENTIONAL : Set.copyOf(names);
    }

    private static Set<String> detect(GitRepository git) {
        Set<String> found = new LinkedHashSet<>();
        List<Remote> remotes = git.remotes();
        for (Remote remote : remotes) {
            git.remoteHead(remote.name()).ifPresent(found::add);
        }
        for (String name : DETECTED_NAMES) {
            if (git.refExists("refs/heads/" + name)) {
                found.add(name);
            }
            for (Remote remote : remotes) {
                if (git.refExists("refs/remotes/" + remote.name() + "/" + name)) {
                    found.add(name);
                }
            }
        }
        if (git.localBranches().stream().anyMatch(branch -> branch.startsWith("release/"))) {
            found.add("release/*");
        }
        return found;
    }

    /** Whether {@code branch} is one of {@code patterns}; an empty set stands for the conventional names. */
    public static boolean isProtected(String branch, Set<String> patterns) {
        for (String pattern : patterns.isEmpty() ? CONVENTIONAL : patterns) {
            if (matches(pattern, branch)) {
                return true;
            }
        }
        return false;
    }

    /** A glob match where {@code *} stands for any run of characters; nothing else is special. */
    static boolean matches(String pattern, String branch) {
        int star = pattern.indexOf('*');
        if (star < 0) {
            return pattern.equals(branch);
        }
        String head = pattern.substring(0, star);
        if (!branch.startsWith(head)) {
            return false;
        }
        String rest = pattern.substring(star + 1);
        for (int at = head.length(); at <= branch.length(); at++) {
            if (matches(rest, branch.substring(at))) {
                return true;
            }
        }
        return false;
    }
}
