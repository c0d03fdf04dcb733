package dev.wb.commands.judge.agents;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import com.fasterxml.jackson.databind.node.TextNode;
import dev.wb.commands.Failure;
import dev.wb.commands.Session;
import dev.wb.commands.Workspace;
import dev.wb.commands.config.JudgeAgentModels;
import dev.wb.commands.config.JudgeAgentTarget;
import dev.wb.commands.config.JudgeAgentsConfig;
import dev.wb.commands.config.WorkspaceConfig;
import dev.wb.commands.judge.lock.RunLock;
import dev.wb.engine.EventEnvelope;
import dev.wb.engine.StreamId;
import dev.wb.engine.TaskKey;
import dev.wb.engine.TestEvents;
import dev.wb.engine.json.CanonicalJson;
import dev.wb.projections.events.judge.JudgeAgentsConfigured;
import dev.wb.projections.events.judge.JudgeHookAction;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Clock;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.TreeMap;
import java.util.stream.Stream;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

/**
 * {@code wb judge enable|disable|status} and the guard hook below the command line: the three agent
 * files and what they tell the judge, the schema, the configuration and the settings they merge into,
 * hand edits, dry runs, models where each host reads them, and the guard's decision on a hook event.
 */
class JudgeAgentsTest {

    @TempDir
    Path tmp;

    Workspace ws;
    Path launcher;

    @BeforeEach
    void workspace() throws IOException {
        Files.createDirectories(tmp.resolve("repo/.git"));
        ws = new Workspace(tmp.resolve("repo"));
        launcher = tmp.resolve("wb home/bin/wb");
        Files.createDirectories(launcher.getParent());
        Files.writeString(launcher, "#!/bin/sh\n");
    }

    // ------------------------------------------------------------ enable

    @Test
    void enable_writes_three_agent_files_that_carry_the_whole_contract() {
        JudgeAgents.Result result = JudgeAgents.enable(ws, false, false, Optional.of(launcher));

        assertEquals(
                List.of(
                        ".claude/agents/wb-judge.md",
                        ".github/agents/wb-judge.agent.md",
                        ".codex/agents/wb-judge.toml",
                        JudgeAgents.SCHEMA_PATH),
                result.written());
        for (JudgeAgentTarget target : JudgeAgentTarget.values()) {
            String text = read(target.path());
            for (String sentence : List.of(
                    "You never edit, create, move or delete a file",
                    "You never change git state",
                    "git diff refs/wb/base refs/wb/candidate",
                    ".workflow/local/judge/snapshots/<id>/worktree/",
                    "`task.md`",
                    "`context.md`",
                    "`plan.md`",
                    "`acceptance-criteria.md`",
                    "`review-checklist.md`",
                    "wb judge scope <KEY> --base <base> --candidate SNAPSHOT:<id> --json",
                    "copy its whole output,\nunchanged",
                    "review record schema version 6",
                    ".workflow/judge/schemas/review.schema.json",
                    "exactly one entry per `AC-<n>` identifier",
                    "`evidence` is never empty",
                    "Observations never block APPROVED",
                    "set `false` when you are the same agent or session that implemented the task",
                    "`receiptDigest`: you may set it",
                    "`.workflow/review-policy.md`",
                    "It may only ADD criteria",
                    "is ignored, and you report it in\n  `observations`",
                    "the caller saves your exact JSON under\n  `.workflow/local/judge/<KEY>/`")) {
                assertTrue(text.contains(sentence), target + " lacks: " + sentence);
            }
            assertEquals(
                    JudgeAgentTemplates.FileState.GENERATED,
                    JudgeAgentTemplates.state(ws.root().resolve(target.path())));
        }

        Map<String, String> claude = frontmatter(read(".claude/agents/wb-judge.md"));
        assertEquals("wb-judge", claude.get("name"));
        assertEquals("Read, Grep, Glob, Bash", claude.get("tools"));
        assertEquals(JudgeAgentTemplates.DESCRIPTION, claude.get("description"));
        assertFalse(claude.containsKey("model"), "no model configured: the host's default");
        Map<String, String> copilot = frontmatter(read(".github/agents/wb-judge.agent.md"));
        assertEquals("wb-judge", copilot.get("name"));
        assertEquals("[\"read\", \"search\", \"execute\"]", copilot.get("tools"));
        assertFalse(copilot.containsKey("model"));
        Map<String, String> codex = toml(read(".codex/agents/wb-judge.toml"));
        assertEquals("wb-judge", codex.get("name"));
        assertEquals("read-only", codex.get("sandbox_mode"));
        assertEquals(JudgeAgentTemplates.contract(), codex.get("developer_instructions"));
        assertFalse(codex.containsKey("model"));
        assertTrue(read(".claude/agents/wb-judge.md").endsWith(JudgeAgentTemplates.contract()));
    }

    @Test
    void enable_installs_the_schema_of_review_record_version_6() {
        JudgeAgents.enable(ws, false, false, Optional.of(launcher));

        ObjectNode schema = CanonicalJson.parseObject(read(JudgeAgents.SCHEMA_PATH));
        assertEquals(
                "https://json-schema.org/draft/2020-12/schema",
                schema.get("$schema").textValue());
        assertEquals(
                List.of(
                        "schemaVersion",
                        "taskId",
                        "scope",
                        "verdict",
                        "tests",
                        "criteria",
                        "observations",
                        "reviewedAt"),
                texts(schema.get("required")));
        assertFalse(schema.get("additionalProperties").booleanValue());
        JsonNode p = schema.get("properties");
        assertEquals(6, p.get("schemaVersion").get("const").intValue());
        assertEquals("object", p.get("scope").get("type").textValue());
        assertEquals(
                List.of("APPROVED", "NEEDS_CHANGES", "BLOCKED"),
                texts(p.get("verdict").get("enum")));
        JsonNode test = p.get("tests").get("items");
        assertEquals(List.of("command", "status"), texts(test.get("required")));
        assertEquals(
                List.of("passed", "failed", "not-run"),
                texts(test.get("properties").get("status").get("enum")));
        assertEquals(
                "string", test.get("properties").get("evidence").get("type").textValue());
        assertFalse(test.get("additionalProperties").booleanValue());
        JsonNode criterion = p.get("criteria").get("items");
        assertEquals(List.of("id", "status", "evidence"), texts(criterion.get("required")));
        assertEquals(
                "^AC-[1-9][0-9]*$",
                criterion.get("properties").get("id").get("pattern").textValue());
        assertEquals(
                List.of("pass", "fail", "not-evaluated"),
                texts(criterion.get("properties").get("status").get("enum")));
        assertEquals(
                "\\S",
                criterion.get("properties").get("evidence").get("pattern").textValue());
        assertFalse(criterion.get("additionalProperties").booleanValue());
        assertEquals("string", p.get("observations").get("items").get("type").textValue());
        assertEquals("date-time", p.get("reviewedAt").get("format").textValue());
        assertEquals("boolean", p.get("independent").get("type").textValue());
        assertEquals("#/$defs/digest", p.get("receiptDigest").get("$ref").textValue());
        assertEquals("string", p.get("$schema").get("type").textValue(), "wb's addition, for editors");
        assertEquals(
                Set.of(
                        "$schema",
                        "schemaVersion",
                        "taskId",
                        "scope",
                        "verdict",
                        "tests",
                        "criteria",
                        "observations",
                        "reviewedAt",
                        "independent",
                        "receiptDigest"),
                names(p));
    }

    @Test
    void enable_sets_the_switch_keeping_every_other_key_of_config_json_in_its_order() {
        write(".workflow/config.json", """
                {
                  "execute": false,
                  "critical_zones": {"auth": ["src/auth/"]},
                  "agents": {"judge": {"model": {"codex": "gpt-5-codex"}}, "primary": "claude"},
                  "checks": {"timeout_seconds": 120}
                }
                """);

        JudgeAgents.Result result = JudgeAgents.enable(ws, false, false, Optional.of(launcher));

        assertTrue(result.configChanged());
        ObjectNode config = CanonicalJson.parseObject(read(".workflow/config.json"));
        assertEquals(List.of("execute", "critical_zones", "agents", "checks"), List.copyOf(names(config)));
        assertFalse(config.get("execute").booleanValue());
        assertEquals("src/auth/", config.at("/critical_zones/auth/0").textValue());
        assertEquals(120, config.at("/checks/timeout_seconds").intValue());
        assertEquals("claude", config.at("/agents/primary").textValue(), "the other keys of agents are kept");
        assertTrue(config.at("/agents/judge/enabled").booleanValue());
        assertEquals("gpt-5-codex", toml(read(".codex/agents/wb-judge.toml")).get("model"));
        assertEquals(Optional.of("gpt-5-codex"), result.models().get(JudgeAgentTarget.CODEX));
        assertEquals(Optional.empty(), result.models().get(JudgeAgentTarget.CLAUDE));
        assertTrue(read(".workflow/config.json").contains("\"execute\": false"), "people read it: key: value");
        WorkspaceConfig existing = WorkspaceConfig.load(ws);
        assertFalse(existing.execute(), "the existing keys still read as before");
    }

    @Test
    void enable_creates_config_json_when_there_is_none() {
        JudgeAgents.enable(ws, false, false, Optional.of(launcher));

        assertEquals(
                "{\n  \"agents\": {\n    \"judge\": {\n      \"enabled\": true\n    }\n  }\n}\n",
                read(".workflow/config.json"));
    }

    @Test
    void enable_merges_the_guard_hook_into_settings_local_json_keeping_every_other_setting() {
        write(".claude/settings.local.json", """
                {
                  "permissions": {"allow": ["Bash(npm test)"]},
                  "hooks": {
                    "PreToolUse": [
                      {"matcher": "Bash", "hooks": [{"type": "command", "command": "./scripts/check-bash.sh"}]}
                    ],
                    "PostToolUse": [
                      {"matcher": "Write", "hooks": [{"type": "command", "command": "npx prettier --write"}]}
                    ]
                  },
                  "model": "opus"
                }
                """);

        JudgeAgents.Result result = JudgeAgents.enable(ws, false, false, Optional.of(launcher));

        assertEquals(JudgeHookAction.INSTALLED, result.hook());
        String command = "\"" + launcher + "\" judge guard";
        assertEquals(Optional.of(command), result.hookCommand());
        ObjectNode settings = CanonicalJson.parseObject(read(".claude/settings.local.json"));
        assertEquals(List.of("permissions", "hooks", "model"), List.copyOf(names(settings)));
        assertEquals("Bash(npm test)", settings.at("/permissions/allow/0").textValue());
        assertEquals("opus", settings.get("model").textValue());
        assertEquals(
                "npx prettier --write",
                settings.at("/hooks/PostToolUse/0/hooks/0/command").textValue());
        JsonNode pre = settings.at("/hooks/PreToolUse");
        assertEquals(2, pre.size());
        assertEquals("./scripts/check-bash.sh", pre.at("/0/hooks/0/command").textValue());
        assertEquals("Edit|Write|MultiEdit|NotebookEdit", pre.at("/1/matcher").textValue());
        assertEquals("command", pre.at("/1/hooks/0/type").textValue());
        assertEquals(command, pre.at("/1/hooks/0/command").textValue());

        JudgeAgents.Result again = JudgeAgents.enable(ws, false, false, Optional.of(launcher));
        assertEquals(JudgeHookAction.UNCHANGED, again.hook());
        assertEquals(List.of(), again.written(), "nothing changed, nothing written");
        assertEquals(settings, CanonicalJson.parseObject(read(".claude/settings.local.json")));
    }

    @Test
    void a_moved_launcher_replaces_wbs_entry_instead_of_adding_a_second() throws IOException {
        JudgeAgents.enable(ws, false, false, Optional.of(launcher));
        Path moved = tmp.resolve("elsewhere/bin/wb");
        Files.createDirectories(moved.getParent());
        Files.writeString(moved, "#!/bin/sh\n");

        JudgeAgents.Result result = JudgeAgents.enable(ws, false, false, Optional.of(moved));

        assertEquals(JudgeHookAction.INSTALLED, result.hook());
        ObjectNode settings = CanonicalJson.parseObject(read(".claude/settings.local.json"));
        assertEquals(List.of("\"" + moved + "\" judge guard"), JudgeGuardHook.installed(settings));
    }

    @Test
    void without_a_known_launcher_the_hook_is_not_installed_and_a_warning_says_what_to_set() {
        JudgeAgents.Result result = JudgeAgents.enable(ws, false, false, Optional.empty());

        assertEquals(JudgeHookAction.UNCHANGED, result.hook());
        assertFalse(Files.exists(ws.root().resolve(".claude/settings.local.json")));
        assertTrue(
                result.warnings().stream().anyMatch(w -> w.fix().contains("WB_LAUNCHER")),
                result.warnings().toString());
    }

    @Test
    void targets_limit_the_files_pi_is_skipped_and_no_claude_means_no_hook() {
        write(".workflow/config.json", "{\"agents\": {\"judge\": {\"targets\": [\"codex\", \"pi\"]}}}");

        JudgeAgents.Result result = JudgeAgents.enable(ws, false, false, Optional.of(launcher));

        assertEquals(List.of(".codex/agents/wb-judge.toml", JudgeAgents.SCHEMA_PATH), result.written());
        assertTrue(result.piListed());
        assertTrue(result.warnings().stream().anyMatch(w -> w.message().contains("no native subagent API")));
        assertFalse(Files.exists(ws.root().resolve(".claude/agents/wb-judge.md")));
        assertFalse(Files.exists(ws.root().resolve(".claude/settings.local.json")));
    }

    @Test
    void a_dry_run_reports_the_plan_and_writes_nothing() throws IOException {
        write(".workflow/config.json", "{\"execute\": true}\n");
        write(".claude/settings.local.json", "{\"model\": \"opus\"}\n");
        Map<String, String> before = tree();

        JudgeAgents.Result result = JudgeAgents.enable(ws, true, false, Optional.of(launcher));

        assertEquals(before, tree());
        assertTrue(result.dryRun());
        assertTrue(result.configChanged());
        assertEquals(JudgeHookAction.INSTALLED, result.hook());
        assertEquals(4, result.written().size());
        assertEquals(
                JudgeAgentTemplates.render(JudgeAgentTarget.CLAUDE, Optional.empty()),
                result.files().get(0).content(),
                "the content that would be written");

        JudgeAgents.enable(ws, false, false, Optional.of(launcher));
        Map<String, String> enabled = tree();
        JudgeAgents.Result off = JudgeAgents.disable(ws, true, false);
        assertEquals(JudgeHookAction.REMOVED, off.hook());
        assertEquals(enabled, tree(), "a dry-run disable writes nothing either");
    }

    @Test
    void a_hand_edited_file_is_kept_without_force_and_overwritten_with_it() {
        JudgeAgents.enable(ws, false, false, Optional.of(launcher));
        String edited = read(".github/agents/wb-judge.agent.md")
                .replace("model", "model")
                .replace("# wb judge", "# wb judge, our way");
        write(".github/agents/wb-judge.agent.md", edited);
        write(".claude/agents/wb-judge.md", "---\nname: wb-judge\ndescription: ours\n---\nOur own judge.\n");
        assertEquals(
                JudgeAgentTemplates.FileState.EDITED,
                JudgeAgentTemplates.state(ws.root().resolve(".github/agents/wb-judge.agent.md")));

        JudgeAgents.Result kept = JudgeAgents.enable(ws, false, false, Optional.of(launcher));

        assertEquals(JudgeAgents.FileAction.KEPT_EDITED, kept.files().get(0).action());
        assertEquals(JudgeAgents.FileAction.KEPT_EDITED, kept.files().get(1).action());
        assertEquals(JudgeAgents.FileAction.UNCHANGED, kept.files().get(2).action());
        assertEquals(edited, read(".github/agents/wb-judge.agent.md"));
        assertEquals(
                "---\nname: wb-judge\ndescription: ours\n---\nOur own judge.\n", read(".claude/agents/wb-judge.md"));
        assertEquals(2, kept.warnings().size());
        assertTrue(kept.warnings().get(0).fix().startsWith("wb judge enable --force"));

        JudgeAgents.Result forced = JudgeAgents.enable(ws, false, true, Optional.of(launcher));

        assertEquals(JudgeAgents.FileAction.OVERWRITTEN, forced.files().get(0).action());
        assertEquals(JudgeAgents.FileAction.OVERWRITTEN, forced.files().get(1).action());
        assertEquals(JudgeAgents.FileAction.UNCHANGED, forced.files().get(2).action());
        assertEquals(
                JudgeAgentTemplates.render(JudgeAgentTarget.COPILOT, Optional.empty()),
                read(".github/agents/wb-judge.agent.md"));
    }

    @Test
    void enable_regenerates_a_generated_file_from_configuration_without_force() {
        JudgeAgents.enable(ws, false, false, Optional.of(launcher));
        write(
                ".workflow/config.json",
                "{\"agents\": {\"judge\": {\"enabled\": true, \"model\": {\"claude\": \"opus\"}}}}");

        JudgeAgents.Result result = JudgeAgents.enable(ws, false, false, Optional.of(launcher));

        assertEquals(JudgeAgents.FileAction.UPDATED, result.files().get(0).action());
        assertEquals("opus", frontmatter(read(".claude/agents/wb-judge.md")).get("model"));
        assertFalse(result.configChanged());
    }

    // ------------------------------------------------------------ disable

    @Test
    void disable_turns_the_switch_off_removes_only_wbs_hook_and_keeps_the_agent_files() {
        write(".claude/settings.local.json", """
                {"hooks": {"PreToolUse": [
                  {"matcher": "Edit|Write", "hooks": [
                    {"type": "command", "command": "./lint-before-write.sh"},
                    {"type": "command", "command": "/opt/old/bin/wb judge guard"}]},
                  {"matcher": "Bash", "hooks": [{"type": "command", "command": "wbx judge guard"}]}
                ]}, "env": {"A": "1"}}
                """);
        JudgeAgents.enable(ws, false, false, Optional.of(launcher));
        assertEquals(
                List.of("\"" + launcher + "\" judge guard"),
                JudgeGuardHook.installed(CanonicalJson.parseObject(read(".claude/settings.local.json"))),
                "the old launcher's entry was replaced");
        String claudeFile = read(".claude/agents/wb-judge.md");

        JudgeAgents.Result result = JudgeAgents.disable(ws, false, false);

        assertEquals(JudgeHookAction.REMOVED, result.hook());
        assertFalse(CanonicalJson.parseObject(read(".workflow/config.json"))
                .at("/agents/judge/enabled")
                .booleanValue());
        ObjectNode settings = CanonicalJson.parseObject(read(".claude/settings.local.json"));
        assertEquals(CanonicalJson.parseObject("""
                {"hooks": {"PreToolUse": [
                  {"matcher": "Edit|Write", "hooks": [{"type": "command", "command": "./lint-before-write.sh"}]},
                  {"matcher": "Bash", "hooks": [{"type": "command", "command": "wbx judge guard"}]}
                ]}, "env": {"A": "1"}}
                """), settings);
        assertEquals(claudeFile, read(".claude/agents/wb-judge.md"), "generated files are kept");
        assertEquals(3, result.files().size());
        assertEquals(List.of(), result.written());

        assertEquals(
                JudgeHookAction.UNCHANGED, JudgeAgents.disable(ws, false, false).hook());
    }

    @Test
    void disable_deletes_the_settings_file_when_wbs_hook_was_all_it_held() {
        JudgeAgents.enable(ws, false, false, Optional.of(launcher));

        JudgeAgents.disable(ws, false, false);

        assertFalse(
                Files.exists(ws.root().resolve(".claude/settings.local.json")),
                "an empty settings file wb leaves behind would enter every scope once wb's ignore rule is gone");
    }

    @Test
    void enable_and_disable_are_recorded_on_the_workspace_stream() {
        write(".workflow/config.json", "{\"agents\": {\"judge\": {\"model\": {\"claude\": \"sonnet\"}}}}");
        try (Session session = new Session(ws, System.getenv(), TestEvents.invocation())) {
            JudgeAgents.record(session, JudgeAgents.enable(ws, false, false, Optional.of(launcher)));
            JudgeAgents.record(session, JudgeAgents.disable(ws, false, false));

            List<EventEnvelope> events = session.reader().read(StreamId.workspace());
            assertEquals(2, events.size());
            assertEquals(JudgeAgentsConfigured.TYPE.name(), events.get(0).type());
            ObjectNode on = events.get(0).payload().json();
            assertEquals("enable", on.get("action").textValue());
            assertEquals(
                    List.of(
                            ".claude/agents/wb-judge.md",
                            ".github/agents/wb-judge.agent.md",
                            ".codex/agents/wb-judge.toml",
                            JudgeAgents.SCHEMA_PATH),
                    texts(on.get("files")));
            assertEquals("installed", on.get("hook").textValue());
            assertEquals("sonnet", on.at("/models/claude").textValue());
            assertTrue(on.at("/models/copilot").isNull(), "null: the host's default");
            ObjectNode off = events.get(1).payload().json();
            assertEquals("disable", off.get("action").textValue());
            assertEquals(List.of(), texts(off.get("files")));
            assertEquals("removed", off.get("hook").textValue());
        }
    }

    // ------------------------------------------------------------ status

    // lock is held for the block's length: taken, never read.
    @SuppressWarnings("try")
    @Test
    void status_reports_the_switch_each_file_its_model_the_hook_and_a_run_in_progress() {
        JudgeStatus before = JudgeStatus.read(ws, Optional.of(launcher));
        assertFalse(before.enabled());
        assertTrue(before.targets().stream().allMatch(t -> t.state() == JudgeAgentTemplates.FileState.ABSENT));
        assertFalse(before.hookInstalled());
        assertFalse(before.schemaPresent());
        assertEquals(Optional.empty(), before.run());

        write(".workflow/config.json", "{\"agents\": {\"judge\": {\"model\": {\"copilot\": \"Claude Sonnet 4.5\"}}}}");
        JudgeAgents.enable(ws, false, false, Optional.of(launcher));
        write(".codex/agents/wb-judge.toml", read(".codex/agents/wb-judge.toml") + "# ours\n");

        try (RunLock lock =
                RunLock.acquire(ws, new TaskKey("TASK-3"), "0123456789abcdef0123", false, Clock.systemUTC())) {
            JudgeStatus status = JudgeStatus.read(ws, Optional.of(launcher));

            assertTrue(status.enabled());
            JudgeStatus.Target claude = status.targets().get(0);
            assertEquals(JudgeAgentTemplates.FileState.GENERATED, claude.state());
            assertTrue(claude.current());
            assertEquals(Optional.empty(), claude.model());
            assertEquals(
                    Optional.of("Claude Sonnet 4.5"), status.targets().get(1).model());
            assertEquals(
                    JudgeAgentTemplates.FileState.EDITED,
                    status.targets().get(2).state());
            assertTrue(status.hookInstalled());
            assertTrue(status.hookCurrent());
            assertTrue(status.schemaPresent() && status.schemaCurrent());
            assertEquals("TASK-3", status.run().orElseThrow().task());
        }
    }

    // ------------------------------------------------------------ models

    @ParameterizedTest
    @CsvSource(
            delimiter = '|',
            value = {
                "claude  | opus                       | true",
                "claude  | sonnet                     | true",
                "claude  | haiku                      | true",
                "claude  | claude-sonnet-4-5-20250929 | true",
                "claude  | claude-opus-4-1            | true",
                "claude  | gpt-5                      | false",
                "claude  | Claude Opus                | false",
                "codex   | gpt-5-codex                | true",
                "codex   | o4-mini                    | true",
                "codex   | codex-mini-latest          | true",
                "codex   | claude-opus-4-1            | false",
                "copilot | Claude Sonnet 4.5          | true",
                "copilot | GPT-5 (copilot)            | true",
                "copilot | gpt-4o                     | true",
                "copilot | {weird}                    | false",
            })
    void model_identifiers_are_checked_by_shape_only(String target, String model, boolean familiar) {
        JudgeAgentTarget t = JudgeAgentTarget.of(target).orElseThrow();
        assertEquals(model, JudgeAgentModels.require(t, model));
        assertEquals(familiar, JudgeAgentModels.unfamiliar(t, model).isEmpty(), model);
    }

    @Test
    void what_can_never_be_a_model_name_is_refused() {
        for (String bad : List.of("", "  ", " opus", "opus\nname: evil", "a\u0000b")) {
            Failure failure = assertThrows(Failure.class, () -> JudgeAgentModels.require(JudgeAgentTarget.CLAUDE, bad));
            assertEquals(Failure.Kind.USAGE, failure.kind());
        }
    }

    @Test
    void a_configured_model_lands_where_each_host_reads_it_quoted_safely() {
        JudgeAgents.enable(ws, false, false, Optional.of(launcher));
        Map<JudgeAgentTarget, String> models = new LinkedHashMap<>();
        models.put(JudgeAgentTarget.CLAUDE, "claude-opus-4-1");
        models.put(JudgeAgentTarget.COPILOT, "Claude \"Sonnet\" 4.5 \\ beta: #1");
        models.put(JudgeAgentTarget.CODEX, "my'model\"\\x");
        for (Map.Entry<JudgeAgentTarget, String> entry : models.entrySet()) {
            ObjectNode root = JudgeAgentsConfig.with(
                    JudgeAgentsConfig.readRoot(ws),
                    JudgeAgentsConfig.modelKey(entry.getKey()),
                    TextNode.valueOf(entry.getValue()));
            JudgeAgentsConfig.write(ws, root);
            List<JudgeAgents.Warning> warnings = new ArrayList<>();
            JudgeAgents.FileResult file =
                    JudgeAgents.regenerate(ws, entry.getKey(), warnings).orElseThrow();
            assertEquals(JudgeAgents.FileAction.UPDATED, file.action());
            assertEquals(List.of(), warnings);
        }

        assertEquals(
                "claude-opus-4-1",
                frontmatter(read(".claude/agents/wb-judge.md")).get("model"));
        assertEquals(
                "Claude \"Sonnet\" 4.5 \\ beta: #1",
                frontmatter(read(".github/agents/wb-judge.agent.md")).get("model"));
        assertEquals("my'model\"\\x", toml(read(".codex/agents/wb-judge.toml")).get("model"));
        assertTrue(read(".codex/agents/wb-judge.toml").contains("model = \"my'model\\\"\\\\x\"\n"));
        for (JudgeAgentTarget target : JudgeAgentTarget.values()) {
            assertEquals(
                    JudgeAgentTemplates.FileState.GENERATED,
                    JudgeAgentTemplates.state(ws.root().resolve(target.path())));
        }
        assertEquals(
                Optional.of("Claude \"Sonnet\" 4.5 \\ beta: #1"),
                JudgeAgentsConfig.load(ws).model(JudgeAgentTarget.COPILOT));
    }

    @Test
    void a_model_is_not_written_to_a_file_while_the_judge_is_disabled_or_into_a_hand_edited_one() {
        JudgeAgentsConfig.write(
                ws,
                JudgeAgentsConfig.with(
                        CanonicalJson.objectNode(),
                        JudgeAgentsConfig.modelKey(JudgeAgentTarget.CLAUDE),
                        TextNode.valueOf("opus")));
        assertEquals(Optional.empty(), JudgeAgents.regenerate(ws, JudgeAgentTarget.CLAUDE, new ArrayList<>()));
        assertFalse(Files.exists(ws.root().resolve(".claude/agents/wb-judge.md")));

        JudgeAgents.enable(ws, false, false, Optional.of(launcher));
        write(".claude/agents/wb-judge.md", read(".claude/agents/wb-judge.md") + "\nOur note.\n");
        List<JudgeAgents.Warning> warnings = new ArrayList<>();
        JudgeAgents.FileResult file =
                JudgeAgents.regenerate(ws, JudgeAgentTarget.CLAUDE, warnings).orElseThrow();
        assertEquals(JudgeAgents.FileAction.KEPT_EDITED, file.action());
        assertEquals(1, warnings.size());
        assertTrue(read(".claude/agents/wb-judge.md").endsWith("Our note.\n"));
    }

    @Test
    void quoting_reads_back_as_the_value_in_yaml_and_toml() {
        for (String value : List.of("opus", "a \"b\" c", "back\\slash", "tab\there", "line\u2028sep", "é ü 日本")) {
            String quoted = JudgeAgentTemplates.quoted(value);
            assertEquals(value, unquote(quoted), quoted);
            assertFalse(quoted.chars().anyMatch(c -> c < 0x20), quoted);
        }
    }

    // ------------------------------------------------------------ configuration

    @Test
    void configuration_that_cannot_be_used_stops_with_exit_3() {
        for (String bad : List.of(
                "not json",
                "[]",
                "{\"agents\": 1}",
                "{\"agents\": {\"judge\": {\"enabled\": \"yes\"}}}",
                "{\"agents\": {\"judge\": {\"targets\": [\"claude\", \"vim\"]}}}",
                "{\"agents\": {\"judge\": {\"model\": {\"emacs\": \"x\"}}}}",
                "{\"agents\": {\"judge\": {\"model\": {\"claude\": 3}}}}")) {
            write(".workflow/config.json", bad);
            Failure failure =
                    assertThrows(Failure.class, () -> JudgeAgents.enable(ws, false, false, Optional.of(launcher)), bad);
            assertEquals(Failure.Kind.CONFIG, failure.kind(), bad);
            assertEquals(bad, read(".workflow/config.json"), "left as it was");
        }
    }

    @Test
    void a_settings_file_that_is_not_a_json_object_is_not_overwritten() {
        write(".claude/settings.local.json", "{ // comments are not JSON\n}");

        Failure failure =
                assertThrows(Failure.class, () -> JudgeAgents.enable(ws, false, false, Optional.of(launcher)));

        assertEquals(Failure.Kind.CONFIG, failure.kind());
        assertEquals("{ // comments are not JSON\n}", read(".claude/settings.local.json"));
    }

    // ------------------------------------------------------------ the guard

    // lock is held for the block's length: taken, never read.
    @SuppressWarnings("try")
    @Test
    void the_guard_refuses_an_edit_tool_while_a_run_holds_the_lock() {
        try (RunLock lock = RunLock.acquire(ws, new TaskKey("TASK-2"), "snap-9", false, Clock.systemUTC())) {
            for (String tool : List.of("Edit", "Write", "MultiEdit", "NotebookEdit")) {
                JudgeGuard.Decision decision =
                        JudgeGuard.decide(event(tool, ws.root(), ws.root().resolve("src/App.java")), tmp);
                assertEquals(JudgeGuard.Decision.Kind.DENY, decision.kind(), tool);
                assertTrue(
                        decision.message()
                                .contains(tool + " is refused while a judge validation run is in" + " progress"),
                        decision.message());
                assertTrue(decision.message().contains("task TASK-2, snapshot snap-9"), decision.message());
            }
            assertEquals(
                    JudgeGuard.Decision.Kind.ALLOW,
                    JudgeGuard.decide(event("Bash", ws.root(), null), tmp).kind(),
                    "not an edit tool");
            assertEquals(
                    JudgeGuard.Decision.Kind.ALLOW,
                    JudgeGuard.decide(event("Read", ws.root(), ws.root().resolve("src/App.java")), tmp)
                            .kind());
            assertEquals(
                    JudgeGuard.Decision.Kind.DENY,
                    JudgeGuard.decide(event("Write", tmp, ws.root().resolve("src/new/Deep.java")), tmp)
                            .kind(),
                    "a file in the locked repository, whatever the session's folder");
        }
        assertEquals(
                JudgeGuard.Decision.Kind.ALLOW,
                JudgeGuard.decide(event("Edit", ws.root(), ws.root().resolve("src/App.java")), tmp)
                        .kind(),
                "no run: allowed");
    }

    @Test
    void the_guard_allows_outside_a_repository_and_reports_an_unreadable_event() {
        assertEquals(
                JudgeGuard.Decision.Kind.ALLOW,
                JudgeGuard.decide(event("Edit", tmp, tmp.resolve("x.txt")), tmp).kind());
        assertEquals(
                JudgeGuard.Decision.Kind.MALFORMED,
                JudgeGuard.decide("not json".getBytes(StandardCharsets.UTF_8), tmp)
                        .kind());
        assertEquals(
                JudgeGuard.Decision.Kind.MALFORMED,
                JudgeGuard.decide("[1]".getBytes(StandardCharsets.UTF_8), tmp).kind());
    }

    @Test
    void wbs_hook_entry_is_recognised_by_its_command_alone() {
        for (String ours : List.of(
                "wb judge guard",
                "/opt/wb/bin/wb judge guard",
                "\"/a b/bin/wb\" judge guard",
                "'/it'\\''s/bin/wb' judge guard")) {
            assertTrue(JudgeGuardHook.ours(hook(ours)), ours);
        }
        for (String theirs : List.of(
                "wbx judge guard",
                "/opt/bin/wb judge guard --strict",
                "wb judge run",
                "./guard.sh",
                "/opt/bin/notwb judge guard")) {
            assertFalse(JudgeGuardHook.ours(hook(theirs)), theirs);
        }
        assertEquals("\"/a b/bin/wb\" judge guard", JudgeGuardHook.command(Path.of("/a b/bin/wb")));
        assertEquals("'/a $b/bin/wb' judge guard", JudgeGuardHook.command(Path.of("/a $b/bin/wb")));
    }

    @Test
    void the_launcher_comes_from_wb_launcher_when_it_names_a_file() {
        assertEquals(Optional.of(launcher), WbLauncher.find(Map.of("WB_LAUNCHER", launcher.toString()), tmp));
        assertEquals(
                Optional.empty(),
                WbLauncher.find(Map.of("WB_LAUNCHER", tmp.resolve("nothing").toString()), tmp),
                "no such file, and these classes do not run from bin/wb's jar");
    }

    @Test
    void a_relative_wb_launcher_is_taken_from_the_runs_folder_not_this_jvms() {
        Path folder = launcher.getParent().getParent();
        Path relative = folder.relativize(launcher);

        assertEquals(Optional.of(launcher), WbLauncher.find(Map.of("WB_LAUNCHER", relative.toString()), folder));
    }

    // ------------------------------------------------------------ helpers

    private static ObjectNode hook(String command) {
        ObjectNode hook = CanonicalJson.objectNode();
        hook.put("type", "command");
        hook.put("command", command);
        return hook;
    }

    static byte[] event(String tool, Path cwd, Path file) {
        ObjectNode event = CanonicalJson.objectNode();
        event.put("session_id", "abc");
        event.put("transcript_path", "/tmp/t.jsonl");
        event.put("cwd", cwd.toString());
        event.put("hook_event_name", "PreToolUse");
        event.put("tool_name", tool);
        ObjectNode input = event.putObject("tool_input");
        if (file != null) {
            input.put(tool.equals("NotebookEdit") ? "notebook_path" : "file_path", file.toString());
            input.put("content", "x");
        } else {
            input.put("command", "ls");
        }
        return CanonicalJson.bytes(event);
    }

    private String read(String relative) {
        try {
            return Files.readString(ws.root().resolve(relative));
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    private void write(String relative, String text) {
        try {
            Path file = ws.root().resolve(relative);
            Files.createDirectories(file.getParent());
            Files.writeString(file, text);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    /** Every file under the repository (its .git aside) and its text. */
    private Map<String, String> tree() throws IOException {
        Map<String, String> files = new TreeMap<>();
        try (Stream<Path> walk = Files.walk(ws.root())) {
            for (Path p : walk.filter(Files::isRegularFile).toList()) {
                String rel = ws.root().relativize(p).toString();
                if (!rel.startsWith(".git/")) {
                    files.put(rel, Files.readString(p));
                }
            }
        }
        return files;
    }

    private static List<String> texts(JsonNode array) {
        List<String> out = new ArrayList<>();
        array.forEach(n -> out.add(n.textValue()));
        return out;
    }

    private static Set<String> names(JsonNode object) {
        Set<String> out = new LinkedHashSet<>();
        object.fieldNames().forEachRemaining(out::add);
        return out;
    }

    /**
     * The YAML frontmatter's top-level {@code key: value} pairs (comments skipped, double-quoted values
     * unescaped): the subset of YAML the generated files use, read the way a YAML parser reads it.
     */
    static Map<String, String> frontmatter(String text) {
        assertTrue(text.startsWith("---\n"), "frontmatter opens the file");
        int end = text.indexOf("\n---\n", 3);
        assertTrue(end > 0, "frontmatter is closed");
        Map<String, String> fields = new LinkedHashMap<>();
        for (String line : text.substring(4, end).split("\n", 0)) {
            if (line.startsWith("#") || line.isBlank()) {
                continue;
            }
            int colon = line.indexOf(": ");
            assertTrue(colon > 0, "a key: value line: " + line);
            String value = line.substring(colon + 2);
            assertTrue(
                    fields.put(line.substring(0, colon), value.startsWith("\"") ? unquote(value) : value) == null,
                    "one key once: " + line);
        }
        return fields;
    }

    /** The TOML file's {@code key = value} pairs: basic strings unescaped, a ''' literal string read whole. */
    static Map<String, String> toml(String text) {
        Map<String, String> fields = new LinkedHashMap<>();
        String[] lines = text.split("\n", -1);
        for (int i = 0; i < lines.length; i++) {
            String line = lines[i];
            if (line.startsWith("#") || line.isBlank()) {
                continue;
            }
            int eq = line.indexOf(" = ");
            assertTrue(eq > 0, "a key = value line: " + line);
            String key = line.substring(0, eq);
            String value = line.substring(eq + 3);
            if (value.equals("'''")) {
                StringBuilder body = new StringBuilder();
                i++;
                while (!lines[i].endsWith("'''")) {
                    body.append(lines[i]).append('\n');
                    i++;
                }
                body.append(lines[i], 0, lines[i].length() - 3);
                value = body.toString();
            } else {
                value = unquote(value);
            }
            assertTrue(fields.put(key, value) == null, "one key once: " + key);
        }
        return fields;
    }

    /** A double-quoted YAML or TOML string, with the escapes both share. */
    static String unquote(String quoted) {
        assertTrue(quoted.startsWith("\"") && quoted.endsWith("\"") && quoted.length() >= 2, quoted);
        StringBuilder out = new StringBuilder();
        for (int i = 1; i < quoted.length() - 1; i++) {
            char c = quoted.charAt(i);
            if (c == '"') {
                throw new AssertionError("an unescaped quote inside " + quoted);
            }
            if (c != '\\') {
                out.append(c);
                continue;
            }
            char e = quoted.charAt(++i);
            switch (e) {
                case '\\' -> out.append('\\');
                case '"' -> out.append('"');
                case 'u' -> {
                    out.append((char) Integer.parseInt(quoted.substring(i + 1, i + 5), 16));
                    i += 4;
                }
                default -> throw new AssertionError("escape \\" + e + " in " + quoted);
            }
        }
        return out.toString();
    }
}
