package dev.wb.cli.config;

import static dev.wb.cli.testing.CliRun.wb;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.wb.cli.testing.CliRun;
import dev.wb.testkit.TempGitRepo;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Map;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * {@code wb config set KEY VALUE} with a JSON value (lists and blocks), a misspelt key answered with the
 * closest ones, and {@code --user} writing only the personal keys of the user config.
 */
class ConfigJsonValuesTest {

    @TempDir
    Path tmp;

    TempGitRepo repo;
    Map<String, String> env;

    @BeforeEach
    void repository() {
        repo = TempGitRepo.create(tmp, "repo");
        repo.write("README.md", "# r\n");
        repo.commitAll("r");
        env = Map.of("XDG_CONFIG_HOME", tmp.resolve("xdg").toString());
        assertEquals(0, wb(repo.root(), env, "init").code());
    }

    String configFile() throws IOException {
        return Files.readString(repo.resolve(".workflow/config.json"));
    }

    @Test
    void a_json_object_sets_a_whole_command_set_and_a_json_list_a_list() {
        CliRun.Result set = wb(
                repo.root(),
                env,
                "config",
                "set",
                "checks.command_sets.py",
                "{\"commands\": [[\"python\", \"-m\", \"pytest\"]], \"env\": {\"PYTHONPATH\": \"src\"}}");
        CliRun.Result list = wb(repo.root(), env, "config", "set", "agents.allowed", "[\"claude\", \"codex\"]");
        CliRun.Result comma = wb(repo.root(), env, "config", "set", "branches.protected", "main,release");
        CliRun.Result variable = wb(repo.root(), env, "config", "set", "checks.command_sets.py.env.MYPYPATH", "stubs");
        CliRun.Result shown = wb(repo.root(), env, "config", "show", "--json");

        assertEquals(0, set.code(), set::toString);
        assertEquals(
                "checks.command_sets.py = {\"commands\":[[\"python\",\"-m\",\"pytest\"]],\"env\":{\"PYTHONPATH\":\"src\"}}"
                        + " in .workflow/config.json\n",
                set.out());
        assertEquals(0, list.code(), list::toString);
        assertEquals(0, comma.code(), "a comma-separated list is read as before: " + comma);
        assertEquals(0, variable.code(), "one variable of a set is text: " + variable);
        assertEquals(
                "src",
                shown.json().at("/config/checks/command_sets/py/env/PYTHONPATH").textValue());
        assertEquals(
                "stubs",
                shown.json().at("/config/checks/command_sets/py/env/MYPYPATH").textValue());
        assertEquals(
                "[\"claude\",\"codex\"]",
                shown.json().at("/config/agents/allowed").toString());
        assertEquals(
                "[\"main\",\"release\"]",
                shown.json().at("/config/branches/protected").toString());
    }

    @Test
    void a_json_value_the_schema_refuses_exits_2_with_the_key_and_an_example_and_changes_nothing() throws IOException {
        String before = configFile();
        CliRun.Result denied = wb(
                repo.root(),
                env,
                "config",
                "set",
                "checks.command_sets.py",
                "{\"commands\": [[\"pytest\"]], \"env\": {\"LD_PRELOAD\": \"/tmp/evil.so\"}}");
        CliRun.Result broken = wb(repo.root(), env, "config", "set", "checks.command_sets.py", "{\"commands\": [[");
        CliRun.Result bare = wb(repo.root(), env, "config", "set", "critical_zones.ledger", "core/**");

        assertEquals(2, denied.code(), denied::toString);
        assertTrue(
                denied.err()
                        .startsWith(
                                "error: the value of checks.command_sets.py is refused, and .workflow/config.json is"
                                        + " unchanged: checks.command_sets.py.env.LD_PRELOAD is refused (LD_*)"),
                denied::toString);
        assertTrue(
                denied.err()
                        .contains("  fix: for example: wb config set checks.command_sets.py '{\"commands\":"
                                + " [[\"python\", \"-m\", \"pytest\"]], \"env\": {\"PYTHONPATH\": \"src\"}}'\n"),
                denied::toString);
        assertEquals(2, broken.code(), broken::toString);
        assertTrue(broken.err().startsWith("error: the value of checks.command_sets.py is not JSON"), broken::toString);
        assertEquals(2, bare.code(), bare::toString);
        assertTrue(
                bare.err().contains("  fix: for example: wb config set critical_zones.ledger '[\"core/ledger/**\"]'"),
                bare::toString);
        assertFalse(denied.err().contains("Exception"), denied::toString);
        assertEquals(before, configFile(), "nothing refused is written");
    }

    @Test
    void a_misspelt_key_exits_2_naming_the_closest_key_with_the_value_typed() {
        CliRun.Result typo = wb(repo.root(), env, "config", "set", "sync.signatuers", "off");
        CliRun.Result far = wb(repo.root(), env, "config", "set", "nothing.like.it", "1");
        CliRun.Result right = wb(repo.root(), env, "config", "set", "sync.signatures", "off");

        assertEquals(2, typo.code(), typo::toString);
        assertEquals("""
                error: unknown key sync.signatuers: .workflow/config.json has no such setting
                  fix: did you mean sync.signatures? wb config set sync.signatures off
                """, typo.err());
        assertEquals(2, far.code(), far::toString);
        assertTrue(far.err().contains("  fix: wb config show lists every key"), far::toString);
        assertEquals(0, right.code(), right::toString);
    }

    @Test
    void user_writes_only_personal_keys_to_the_user_file_and_show_origin_says_where_each_value_came_from()
            throws IOException {
        Path userFile = tmp.resolve("xdg/wb/config.json");
        CliRun.Result identity =
                wb(repo.root(), env, "config", "set", "--user", "identity", "Ada Lovelace <ada@example.com>");
        CliRun.Result gate = wb(repo.root(), env, "config", "set", "--user", "sync.signatures", "off");
        CliRun.Result typo = wb(repo.root(), env, "config", "set", "--user", "identiy", "Ada <ada@example.com>");
        wb(repo.root(), env, "config", "set", "git.auto_merge", "true");
        CliRun.Result origin = wb(repo.root(), env, "config", "show", "--origin");
        CliRun.Result json = wb(repo.root(), env, "config", "show", "--origin", "--json");

        assertEquals(0, identity.code(), identity::toString);
        assertEquals(
                "identity = {\"name\":\"Ada Lovelace\",\"email\":\"ada@example.com\"} in " + userFile + "\n",
                identity.out());
        assertFalse(configFile().contains("Ada"), "the repository's file is untouched");
        assertEquals(2, gate.code(), gate::toString);
        assertTrue(
                gate.err().startsWith("error: sync.signatures cannot be set in the user config (" + userFile + ")"),
                gate::toString);
        assertFalse(Files.readString(userFile).contains("signatures"), "a gate never reaches the user file");
        assertEquals(2, typo.code(), typo::toString);
        assertTrue(
                typo.err()
                        .contains(
                                "  fix: did you mean identity? wb config set --user identity 'Ada <ada@example.com>'"),
                typo::toString);
        assertTrue(
                origin.out().contains("  identity.email = \"ada@example.com\"  (user: " + userFile + ")\n"),
                origin::toString);
        assertTrue(origin.out().contains("  git.auto_merge = true  (repository)\n"), origin::toString);
        assertTrue(origin.out().contains("  sync.signatures = \"required\"  (default)\n"), origin::toString);
        assertEquals("user", json.json().at("/origins/identity.name").textValue());
        assertEquals("repository", json.json().at("/origins/git.auto_merge").textValue());
        assertEquals("default", json.json().at("/origins/git.run_hooks").textValue());
    }

    @Test
    void the_repository_s_identity_wins_over_the_user_s_and_a_gate_in_the_user_file_stops_with_exit_3()
            throws IOException {
        wb(repo.root(), env, "config", "set", "--user", "identity", "Ada Lovelace <ada@example.com>");
        wb(repo.root(), env, "config", "set", "identity", "Team Bot <bot@example.com>");
        CliRun.Result origin = wb(repo.root(), env, "config", "show", "--origin");
        Path userFile = tmp.resolve("xdg/wb/config.json");
        Files.writeString(userFile, "{\n  \"sync\": {\"signatures\": \"off\"}\n}\n");
        CliRun.Result loosened = wb(repo.root(), env, "config", "show");
        CliRun.Result status = wb(repo.root(), env, "status");

        assertTrue(origin.out().contains("  identity.email = \"bot@example.com\"  (repository)\n"), origin::toString);
        assertEquals(3, loosened.code(), loosened::toString);
        assertTrue(
                loosened.err()
                        .startsWith("error: " + userFile + " line 2: sync cannot be set in the user config: it holds"
                                + " only identity"),
                loosened::toString);
        assertTrue(
                loosened.err().contains("  fix: set sync in the repository's .workflow/config.json"),
                loosened::toString);
        assertEquals(0, status.code(), "wb status never reads the user file: " + status);
    }
}
