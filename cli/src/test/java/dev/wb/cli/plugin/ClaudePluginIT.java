package dev.wb.cli.plugin;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import dev.wb.testkit.AgentClis;
import dev.wb.testkit.TempGitRepo;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.stream.Stream;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The repository as a Claude Code plugin marketplace, installed by the real Claude Code CLI (from npm, at the
 * version .ci/run pins) into a configuration of the test's own, offline: the CLI's own validator accepts the
 * marketplace and the plugin, {@code plugin marketplace add} and {@code plugin install wb@wb} succeed, and
 * {@code plugin details} lists every skill of plugin/skills/ and both hooks, and {@code claude mcp list} connects
 * to the plugin's MCP server ({@code wb mcp}). The installed copy's
 * launcher then finds this checkout through the marketplace Claude Code recorded, with no wb on PATH.
 */
class ClaudePluginIT {

    private static final Path ROOT = Path.of(System.getProperty("user.dir")).getParent();
    private static final ObjectMapper JSON = new ObjectMapper();

    @TempDir
    Path tmp;

    Path claude;
    Map<String, String> env;

    @BeforeEach
    void setUp() throws IOException {
        claude = AgentClis.require("claude");
        env = new HashMap<>();
        env.put("HOME", Files.createDirectories(tmp.resolve("home")).toString());
        env.put("CLAUDE_CONFIG_DIR", tmp.resolve("config").toString());
        env.put("XDG_DATA_HOME", tmp.resolve("home/.local/share").toString());
        // Offline: no telemetry, no update check, no error reports, and the API on a closed local port.
        env.put("DISABLE_TELEMETRY", "1");
        env.put("DISABLE_AUTOUPDATER", "1");
        env.put("DISABLE_ERROR_REPORTING", "1");
        env.put("CLAUDE_CODE_DISABLE_NONESSENTIAL_TRAFFIC", "1");
        env.put("ANTHROPIC_BASE_URL", "http://127.0.0.1:9");
        env.put("PATH", "/usr/local/bin:/usr/bin:/bin");
    }

    private Run claude(String... args) throws Exception {
        List<String> command =
                Stream.concat(Stream.of(claude.toString()), Stream.of(args)).toList();
        return Run.of(tmp, env, command);
    }

    @Test
    void theCliValidatesInstallsAndListsThePluginWithEverySkillAndBothHooks() throws Exception {
        Run plugin = claude("plugin", "validate", ROOT.resolve("plugin").toString());
        assertEquals(0, plugin.exit(), plugin.both());
        Run marketplace = claude(
                "plugin",
                "validate",
                ROOT.resolve(".claude-plugin/marketplace.json").toString());
        assertEquals(0, marketplace.exit(), marketplace.both());

        Run add = claude("plugin", "marketplace", "add", ROOT.toString());
        assertEquals(0, add.exit(), add.both());
        Run install = claude("plugin", "install", "wb@wb");
        assertEquals(0, install.exit(), install.both());

        Run list = claude("plugin", "list", "--json");
        assertEquals(0, list.exit(), list.both());
        JsonNode wb = installed(JSON.readTree(list.out()), "wb@wb");
        assertTrue(wb.path("enabled").asBoolean(), list.out());

        Run details = claude("plugin", "details", "wb@wb");
        assertEquals(0, details.exit(), details.both());
        List<String> skills = PluginSkills.names(ROOT);
        assertEquals(10, skills.size(), "plugin/skills/ holds the ten skills of the path: " + skills);
        assertTrue(details.out().contains("Skills (" + skills.size() + ")"), details.out());
        for (String skill : skills) {
            assertTrue(details.out().contains(skill), skill + " is not listed:\n" + details.out());
        }
        assertTrue(details.out().matches("(?s).*Hooks \\(2\\)\\s+PostToolUse, Stop.*"), details.out());

        // Claude Code starts the plugin's MCP server (wb mcp through the plugin's launcher) and it answers.
        TempGitRepo repo = TempGitRepo.create(tmp, "work");
        repo.write("README.md", "a repository\n");
        repo.commitAll("start");
        Run servers = Run.of(repo.root(), env, List.of(claude.toString(), "mcp", "list"));
        assertEquals(0, servers.exit(), servers.both());
        assertTrue(
                servers.out().matches("(?s).*plugin:wb:wb: \\S+/bin/wb mcp\\s+- \u2714 Connected.*"), servers.both());

        // The installed copy's launcher, with no wb on PATH, runs this checkout's wb.
        Path launcher = Path.of(wb.path("installPath").asText()).resolve("bin/wb");
        Run version = Run.of(tmp, env, List.of(launcher.toString(), "--version"));
        assertEquals(0, version.exit(), version.both());
        assertTrue(version.out().startsWith("wb "), version.both());
    }

    @Test
    void thePluginsHooksDoNothingInARepositoryWithoutWb() throws Exception {
        TempGitRepo repo = TempGitRepo.create(tmp, "plain");
        Run hook = Run.of(
                repo.root(), env, List.of(ROOT.resolve("plugin/hooks/run").toString(), "post-edit"));
        assertEquals(0, hook.exit(), hook.both());
        assertEquals("", hook.out() + hook.err());
    }

    private static JsonNode installed(JsonNode list, String id) {
        for (JsonNode plugin : list) {
            if (id.equals(plugin.path("id").asText())) {
                return plugin;
            }
        }
        throw new AssertionError(id + " is not installed: " + list);
    }
}
