package dev.wb.engine;

import java.io.IOException;
import java.io.InputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.TimeUnit;

/**
 * The person git would name as a commit's author, for the actor of wb's events: {@code GIT_AUTHOR_NAME}
 * and {@code GIT_AUTHOR_EMAIL} when set (as git reads them), otherwise {@code user.name} and
 * {@code user.email} from git's own config (repository, global, system, with git's includes), asked of
 * {@code git config} once, in the repository, within a deadline. Read only when a command records an
 * event; a read-only command never starts git for it.
 */
public final class GitIdentity {

    /** How long {@code git config} may take before wb falls back to the login name. */
    static final long DEADLINE_MILLIS = 2_000;

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
        ProcessBuilder builder = new ProcessBuilder(
                        "git", "config", "--includes", "--get-regexp", "^user\\.(name|email)$")
                .directory(repository.toFile())
                .redirectErrorStream(false)
                .redirectError(ProcessBuilder.Redirect.DISCARD)
                .redirectInput(ProcessBuilder.Redirect.from(Path.of("/dev/null").toFile()));
        builder.environment().clear();
        builder.environment().putAll(env);
        try {
            Process git = builder.start();
            // Two short lines fit the pipe's buffer, so git never waits on it: wait first, with the deadline.
            if (!git.waitFor(DEADLINE_MILLIS, TimeUnit.MILLISECONDS)) {
                git.destroyForcibly();
                return found;
            }
            byte[] out;
            try (InputStream stdout = git.getInputStream()) {
                out = stdout.readNBytes(8192);
            }
            for (String line : new String(out, StandardCharsets.UTF_8).split("\n", -1)) {
                int space = line.indexOf(' ');
                String key = space < 0 ? line : line.substring(0, space);
                String value = space < 0 ? null : blankToNull(line.substring(space + 1));
                if (key.equalsIgnoreCase("user.name")) {
                    found[0] = value;
                } else if (key.equalsIgnoreCase("user.email")) {
                    found[1] = value;
                }
            }
        } catch (IOException e) {
            return found; // no git on PATH: the login name stands
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
        return found;
    }

    private static String blankToNull(String value) {
        return value == null || value.isBlank() ? null : value.strip();
    }
}
