package dev.wb.git;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.wb.testkit.TempGitRepo;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFilePermissions;
import java.util.HashMap;
import java.util.Map;
import java.util.Optional;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** The actor's name from git: the author variables, else git's config; a git that hangs is not waited for. */
class GitIdentityTest {

    @TempDir
    Path tmp;

    @Test
    void the_author_variables_win_over_the_config() {
        TempGitRepo repo = TempGitRepo.create(tmp, "repo");
        repo.git("config", "user.name", "Config Name");
        repo.git("config", "user.email", "config@example.com");
        Map<String, String> env = new HashMap<>(TempGitRepo.gitEnvironment());
        env.put("PATH", System.getenv("PATH"));

        assertEquals(
                Optional.of("Config Name <config@example.com>"), GitIdentity.read(repo.root(), withoutAuthor(env)));
        env.put("GIT_AUTHOR_NAME", "Ada");
        env.put("GIT_AUTHOR_EMAIL", "ada@example.com");
        assertEquals(Optional.of("Ada <ada@example.com>"), GitIdentity.read(repo.root(), env));
    }

    @Test
    void a_git_that_does_not_answer_is_killed_at_the_limit_and_no_name_is_read() throws IOException {
        Path bin = Files.createDirectory(tmp.resolve("bin"));
        Path git = bin.resolve("git");
        Files.writeString(git, "#!/bin/sh\nexec sleep 60\n");
        Files.setPosixFilePermissions(git, PosixFilePermissions.fromString("rwxr-xr-x"));
        Map<String, String> env = Map.of("PATH", bin + ":/usr/bin:/bin");

        long started = System.nanoTime();
        Optional<String> identity = GitIdentity.read(tmp, env);
        long seconds = (System.nanoTime() - started) / 1_000_000_000L;

        assertEquals(Optional.empty(), identity);
        assertTrue(seconds < 30, "stopped at its limit, not after the 60 s git sleeps: " + seconds + " s");
    }

    private static Map<String, String> withoutAuthor(Map<String, String> env) {
        Map<String, String> copy = new HashMap<>(env);
        copy.remove("GIT_AUTHOR_NAME");
        copy.remove("GIT_AUTHOR_EMAIL");
        return copy;
    }
}
