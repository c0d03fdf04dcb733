package dev.wb.cli.ops;

import static dev.wb.cli.testing.CliRun.wb;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import dev.wb.cli.testing.CliRun;
import dev.wb.testkit.TempGitRepo;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * {@code wb doctor [--json]} on real checkouts. PATH holds only git's folder, so no agent CLI is found
 * whatever this machine has installed; git's global and system configuration are left out.
 */
class DoctorCliTest {

    @TempDir
    Path tmp;

    TempGitRepo repo;

    static Map<String, String> env() {
        return Map.of(
                "PATH", TempGitRepo.gitFolder().toString(),
                "GIT_CONFIG_NOSYSTEM", "1",
                "GIT_CONFIG_GLOBAL", "/dev/null",
                "GIT_AUTHOR_EMAIL", "");
    }

    @BeforeEach
    void repository() {
        repo = TempGitRepo.create(tmp, "repo");
        repo.git("config", "user.email", "dev@example.com");
    }

    @Test
    void an_initialised_checkout_is_ready_and_the_warnings_say_their_fix() {
        assertEquals(0, wb(repo.root(), env(), "init").code());

        CliRun.Result result = wb(repo.root(), env(), "doctor");

        assertEquals(0, result.code(), result::toString);
        assertTrue(result.out().contains("\nok   git author  dev@example.com\n"), result::toString);
        assertTrue(result.out().contains("\nok   .workflow   writable\n"), result::toString);
        assertTrue(result.out().contains("\nok   log         opens: "), result::toString);
        assertTrue(result.out().contains("\nwarn hooks       none installed"), result::toString);
        assertTrue(result.out().contains("fix: wb hooks install claude\n"), result::toString);
        assertTrue(result.out().contains("\nwarn agents      neither claude nor codex is on PATH"), result::toString);
        assertTrue(result.out().endsWith(" checks, 0 failed, 2 warning(s)\n"), result::toString);
    }

    @Test
    void an_invalid_config_fails_with_exit_3_and_its_own_fix() {
        assertEquals(0, wb(repo.root(), env(), "init").code());
        repo.write(".workflow/config.json", "{\"checks\": 7}\n");

        CliRun.Result result = wb(repo.root(), env(), "doctor");

        assertEquals(3, result.code(), result::toString);
        assertTrue(result.out().contains("\nfail config "), result::toString);
        assertTrue(result.err().startsWith("error: 1 of "), result::toString);
        assertTrue(result.err().contains("\n  fix: "), result::toString);
    }

    @Test
    void a_checkout_without_an_author_fails() {
        repo.git("config", "--unset", "user.email");

        CliRun.Result result = wb(repo.root(), env(), "doctor");

        assertEquals(3, result.code(), result::toString);
        assertTrue(result.out().contains("fail git author  this checkout has no user.email"), result::toString);
    }

    @Test
    void a_checkout_never_initialised_is_told_to_init_and_doctor_writes_nothing() throws Exception {
        List<Path> before = files(repo.root());

        CliRun.Result result = wb(repo.root(), env(), "doctor");

        assertEquals(0, result.code(), result::toString);
        assertTrue(result.out().contains("warn .workflow   absent"), result::toString);
        assertTrue(result.out().contains("fix: wb init"), result::toString);
        assertEquals(before, files(repo.root()));
        assertFalse(Files.exists(repo.resolve(".workflow")));
    }

    @Test
    void outside_a_repository_fails_the_repository_check() throws Exception {
        Path plain = Files.createDirectories(tmp.resolve("plain"));

        CliRun.Result result = wb(plain, env(), "doctor", "--json");

        assertEquals(3, result.code(), result::toString);
        JsonNode doc = result.json();
        assertFalse(doc.get("ready").booleanValue());
        List<String> failed = new ArrayList<>();
        doc.get("checks").forEach(c -> {
            if (c.get("state").textValue().equals("fail")) {
                failed.add(c.get("name").textValue());
            }
        });
        assertEquals(List.of("repository"), failed);
        assertEquals("git init", doc.at("/checks/2/fix/0").textValue(), doc::toString);
    }

    private static List<Path> files(Path root) throws Exception {
        try (var walk = Files.walk(root)) {
            return walk.filter(p -> !p.startsWith(root.resolve(".git")))
                    .sorted()
                    .toList();
        }
    }
}
