package dev.wb.commands.config;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.core.JsonFactory;
import dev.wb.commands.base.Failure;
import dev.wb.commands.base.Workspace;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

/** The schema of .workflow/config.json: defaults, every block read, and every error naming key and line. */
class WorkspaceConfigTest {

    private static WorkspaceConfig parse(String json) {
        return WorkspaceConfig.of(WorkspaceConfig.parse(json.getBytes(StandardCharsets.UTF_8)));
    }

    private static Failure refused(String json) {
        Failure f = assertThrows(Failure.class, () -> parse(json));
        assertEquals(Failure.Kind.CONFIG, f.kind(), f.getMessage());
        return f;
    }

    @Test
    void an_empty_object_is_every_default() {
        WorkspaceConfig c = parse("{}");
        assertEquals(WorkspaceConfig.DEFAULTS, c);
        assertFalse(c.security().strictIsolation(), "a fresh install runs in the advanced mode");
        assertTrue(c.security().disableReadIsolation());
        assertTrue(c.security().readIsolationOff());
        assertEquals(List.of("claude"), c.agents().allowed());
        assertEquals(600, c.verifyTimeoutSeconds());
    }

    @Test
    void a_whole_file_reads_every_block() {
        WorkspaceConfig c = parse("""
                {
                  "execute": false,
                  "branches": {"prefix": "wb/", "protected": ["main"]},
                  "critical_zones": {"ledger": ["core/ledger/**"]},
                  "identity": {"name": "Ada", "email": "ada@example.com"},
                  "agents": {"allowed": ["codex", "claude"], "primary": "claude", "max_fix_cycles": 4,
                             "max_total_fix_iterations": 12,
                             "providers": {"codex": {"command": "/opt/codex/bin/codex", "models": ["gpt-5.5"],
                                                     "reasoning": ["high"], "args": ["--skip-git-repo-check"]}},
                             "judge": {"enabled": true}},
                  "security": {"strict_isolation": true, "disable_read_isolation": false, "allow_git_evidence": true,
                               "allowed_environment": ["LANG", "DOTNET_*"], "extra_environment": {"DOTNET_ROOT": "/opt/dotnet"},
                               "denied_read_paths": ["secrets/**"], "denied_commands": ["curl"]},
                  "checks": {"timeout_seconds": 300, "command_sets": {
                      "repo": {"commands": [["ruff", "check", "."], ["pytest"]]},
                      "ios": {"paths": ["ios/**"], "commands": [["xcodebuild", "test"]], "timeout_seconds": 900,
                              "skip_if_unavailable": true}}},
                  "repo": {"url": "https://github.com/o/r.git"},
                  "git": {"create_pull_request": true, "auto_merge": true},
                  "telegram": {"enabled": true, "bot_token": "1:abc", "chat_id": "42"}
                }
                """);
        assertFalse(c.execute());
        assertEquals("wb/", c.branches().prefix());
        assertEquals(List.of("codex", "claude"), c.agents().allowed());
        assertEquals("claude", c.agents().primary());
        assertEquals("/opt/codex/bin/codex", c.agents().provider("codex").command());
        assertTrue(c.agents().provider("codex").allowsModel("gpt-5.5"));
        assertFalse(c.agents().provider("codex").allowsModel("o3"));
        assertTrue(c.agents().provider("claude").allowsModel("anything"), "no list: any model");
        assertEquals("claude", c.agents().provider("claude").command(), "a provider not configured keeps its default");
        assertEquals(4, c.agents().maxFixCycles());
        assertTrue(c.security().strictIsolation());
        assertFalse(c.security().readIsolationOff());
        assertEquals(Map.of("DOTNET_ROOT", "/opt/dotnet"), c.security().extraEnvironment());
        assertEquals(300, c.verifyTimeoutSeconds());
        assertEquals(2, c.checks().commandSets().size());
        WorkspaceConfig.CommandSet ios = c.checks().commandSets().get(1);
        assertEquals("ios", ios.name());
        assertEquals(List.of(List.of("xcodebuild", "test")), ios.commands());
        assertEquals(Optional.of(900), ios.timeoutSeconds());
        assertTrue(ios.skipIfUnavailable());
        assertEquals(List.of(), c.checks().commandSets().get(0).paths(), "no paths: the set always runs");
        assertTrue(c.git().autoMerge());
        assertEquals("42", c.telegram().chatId());
    }

    @Test
    void telegram_secrets_named_by_variables_are_read_from_the_environment_at_use() {
        WorkspaceConfig c = parse(
                "{\"telegram\": {\"enabled\": true, \"bot_token_env\": \"TG_BOT\", \"chat_id_env\": \"TG_CHAT\"}}");

        assertEquals("TG_BOT", c.telegram().botTokenEnv());
        assertEquals("", c.telegram().botToken(), "no token is written in config.json");
        assertEquals(Optional.of("1:tok"), c.telegram().token(Map.of("TG_BOT", "1:tok", "TG_CHAT", "42")));
        assertEquals(Optional.of("42"), c.telegram().chat(Map.of("TG_BOT", "1:tok", "TG_CHAT", "42")));
        assertEquals(Optional.empty(), c.telegram().token(Map.of()));
        assertEquals(List.of("TG_BOT", "TG_CHAT"), c.telegram().unsetVariables(Map.of("TG_BOT", " ")));
    }

    @ParameterizedTest(name = "{0}")
    @CsvSource(delimiter = '|', textBlock = """
            unknown top key      | {"execute": true,\\n "exeucte": false}                         | line 2: unknown key exeucte (did you mean execute?)
            unknown nested key   | {"security": {\\n  "strict_isolaton": true}}                    | line 2: unknown key security.strict_isolaton (did you mean strict_isolation?)
            wrong type bool      | {"git": {"auto_merge": "yes"}}                                   | line 1: git.auto_merge must be true or false, not the string "yes"
            wrong type object    | {\\n"checks": []}                                                  | line 2: checks must be an object, not a list
            number out of range  | {"agents": {\\n"max_fix_cycles": 51}}                             | line 2: agents.max_fix_cycles must be a whole number from 0 to 50, not 51
            unknown provider     | {"agents": {"allowed": ["claude",\\n "gemini"]}}                   | line 2: agents.allowed[1]: "gemini" is not a provider wb can run
            primary not allowed  | {"agents": {"allowed": ["codex"],\\n "primary": "claude"}}         | line 2: agents.primary "claude" is not in agents.allowed [codex]
            empty allowed        | {"agents": {"allowed": []}}                                      | line 1: agents.allowed is empty
            bad env pattern      | {"security": {"allowed_environment": ["DOT*NET"]}}               | line 1: security.allowed_environment[0] must be a variable name or a prefix pattern like DOTNET_*
            private extra env    | {"security": {"extra_environment": {"X": "/repo/.git/hooks"}}}   | line 1: security.extra_environment.X: the value names .git
            argv not a list      | {"checks": {"command_sets": {"r": {"commands": [\\n"pytest -q"]}}}} | line 2: checks.command_sets.r.commands[0] must be an argv list
            no commands          | {"checks": {"command_sets": {"r": {"paths": ["a/**"]}}}}          | line 1: checks.command_sets.r.commands must be a non-empty list
            unknown set key      | {"checks": {"command_sets": {"r": {"commands": [["x"]],\\n "path": []}}}} | line 2: unknown key checks.command_sets.r.path (did you mean paths?)
            absolute glob        | {"checks": {"command_sets": {"r": {"commands": [["x"]], "paths": ["/src"]}}}} | line 1: checks.command_sets.r.paths[0] "/src" can never match
            dot-slash glob       | {"checks": {"command_sets": {"r": {"commands": [["x"]], "paths": ["./web/a.html"]}}}} | line 1: checks.command_sets.r.paths[0] "./web/a.html" can never match
            folder glob          | {"checks": {"command_sets": {"r": {"commands": [["x"]], "paths": ["web/"]}}}} | line 1: checks.command_sets.r.paths[0] "web/" can never match
            dot-dot glob         | {"checks": {"command_sets": {"r": {"commands": [["x"]], "paths": ["a/../b/**"]}}}} | line 1: checks.command_sets.r.paths[0] "a/../b/**" can never match
            empty program        | {"checks": {"command_sets": {"r": {"commands": [[""]]}}}}       | line 1: checks.command_sets.r.commands[0][0] names the program
            telegram half set    | {"telegram": {"enabled": true, "bot_token": "t"}}               | line 1: telegram.enabled is true, but chat_id is empty
            judge unknown key    | {"agents": {"judge": {\\n"enabld": true}}}                         | line 2: unknown key agents.judge.enabld (did you mean enabled?)
            judge bad value      | {"agents": {"judge": {"enabled": 1}}}                            | line 1: agents.judge.enabled must be true or false
            key twice            | {"execute": true,\\n"execute": false}                             | line 2: not JSON: key execute is given twice
            not json             | {"execute": tru}                                                 | line 1: not JSON
            not an object        | [1]                                                              | line 1: .workflow/config.json must be one JSON object, not a list
            line break in value  | {"security": {"extra_environment": {"CACHE": "./a\\u000ab"}}} | line 1: security.extra_environment.CACHE must not hold control characters
            NUL in a glob        | {"security": {"denied_read_paths": ["x\\u0000y"]}}           | line 1: security.denied_read_paths[0] must not hold control characters
            tab in an argv word  | {"checks": {"command_sets": {"r": {"commands": [["a\\tb"]]}}}} | line 1: checks.command_sets.r.commands[0][0] must not hold control characters
            secret not echoed    | {"security": {"extra_environment": {"NPM_TOKEN": 98765432123}}} | line 1: security.extra_environment.NPM_TOKEN must be a string, not a number
            token not echoed     | {"telegram": {"bot_token": 12345678}}                          | line 1: telegram.bot_token must be a string, not a number
            token and its env    | {"telegram": {"bot_token": "98765432123", "bot_token_env": "TG"}} | line 1: telegram.bot_token and telegram.bot_token_env are both set
            env key not a name   | {"telegram": {"chat_id_env": "12345678"}}                      | line 1: telegram.chat_id_env must name an environment variable
            """)
    void every_error_names_the_key_and_its_line(String name, String json, String expected) {
        Failure f = refused(json.replace("\\n", "\n"));
        assertTrue(f.getMessage().startsWith(".workflow/config.json " + expected), () -> name + ": " + f.getMessage());
        assertFalse(f.getMessage().contains("98765432123") || f.getMessage().contains("12345678"), f::getMessage);
        assertTrue(f.fixes().stream().anyMatch(fix -> fix.contains("docs/CONFIG.md")), f.fixes()::toString);
    }

    @Test
    void a_glob_that_can_never_match_names_the_one_meant_and_an_empty_word_is_an_argument() {
        Failure folder =
                refused("{\"checks\": {\"command_sets\": {\"r\": {\"commands\": [[\"x\"]], \"paths\": [\"web/\"]}}}}");
        Failure dotted = refused(
                "{\"checks\": {\"command_sets\": {\"r\": {\"commands\": [[\"x\"]], \"paths\": [\"./web/**\"]}}}}");
        WorkspaceConfig empty =
                parse("{\"checks\": {\"command_sets\": {\"r\": {\"commands\": [[\"sed\", \"-i\", \"\", \"x\"]]}}}}");

        assertTrue(folder.getMessage().endsWith("did you mean \"web/**\"?"), folder::getMessage);
        assertTrue(dotted.getMessage().endsWith("did you mean \"web/**\"?"), dotted::getMessage);
        assertEquals(
                List.of("sed", "-i", "", "x"),
                empty.checks().commandSets().get(0).commands().get(0));
    }

    @Test
    void an_absent_file_is_the_defaults_and_a_present_one_is_read(@TempDir Path dir) throws Exception {
        Files.createDirectories(dir.resolve(".workflow"));
        Workspace ws = new Workspace(dir);
        assertEquals(WorkspaceConfig.DEFAULTS, WorkspaceConfig.load(ws));
        Files.writeString(dir.resolve(".workflow/config.json"), "{\"git\": {\"create_pull_request\": true}}");
        assertTrue(WorkspaceConfig.load(ws).git().createPullRequest());
    }

    @Test
    void show_masks_every_secret_and_marks_defaults() throws Exception {
        String json = """
                {"telegram": {"enabled": true, "bot_token": "123:SECRET-TOKEN", "chat_id": "42"},
                 "repo": {"url": "https://bob:ghp_SECRET@github.com/o/r.git"},
                 "security": {"extra_environment": {"NPM_TOKEN": "SECRET-NPM", "DOTNET_ROOT": "/opt/dotnet",
                   "SIGNING_KEY": "SECRET-SIGN", "DATABASE_URL": "postgres://app:SECRET-PW@db:5432/app"}}}
                """;
        LocatedTree tree = LocatedTree.parse(new JsonFactory().createParser(json));
        var view = ConfigView.effective(WorkspaceConfig.of(tree), JudgeAgentsConfig.DEFAULTS);
        String text = String.join("\n", ConfigView.lines(view, tree)) + "\n";
        assertFalse(text.contains("SECRET"), text);
        assertTrue(text.contains("telegram.bot_token = \"********\"\n"), text);
        assertTrue(text.contains("repo.url = \"https://********@github.com/o/r.git\"\n"), text);
        assertTrue(
                text.contains("security.extra_environment.DOTNET_ROOT = \"/opt/dotnet\""),
                "a path is not a secret: " + text);
        assertTrue(text.contains("DATABASE_URL = \"postgres://********@db:5432/app\""), text);
        assertTrue(text.contains("git.auto_merge = false  (default)"), text);
        assertTrue(text.contains("telegram.chat_id = \"42\"\n"), "a set key is not marked default: " + text);
    }

    @Test
    void a_command_set_reads_its_env_and_each_command_s_own_and_shows_them_as_written() {
        WorkspaceConfig c = parse("""
                {"checks": {"command_sets": {"py": {
                  "env": {"PYTHONPATH": "src"},
                  "commands": [["ruff", "check", "."], {"argv": ["python", "-m", "pytest"], "env": {"PYTHONPATH": "src:tests"}}]
                }}}}
                """);
        WorkspaceConfig.CommandSet set = c.checks().commandSets().get(0);
        assertEquals(List.of("python", "-m", "pytest"), set.commands().get(1));
        assertEquals(Map.of("PYTHONPATH", "src"), set.envOf(0));
        assertEquals(Map.of("PYTHONPATH", "src:tests"), set.envOf(1), "a command's own env wins over the set's");
        String view = ConfigView.effective(c, JudgeAgentsConfig.DEFAULTS)
                .get("checks")
                .toString();
        assertTrue(
                view.contains("\"commands\":[[\"ruff\",\"check\",\".\"],{\"argv\":[\"python\",\"-m\",\"pytest\"],"
                        + "\"env\":{\"PYTHONPATH\":\"src:tests\"}}]"),
                view);
        assertTrue(view.contains("\"env\":{\"PYTHONPATH\":\"src\"}"), view);
    }

    @Test
    void a_command_set_env_refuses_what_is_not_a_variable_of_literal_strings() {
        assertTrue(refused("{\"checks\": {\"command_sets\": {\"py\": {\"commands\": [{\"env\": {}}]}}}}")
                .getMessage()
                .contains("checks.command_sets.py.commands[0] needs \"argv\""));
        assertTrue(refused(
                        "{\"checks\": {\"command_sets\": {\"py\": {\"commands\": [{\"argv\": [\"pytest\"], \"envv\": {}}]}}}}")
                .getMessage()
                .contains("unknown key checks.command_sets.py.commands[0].envv (did you mean env?)"));
        assertTrue(refused(
                        "{\"checks\": {\"command_sets\": {\"py\": {\"env\": {\"N\": 1}, \"commands\": [[\"pytest\"]]}}}}")
                .getMessage()
                .contains("checks.command_sets.py.env.N must be a string"));
        assertTrue(refused(
                        "{\"checks\": {\"command_sets\": {\"py\": {\"env\": {\"1X\": \"a\"}, \"commands\": [[\"pytest\"]]}}}}")
                .getMessage()
                .contains("a variable's name is letters, digits and _"));
        assertTrue(
                refused("{\"checks\": {\"command_sets\": {\"py\": {\"commands\": [{\"argv\": [\"git\", \"push\"]}]}}}}")
                        .getMessage()
                        .contains("matches denied command 'git push'"));
    }
}
