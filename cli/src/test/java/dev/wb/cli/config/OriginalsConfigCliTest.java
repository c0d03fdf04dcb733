package dev.wb.cli.config;

import static dev.wb.cli.testing.CliRun.wb;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import dev.wb.cli.testing.CliRun;
import dev.wb.testkit.TempGitRepo;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Map;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** A user switching from the original workbench keeps its .workflow/config.json: wb reads it unchanged. */
class OriginalsConfigCliTest {

    /** The example config of the original workbench's configuration docs, byte for byte, plus its later keys. */
    static final String WORKBENCH_CONFIG = """
            {
              "context": "work",
              "provider": "jira",
              "preset": "startup",
              "preset_confirmed": true,
              "preset_paths": { "packages/billing/**": "enterprise" },
              "flow": { "source": "main", "validation": ["homolog"] },
              "execute": false,
              "hooks": "strict",
              "light_max_lines": 40
            }
            """;

    @TempDir
    Path tmp;

    TempGitRepo repo;

    @BeforeEach
    void repository() {
        repo = TempGitRepo.create(tmp, "repo");
        repo.write("README.md", "# r\n");
        repo.git("add", ".");
        repo.git("commit", "-q", "-m", "r");
        assertEquals(0, wb(repo.root(), "init").code());
        repo.write(".workflow/config.json", WORKBENCH_CONFIG);
    }

    @Test
    void config_show_reports_each_key_from_the_original_and_what_wb_does_with_it() {
        CliRun.Result text = wb(repo.root(), "config", "show");
        CliRun.Result json = wb(repo.root(), "config", "show", "--json");

        assertEquals(0, text.code(), text::toString);
        assertTrue(text.out().contains("keys from the original workbench"), text::toString);
        assertTrue(
                text.out().contains("  hooks = \"strict\"  — from the original workbench; wb does not use it: "),
                text::toString);
        assertTrue(
                text.out().contains("  light_max_lines = 40  — from the original workbench; wb does not use it: "),
                text::toString);
        assertTrue(
                text.out().contains("  provider = \"jira\"  — from the original workbench; wb does not use it: "),
                text::toString);
        assertTrue(text.out().contains("  context = \"work\"  — wb reads it"), text::toString);
        assertTrue(text.out().contains("  preset = \"startup\"\n"), "preset is wb's own key: " + text);
        assertTrue(text.out().contains("  execute = false\n"), text::toString);
        assertEquals(0, json.code(), json::toString);
        JsonNode original = json.json().get("original");
        assertEquals(6, original.size(), original::toString);
        assertEquals("provider", original.get(1).get("key").textValue());
        assertTrue(
                original.get(1)
                        .get("note")
                        .textValue()
                        .startsWith("from the original workbench; wb does not use" + " it: "),
                original::toString);
        assertEquals("homolog", original.get(3).at("/value/validation/0").textValue());
    }

    @Test
    void every_command_runs_on_the_original_config_and_a_misspelt_key_still_stops_them_with_exit_3()
            throws IOException {
        assertEquals(0, wb(repo.root(), "git", "ctx").code());
        Files.writeString(repo.resolve(".workflow/config.json"), WORKBENCH_CONFIG.replace("\"hooks\"", "\"hook\""));

        CliRun.Result show = wb(repo.root(), "config", "show");
        CliRun.Result ctx = wb(repo.root(), "git", "ctx");

        assertEquals(3, show.code(), show::toString);
        assertTrue(
                show.err().startsWith("error: .workflow/config.json line 9: unknown key hook (did you mean hooks?)"),
                show::toString);
        assertEquals(3, ctx.code(), ctx::toString);
    }

    @Test
    void a_value_of_the_wrong_type_is_exit_3_naming_the_key() throws IOException {
        Files.writeString(repo.resolve(".workflow/config.json"), WORKBENCH_CONFIG.replace("40", "0"));

        CliRun.Result show = wb(repo.root(), "config", "show", "--json");

        assertEquals(3, show.code(), show::toString);
        assertTrue(show.json().toString().contains("light_max_lines must be a whole number from 1"), show::toString);
    }

    @Test
    void git_ctx_checks_user_email_against_the_original_context() throws IOException {
        Path home = tmp.resolve("wbhome");
        Files.createDirectories(home.resolve("contexts"));
        Files.writeString(home.resolve("contexts/work.json"), """
                {"provider": "jira", "git": {"name": "Work Me", "email": "me@acme.com"}}
                """);
        repo.git("config", "user.email", "me@home.example");

        CliRun.Result text = wb(repo.root(), Map.of("WORKBENCH_HOME", home.toString()), "git", "ctx");
        CliRun.Result json = wb(repo.root(), Map.of("WORKBENCH_HOME", home.toString()), "--json", "git", "ctx");
        CliRun.Result absent =
                wb(repo.root(), Map.of("WORKBENCH_HOME", tmp.resolve("none").toString()), "git", "ctx");

        assertEquals(0, text.code(), text::toString);
        assertTrue(
                text.out().contains("MISMATCH  user.email is me@home.example, but context 'work' ("), text::toString);
        assertTrue(text.out().contains(") expects me@acme.com for this repository"), text::toString);
        assertEquals("me@acme.com", json.json().at("/expected/email").textValue(), json::toString);
        assertEquals(0, absent.code(), absent::toString);
        assertFalse(absent.out().contains("MISMATCH"), absent::toString);
        assertTrue(absent.out().contains("note      context 'work' has no git identity here"), absent::toString);
    }

    @Test
    void config_set_takes_the_original_s_commit_style_and_refuses_a_style_it_does_not_have() throws IOException {
        Files.writeString(repo.root().resolve(".workflow/config.json"), "{}\n");

        CliRun.Result set = wb(repo.root(), "config", "set", "commit_style", "conventional");
        CliRun.Result bogus = wb(repo.root(), "config", "set", "commit_style", "bogus");

        assertEquals(0, set.code(), set::toString);
        assertTrue(
                Files.readString(repo.root().resolve(".workflow/config.json"))
                        .contains("\"commit_style\": \"conventional\""),
                set::toString);
        assertEquals(2, bogus.code(), bogus::toString);
        assertTrue(bogus.err().contains("not a commit style"), bogus::toString);
        assertTrue(
                Files.readString(repo.root().resolve(".workflow/config.json"))
                        .contains("\"commit_style\": \"conventional\""),
                "a refused value leaves the file as it was: " + bogus);
    }
}
