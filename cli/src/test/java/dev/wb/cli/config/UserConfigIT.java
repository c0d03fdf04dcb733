package dev.wb.cli.config;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.wb.testkit.TempGitRepo;
import dev.wb.testkit.TempGitRepo.ProcessResult;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Through bin/wb, real processes: the user config under a scratch {@code XDG_CONFIG_HOME} (or
 * {@code ~/.config} when it is unset) is written by {@code wb config set --user}, sits below the
 * repository's file, and is what {@code wb git ctx} expects when the repository names no identity.
 */
class UserConfigIT {

    private static final Path WB =
            Path.of(System.getProperty("user.dir")).getParent().resolve("bin/wb");

    @TempDir
    Path tmp;

    TempGitRepo repo;
    Path home;

    @BeforeEach
    void repository() throws IOException {
        repo = TempGitRepo.create(tmp, "repo");
        repo.write("README.md", "# r\n");
        repo.commitAll("r");
        repo.git("config", "user.email", "someone@example.com");
        home = Files.createDirectories(tmp.resolve("home"));
    }

    private ProcessResult wb(Map<String, String> extra, String... args) {
        List<String> argv = new ArrayList<>();
        argv.add(WB.toString());
        argv.addAll(List.of(args));
        Map<String, String> env = new HashMap<>(TempGitRepo.gitEnvironment());
        env.put("HOME", home.toString());
        env.put("WB_SERVER", "off");
        env.remove("XDG_CONFIG_HOME");
        env.putAll(extra);
        return TempGitRepo.Processes.run(repo.root(), argv, env, 120);
    }

    @Test
    void the_user_s_identity_is_written_under_xdg_config_home_and_expected_by_git_ctx_until_the_repository_names_one()
            throws IOException {
        Map<String, String> xdg = Map.of("XDG_CONFIG_HOME", tmp.resolve("xdg").toString());
        Path userFile = tmp.resolve("xdg/wb/config.json");
        Path repoFile = repo.resolve(".workflow/config.json");
        String before = Files.exists(repoFile) ? Files.readString(repoFile) : "(absent)";

        ProcessResult set = wb(xdg, "config", "set", "--user", "identity", "Ada Lovelace <ada@example.com>");
        String after = Files.exists(repoFile) ? Files.readString(repoFile) : "(absent)";
        ProcessResult ctx = wb(xdg, "git", "ctx");
        ProcessResult origin = wb(xdg, "config", "show", "--origin");
        ProcessResult repoSet = wb(xdg, "config", "set", "identity", "Someone <someone@example.com>");
        ProcessResult ctxAfter = wb(xdg, "git", "ctx");

        assertEquals(0, set.exitCode(), set::toString);
        assertTrue(Files.readString(userFile).contains("\"email\": \"ada@example.com\""), userFile.toString());
        assertEquals(before, after, "the repository's file is not written");
        assertTrue(
                ctx.stdout()
                        .contains("MISMATCH  user.email is someone@example.com, but " + userFile
                                + " expects ada@example.com"),
                ctx::toString);
        assertTrue(
                origin.stdout().contains("  identity.name = \"Ada Lovelace\"  (user: " + userFile + ")\n"),
                origin::toString);
        assertEquals(0, repoSet.exitCode(), repoSet::toString);
        assertFalse(ctxAfter.stdout().contains("MISMATCH"), "the repository's identity wins: " + ctxAfter);
    }

    @Test
    void without_xdg_config_home_the_user_file_is_under_home_dot_config() {
        ProcessResult set = wb(Map.of(), "config", "set", "--user", "identity", "Ada Lovelace <ada@example.com>");

        assertEquals(0, set.exitCode(), set::toString);
        assertTrue(Files.isRegularFile(home.resolve(".config/wb/config.json")), set::toString);
        assertTrue(set.stdout().endsWith(" in " + home.resolve(".config/wb/config.json") + "\n"), set::toString);
    }
}
