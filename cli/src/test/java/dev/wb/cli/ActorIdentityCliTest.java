package dev.wb.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import dev.wb.cli.testing.CliRun;
import dev.wb.testkit.TempGitRepo;
import java.nio.file.Path;
import java.util.HashMap;
import java.util.Map;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The actor of wb's events is the person git names as author in the repository (its config, or
 * GIT_AUTHOR_NAME and GIT_AUTHOR_EMAIL as git reads them), and the login name only when git knows none.
 */
class ActorIdentityCliTest {

    @TempDir
    Path tmp;

    private TempGitRepo repo;
    private final Map<String, String> env = new HashMap<>();

    @BeforeEach
    void repository() {
        repo = TempGitRepo.create(tmp, "r");
        env.putAll(TempGitRepo.gitEnvironment());
        env.put("GIT_AUTHOR_NAME", "");
        env.put("GIT_AUTHOR_EMAIL", "");
    }

    private JsonNode initActor() {
        CliRun.Result init = CliRun.wb(repo.root(), env, "init");
        assertEquals(0, init.code(), init::toString);
        CliRun.Result replay = CliRun.wb(repo.root(), env, "replay", "workspace", "--json");
        assertEquals(0, replay.code(), replay::toString);
        return replay.jsonLines().get(0).get("actor");
    }

    @Test
    void the_actor_is_the_git_identity_of_the_repository() {
        repo.git("config", "user.name", "Jane Doe");
        repo.git("config", "user.email", "jane@example.com");

        JsonNode actor = initActor();

        assertEquals("Jane Doe <jane@example.com>", actor.get("user").asText(), actor::toString);
        CliRun.Result text = CliRun.wb(repo.root(), env, "replay", "workspace");
        assertTrue(
                text.out()
                        .contains("Jane Doe <jane@example.com> on "
                                + actor.get("host").asText()),
                text::toString);
    }

    @Test
    void the_author_git_would_take_from_the_environment_comes_first() {
        repo.git("config", "user.name", "Jane Doe");
        repo.git("config", "user.email", "jane@example.com");
        env.put("GIT_AUTHOR_NAME", "Agent Smith");
        env.put("GIT_AUTHOR_EMAIL", "smith@example.com");

        assertEquals("Agent Smith <smith@example.com>", initActor().get("user").asText());
    }

    @Test
    void with_no_git_identity_the_actor_is_the_login_name() {
        // GIT_CONFIG_GLOBAL=/dev/null and no system config (gitEnvironment): git knows no user.
        String expected = System.getProperty("user.name");

        assertEquals(expected, initActor().get("user").asText());
    }
}
