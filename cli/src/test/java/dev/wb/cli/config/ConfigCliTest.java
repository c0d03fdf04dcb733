package dev.wb.cli.config;

import static dev.wb.cli.testing.CliRun.wb;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import dev.wb.cli.testing.CliRun;
import dev.wb.testkit.TempGitRepo;
import java.nio.file.Path;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** {@code wb config show}, {@code wb config set} over the whole schema, and the checks summary of {@code wb status}. */
class ConfigCliTest {

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
    }

    @Test
    void show_prints_every_key_marks_defaults_and_masks_secrets() {
        repo.write(".workflow/config.json", """
                {"telegram": {"enabled": true, "bot_token": "999:SECRET-BOT", "chat_id": "42"},
                 "repo": {"url": "https://bob:ghp_SECRET@github.com/o/r.git"}}
                """);

        CliRun.Result text = wb(repo.root(), "config", "show");
        CliRun.Result json = wb(repo.root(), "config", "show", "--json");

        assertEquals(0, text.code(), text::toString);
        assertFalse(text.out().contains("SECRET"), text::toString);
        assertTrue(text.out().contains("  telegram.bot_token = \"********\"\n"), text::toString);
        assertTrue(text.out().contains("  security.strict_isolation = false  (default)\n"), text::toString);
        assertTrue(text.out().contains("  telegram.chat_id = \"42\"\n"), text::toString);
        assertEquals(0, json.code(), json::toString);
        assertFalse(json.out().contains("SECRET"), json::toString);
        JsonNode doc = json.json();
        assertEquals("********", doc.at("/config/telegram/bot_token").textValue());
        assertEquals(
                "https://********@github.com/o/r.git",
                doc.at("/config/repo/url").textValue());
        assertTrue(doc.get("exists").booleanValue());
        assertTrue(doc.get("defaults").toString().contains("\"git.auto_merge\""), doc::toString);
        assertFalse(doc.get("defaults").toString().contains("\"telegram.chat_id\""), doc::toString);
    }

    @Test
    void an_unknown_key_exits_3_naming_it_and_its_line() {
        repo.write(".workflow/config.json", "{\n  \"execute\": true,\n  \"git\": {\"auto_merg\": true}\n}\n");

        CliRun.Result show = wb(repo.root(), "config", "show");
        CliRun.Result status = wb(repo.root(), "git", "ctx");

        assertEquals(3, show.code(), show::toString);
        assertTrue(
                show.err()
                        .startsWith("error: .workflow/config.json line 3: unknown key git.auto_merg (did you mean"
                                + " auto_merge?)\n  fix: "),
                show::toString);
        assertFalse(show.err().contains("Exception"), show::toString);
        assertEquals(3, status.code(), "every command reads the schema: " + status);
    }

    @Test
    void set_takes_any_single_value_and_refuses_one_the_schema_refuses() throws java.io.IOException {
        CliRun.Result on = wb(repo.root(), "config", "set", "security.strict_isolation", "true");
        CliRun.Result list = wb(repo.root(), "config", "set", "agents.allowed", "claude, codex");
        CliRun.Result range = wb(repo.root(), "config", "set", "agents.max_fix_cycles", "99");
        CliRun.Result primary = wb(repo.root(), "config", "set", "agents.primary", "gemini");
        CliRun.Result block = wb(repo.root(), "config", "set", "checks.command_sets", "x");
        CliRun.Result token = wb(repo.root(), "config", "set", "telegram.bot_token", "999:SECRET-BOT");
        CliRun.Result tokenJson = wb(repo.root(), "config", "set", "telegram.bot_token", "999:SECRET-BOT", "--json");
        CliRun.Result shown = wb(repo.root(), "config", "show", "--json");

        assertEquals(0, on.code(), on::toString);
        assertEquals(0, list.code(), list::toString);
        assertEquals(2, range.code(), range::toString);
        assertTrue(
                range.err().contains("agents.max_fix_cycles must be a whole number from 0 to 50, not 99"),
                range::toString);
        assertTrue(range.err().contains("is unchanged"), range::toString);
        assertEquals(2, primary.code(), primary::toString);
        assertEquals(2, block.code(), block::toString);
        assertTrue(block.err().contains("  fix: "), block::toString);
        assertEquals(0, token.code(), token::toString);
        assertEquals("telegram.bot_token = \"********\" in .workflow/config.json\n", token.out(), "set, never echoed");
        assertFalse(tokenJson.out().contains("SECRET"), tokenJson::toString);
        assertTrue(
                java.nio.file.Files.readString(repo.resolve(".workflow/config.json"))
                        .contains("999:SECRET-BOT"),
                "the value itself is written");
        assertTrue(shown.json().at("/config/security/strict_isolation").booleanValue(), shown::toString);
        assertEquals(
                "[\"claude\",\"codex\"]",
                shown.json().at("/config/agents/allowed").toString());
        assertEquals(
                3, shown.json().at("/config/agents/max_fix_cycles").intValue(), "the refused value was not written");
    }

    @Test
    void set_masks_url_credentials_sets_identity_whole_and_takes_option_like_values() {
        CliRun.Result url =
                wb(repo.root(), "config", "set", "repo.url", "https://bob:hunter2pw@github.com/o/r.git", "--json");
        CliRun.Result half = wb(repo.root(), "config", "set", "identity.name", "Ada");
        CliRun.Result identity = wb(repo.root(), "config", "set", "identity", "Ada Lovelace <ada@example.com>");
        CliRun.Result args = wb(repo.root(), "config", "set", "agents.providers.claude.args", "--verbose");
        CliRun.Result shown = wb(repo.root(), "config", "show", "--json");

        assertEquals(0, url.code(), url::toString);
        assertFalse(url.out().contains("hunter2pw"), url::toString);
        assertEquals(
                "https://********@github.com/o/r.git", url.json().get("value").textValue());
        assertEquals(2, half.code(), half::toString);
        assertTrue(
                half.err().contains("  fix: wb config set identity \"Ada Lovelace <ada@example.com>\""),
                half::toString);
        assertEquals(0, identity.code(), identity::toString);
        assertEquals(0, args.code(), args::toString);
        assertEquals(
                "ada@example.com", shown.json().at("/config/identity/email").textValue());
        assertEquals(
                "[\"--verbose\"]",
                shown.json().at("/config/agents/providers/claude/args").toString());
    }

    @Test
    void status_prints_the_command_set_summary_and_runs_nothing() {
        CliRun.Result none = wb(repo.root(), "status");
        repo.write(".workflow/config.json", """
                {"checks": {"command_sets": {
                  "repo": {"commands": [["ruff", "check", "."], ["mypy", "src"], ["pytest"]]},
                  "ios": {"paths": ["ios/**"], "skip_if_unavailable": true, "commands": [["xcodebuild", "test"]]}}}}
                """);
        CliRun.Result two = wb(repo.root(), "status");
        CliRun.Result json = wb(repo.root(), "status", "--json");
        repo.write(".workflow/config.json", "{\"checks\": {\"command_set\": {}}}");
        CliRun.Result broken = wb(repo.root(), "status");

        assertTrue(none.out().contains("checks: no command_sets configured (no quality gate)\n"), none::toString);
        assertTrue(two.out().contains("""
                                  checks: 2 command set(s):
                                    repo (paths: always): ruff check .; mypy src; pytest
                                    ios (paths: ios/**) [skip_if_unavailable]: xcodebuild test
                                  """), two::toString);
        assertEquals("ios", json.json().at("/checks/commandSets/1/name").textValue());
        assertEquals(0, broken.code(), "status is a read-only view: " + broken);
        assertTrue(
                broken.out().contains("checks: unknown — .workflow/config.json line 1: unknown key checks.command_set"),
                broken::toString);
    }
}
