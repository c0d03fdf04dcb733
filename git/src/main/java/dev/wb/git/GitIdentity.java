package dev.wb.git;

import java.nio.file.Path;
import java.time.Duration;
import java.util.Map;
import java.util.Optional;

/**
 * The person git would name as a commit's author, for the actor of wb's events: {@code GIT_AUTHOR_NAME}
 * and {@code GIT_AUTHOR_EMAIL} when set (as git reads them), otherwise {@code user.name} and
 * {@code user.email} as git's own config resolves them in the repository (repository, global and
 * system files, with includes), asked of one {@code git config} process. Read only when a command
 * records an event: a read-only command never starts git for it.
 */
public final class GitIdentity {

    /** How long the one {@code git config} may take before the login name stands instead. */
    static final Duration LIMIT = Duration.ofSeconds(2);

    private GitIdentity() {}

    /** {@code Name <email>}, {@code Name} or {@code email}; empty when neither is set or git cannot say. */
    public static Optional<String> read(Path repository, Map<String, String> env) {
        String name = blankToNull(env.get("GIT_AUTHOR_NAME"));
        String email = blankToNull(env.get("GIT_AUTHOR_EMAIL"));
        if (name == null || email == null) {
            String[] fromConfig = fromConfig(repository, env);
            name = name == null ? fromConfig[0] : name;
            email = email == null ? fromConfig[1] : email;
        }
        if (name == null && email == null) {
            return Optional.empty();
        }
        return Optional.of(name == null ? email : email == null ? name : name + " <" + email + ">");
    }

    /** {@code user.name} and {@code user.email} as git reads them in {@code repository}; nulls when unset. */
    private static String[] fromConfig(Path repository, Map<String, String> env) {
        String[] found = new String[2];
        try {
            GitBinary.Output out = GitBinary.onPath(env)
                    .runWithin(LIMIT, repository, "config", "--includes", "--get-regexp", "^user\\.(name|email)$");
            if (out.exitCode() != 0) {
                return found; // 1: neither is set
            }
            for (String line : out.text().split("\n", -1)) {
                int space = line.indexOf(' ');
                String key = space < 0 ? line : line.substring(0, space);
                String value = space < 0 ? null : blankToNull(line.substring(space + 1));
                if (key.equalsIgnoreCase("user.name")) {
                    found[0] = value; // the last one wins, as git takes it
                } else if (key.equalsIgnoreCase("user.email")) {
                    found[1] = value;
                }
            }
        } catch (GitException e) {
            // no git on PATH, it could not run, or it did not answer within LIMIT: the login name stands
        }
        return found;
    }

    private static String blankToNull(String value) {
        return value == null || value.isBlank() ? null : value.strip();
    }
}
