package dev.wb.cli.judge;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import dev.wb.cli.testing.CliRun;
import dev.wb.commands.base.Workspace;
import dev.wb.commands.judge.lock.RunLock;
import dev.wb.engine.TaskKey;
import dev.wb.testkit.TempGitRepo;
import java.io.ByteArrayInputStream;
import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Clock;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import java.util.regex.Pattern;
import java.util.stream.Stream;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * {@code wb judge enable|disable|status|guard} and {@code wb config set} as a user (and Claude Code) meets
 * them: one JSON document with {@code --json}, {@code warning:}/{@code error:} and {@code fix:} lines on
 * stderr, exit codes, and never a stack trace.
 */
class JudgeAgentsCliTest {

    private static final ObjectMapper JSON = new ObjectMapper();
    private static final Pattern STACK_FRAME = Pattern.compile("(?m)^\\s+at [\\w.$]+\\(");

    @TempDir
    Path tmp;

    TempGitRepo repo;
    Path launcher;
    Map<String, String> env;
    final List<CliRun.Result> seen = new ArrayList<>();

    @BeforeEach
    void repository() throws IOException {
        repo = TempGitRepo.create(tmp, "repo");
        repo.write("src/App.java", "class App {}\n");
        repo.write(".workflow/.gitignore", "local/\n");
        repo.commitAll("base");
        launcher = tmp.resolve("wb/bin/wb");
        Files.createDirectories(launcher.getParent());
        Files.writeString(launcher, "#!/bin/sh\n");
        env = Map.of("WB_LAUNCHER", launcher.toString());
    }

    @AfterEach
    void neverAStackTrace() {
        for (CliRun.Result r : seen) {
            assertFalse(STACK_FRAME.matcher(r.err()).find(), r.toString());
        }
    }

    CliRun.Result wb(String... args) {
        CliRun.Result r = CliRun.wb(repo.root(), env, args);
        seen.add(r);
        return r;
    }

    @Test
    void enable_writes_the_agent_files_schema_and_hook_and_status_shows_them() {
        CliRun.Result enable = wb("judge", "enable", "--json");

        assertEquals(0, enable.code(), enable.toString());
        JsonNode doc = enable.json();
        assertEquals("enable", doc.get("action").textValue());
        assertTrue(doc.get("enabled").booleanValue());
        assertEquals(List.of("claude", "copilot", "codex"), texts(doc.get("files"), "target"));
        assertEquals(List.of("written", "written", "written"), texts(doc.get("files"), "action"));
        assertEquals("written", doc.at("/schema/action").textValue());
        assertEquals("installed", doc.at("/hook/action").textValue());
        assertEquals("\"" + launcher + "\" judge guard", doc.at("/hook/command").textValue());
        assertFalse(doc.at("/pi/supported").booleanValue());
        assertTrue(doc.get("event").isTextual());
        for (String file : List.of(
                ".claude/agents/wb-judge.md",
                ".github/agents/wb-judge.agent.md",
                ".codex/agents/wb-judge.toml",
                ".workflow/judge/schemas/review.schema.json")) {
            assertTrue(Files.isRegularFile(repo.root().resolve(file)), file);
        }
        assertTrue(read(".claude/settings.local.json").contains("\"matcher\": \"Edit|Write|MultiEdit|NotebookEdit\""));

        CliRun.Result status = wb("judge", "status", "--json");

        assertEquals(0, status.code(), status.toString());
        JsonNode s = status.json();
        assertTrue(s.get("enabled").booleanValue());
        assertEquals(List.of("present", "present", "present"), texts(s.get("targets"), "state"));
        assertEquals(List.of("host default", "host default", "host default"), texts(s.get("targets"), "modelInEffect"));
        assertTrue(s.at("/hook/installed").booleanValue());
        assertTrue(s.at("/hook/current").booleanValue());
        assertTrue(s.at("/schema/present").booleanValue());
        assertFalse(s.at("/pi/supported").booleanValue());
        assertTrue(s.get("run").isNull());
    }

    /**
     * A relative WB_LAUNCHER is the caller's: taken from the run's folder, never this JVM's (on a warm
     * server {@code /}). The test JVM's folder is not the repository, so the JVM's would find no launcher.
     */
    @Test
    void a_relative_wb_launcher_is_taken_from_the_folder_wb_runs_in() {
        String relative = repo.root().relativize(launcher).toString();
        CliRun.Result enable = CliRun.wb(repo.root(), Map.of("WB_LAUNCHER", relative), "judge", "enable", "--json");
        seen.add(enable);

        assertEquals(0, enable.code(), enable.toString());
        assertEquals(
                "\"" + launcher + "\" judge guard",
                enable.json().at("/hook/command").textValue());
    }

    // Lock is held for the block's length: taken, never read.
    @SuppressWarnings("try")
    @Test
    void status_in_words_names_pi_and_a_run_in_progress() {
        wb("judge", "enable");
        try (RunLock lock = RunLock.acquire(
                Workspace.require(repo.root()), new TaskKey("TASK-4"), "snap-4", false, Clock.systemUTC())) {
            CliRun.Result status = wb("judge", "status");

            assertEquals(0, status.code(), status.toString());
            assertTrue(status.out().startsWith("judge: enabled"), status.out());
            assertTrue(status.out().contains(".claude/agents/wb-judge.md"), status.out());
            assertTrue(status.out().contains("pi       not supported: no native subagent API"), status.out());
            assertTrue(
                    status.out()
                            .contains("in progress: process "
                                    + ProcessHandle.current().pid()),
                    status.out());
            assertTrue(status.out().contains("task TASK-4"), status.out());

            JsonNode run = wb("judge", "status", "--json").json().get("run");
            assertEquals("TASK-4", run.get("task").textValue());
        }
    }

    @Test
    void a_dry_run_prints_what_would_be_written_and_writes_nothing() {
        Map<String, String> before = tree();

        CliRun.Result dry = wb("judge", "enable", "--dry-run");

        assertEquals(0, dry.code(), dry.toString());
        assertEquals(before, tree());
        assertTrue(dry.out().startsWith("dry run: nothing written."), dry.out());
        assertTrue(dry.out().contains("would be written"), dry.out());
        assertTrue(dry.out().contains("--- .codex/agents/wb-judge.toml\n# wb-generated: sha256:"), dry.out());

        JsonNode json = wb("judge", "enable", "--dry-run", "--json").json();
        assertTrue(json.get("dryRun").booleanValue());
        assertTrue(json.at("/files/0/content").textValue().contains("git diff refs/wb/base refs/wb/candidate"));
        assertTrue(json.get("event").isNull());
        assertEquals(before, tree());
    }

    @Test
    void a_hand_edited_file_is_kept_with_a_warning_and_overwritten_with_force() {
        wb("judge", "enable");
        String edited = read(".claude/agents/wb-judge.md") + "\nAlso check the changelog.\n";
        repo.write(".claude/agents/wb-judge.md", edited);

        CliRun.Result kept = wb("judge", "enable");

        assertEquals(0, kept.code(), kept.toString());
        assertTrue(kept.err().contains("warning: .claude/agents/wb-judge.md was edited by hand"), kept.err());
        assertTrue(kept.err().contains("  fix: wb judge enable --force"), kept.err());
        assertTrue(kept.out().contains("kept: edited by hand"), kept.out());
        assertEquals(edited, read(".claude/agents/wb-judge.md"));
        assertEquals(
                "edited-by-hand",
                wb("judge", "status", "--json").json().at("/targets/0/state").textValue());

        CliRun.Result forced = wb("judge", "enable", "--force", "--json");

        assertEquals("overwritten", forced.json().at("/files/0/action").textValue());
        assertFalse(read(".claude/agents/wb-judge.md").contains("Also check the changelog."));
    }

    @Test
    void disable_removes_only_wbs_hook_keeps_the_files_and_records_the_event() {
        repo.write(
                ".claude/settings.local.json",
                "{\"hooks\": {\"PreToolUse\": [{\"matcher\": \"Bash\", \"hooks\":"
                        + " [{\"type\": \"command\", \"command\": \"./check.sh\"}]}]}, \"model\": \"sonnet\"}\n");
        wb("judge", "enable");

        CliRun.Result disable = wb("judge", "disable", "--json");

        assertEquals(0, disable.code(), disable.toString());
        JsonNode doc = disable.json();
        assertFalse(doc.get("enabled").booleanValue());
        assertEquals("removed", doc.at("/hook/action").textValue());
        assertEquals(List.of("kept", "kept", "kept"), texts(doc.get("files"), "action"));
        assertTrue(doc.get("event").isTextual());
        JsonNode settings = parse(read(".claude/settings.local.json"));
        assertEquals(1, settings.at("/hooks/PreToolUse").size());
        assertEquals(
                "./check.sh", settings.at("/hooks/PreToolUse/0/hooks/0/command").textValue());
        assertEquals("sonnet", settings.get("model").textValue());
        assertTrue(Files.exists(repo.root().resolve(".codex/agents/wb-judge.toml")));
        assertFalse(wb("judge", "status", "--json").json().at("/hook/installed").booleanValue());

        CliRun.Result words = wb("judge", "disable");
        assertTrue(words.out().startsWith("judge disabled in .workflow/config.json"), words.out());
        assertTrue(words.out().contains("not installed"), words.out());
    }

    @Test
    void config_set_writes_the_model_where_each_host_reads_it() {
        wb("judge", "enable");

        CliRun.Result claude = wb("config", "set", "agents.judge.model.claude", "opus");
        CliRun.Result copilot = wb("config", "set", "agents.judge.model.copilot", "Claude Sonnet 4.5", "--json");
        CliRun.Result codex = wb("config", "set", "agents.judge.model.codex", "gpt-5-codex");

        assertEquals(0, claude.code(), claude.toString());
        assertEquals("", claude.err());
        assertTrue(
                claude.out().contains("agents.judge.model.claude = \"opus\" in .workflow/config.json"), claude.out());
        assertTrue(claude.out().contains(".claude/agents/wb-judge.md: updated"), claude.out());
        assertEquals(0, copilot.code(), copilot.toString());
        assertEquals("updated", copilot.json().at("/regenerated/0/action").textValue());
        assertEquals(0, codex.code(), codex.toString());
        assertTrue(read(".claude/agents/wb-judge.md").contains("\nmodel: \"opus\"\n"));
        assertTrue(read(".github/agents/wb-judge.agent.md").contains("\nmodel: \"Claude Sonnet 4.5\"\n"));
        assertTrue(read(".codex/agents/wb-judge.toml").contains("\nmodel = \"gpt-5-codex\"\n"));
        JsonNode config = parse(read(".workflow/config.json"));
        assertEquals("opus", config.at("/agents/judge/model/claude").textValue());
        assertEquals(
                List.of("opus", "Claude Sonnet 4.5", "gpt-5-codex"),
                texts(wb("judge", "status", "--json").json().get("targets"), "modelInEffect"));
    }

    @Test
    void an_unfamiliar_model_shape_is_a_warning_and_is_written_anyway() {
        wb("judge", "enable");

        CliRun.Result odd = wb("config", "set", "agents.judge.model.codex", "Claude Opus");

        assertEquals(0, odd.code(), odd.toString());
        assertTrue(
                odd.err().startsWith("warning: \"Claude Opus\" does not look like a Codex model identifier"),
                odd.err());
        assertTrue(odd.err().contains("\n  fix: check the identifier in Codex"), odd.err());
        assertTrue(read(".codex/agents/wb-judge.toml").contains("\nmodel = \"Claude Opus\"\n"));
    }

    @Test
    void config_set_refuses_keys_it_cannot_set_and_values_that_are_never_valid() {
        CliRun.Result unknown = wb("config", "set", "agents.judge.colour", "blue");
        assertEquals(2, unknown.code(), unknown.toString());
        assertTrue(
                unknown.err()
                        .startsWith("error: unknown key agents.judge.colour: .workflow/config.json has no such"
                                + " setting"),
                unknown.err());
        assertTrue(unknown.err().contains("  fix: "), unknown.err());

        CliRun.Result notBool = wb("config", "set", "agents.judge.enabled", "yes");
        assertEquals(2, notBool.code(), notBool.toString());
        CliRun.Result pi = wb("config", "set", "agents.judge.targets", "claude,pi");
        assertEquals(2, pi.code(), pi.toString());
        assertTrue(pi.err().contains("no native subagent API"), pi.err());
        CliRun.Result empty = wb("config", "set", "agents.judge.model.claude", " ");
        assertEquals(2, empty.code(), empty.toString());
        assertFalse(Files.exists(repo.root().resolve(".workflow/config.json")), "nothing written");

        CliRun.Result targets = wb("config", "set", "agents.judge.targets", "codex, claude", "--json");
        assertEquals(0, targets.code(), targets.toString());
        assertEquals(List.of("codex", "claude"), texts(targets.json().get("value"), null));
        CliRun.Result on = wb("config", "set", "agents.judge.enabled", "true");
        assertEquals(0, on.code(), on.toString());
        assertTrue(
                parse(read(".workflow/config.json")).at("/agents/judge/enabled").booleanValue());
        CliRun.Result enable = wb("judge", "enable", "--json");
        assertEquals(List.of("codex", "claude"), texts(enable.json().get("files"), "target"));
    }

    // Lock is held for the block's length: taken, never read.
    @SuppressWarnings("try")
    @Test
    void the_guard_refuses_edits_while_a_run_holds_the_lock_and_is_silent_otherwise() {
        Path file = repo.root().resolve("src/App.java");
        CliRun.Result allowed = guard(event("Edit", file));
        assertEquals(0, allowed.code(), allowed.toString());
        assertEquals("", allowed.out());
        assertEquals("", allowed.err());

        try (RunLock lock = RunLock.acquire(
                Workspace.require(repo.root()), new TaskKey("TASK-5"), "snap-5", false, Clock.systemUTC())) {
            for (String tool : List.of("Edit", "Write", "MultiEdit", "NotebookEdit")) {
                CliRun.Result refused = guard(event(tool, file));
                assertEquals(2, refused.code(), refused.toString());
                assertEquals("", refused.out());
                assertTrue(
                        refused.err()
                                .startsWith("wb judge guard: " + tool + " is refused while a judge validation"
                                        + " run is in progress"),
                        refused.err());
                assertTrue(refused.err().contains("task TASK-5, snapshot snap-5"), refused.err());
            }
            CliRun.Result bash = guard(event("Bash", null));
            assertEquals(0, bash.code(), bash.toString());
            assertEquals("", bash.err());
        }

        CliRun.Result garbled = guard("{not json");
        assertEquals(1, garbled.code(), "non-blocking: Claude Code lets the call go ahead");
        assertTrue(garbled.err().contains("not JSON"), garbled.err());
    }

    @Test
    void the_guard_is_hidden_from_help() {
        CliRun.Result help = wb("judge", "--help");
        assertTrue(help.out().contains("enable"), help.out());
        assertTrue(help.out().contains("status"), help.out());
        assertTrue(Pattern.compile("(?m)^  status ").matcher(help.out()).find(), help.out());
        assertFalse(Pattern.compile("(?m)^  guard ").matcher(help.out()).find(), help.out());
    }

    // ------------------------------------------------------------ helpers

    private CliRun.Result guard(String event) {
        InputStream original = System.in;
        System.setIn(new ByteArrayInputStream(event.getBytes(StandardCharsets.UTF_8)));
        try {
            return wb("judge", "guard");
        } finally {
            System.setIn(original);
        }
    }

    private String event(String tool, Path file) {
        StringBuilder json = new StringBuilder(
                        "{\"session_id\": \"s1\", \"transcript_path\": \"/tmp/t.jsonl\", \"cwd\": ")
                .append(JSON.valueToTree(repo.root().toString()).toString())
                .append(", \"hook_event_name\": \"PreToolUse\", \"tool_name\": \"")
                .append(tool)
                .append("\", \"tool_input\": {");
        if (file != null) {
            json.append(tool.equals("NotebookEdit") ? "\"notebook_path\": " : "\"file_path\": ")
                    .append(JSON.valueToTree(file.toString()).toString())
                    .append(", \"content\": \"x\"");
        } else {
            json.append("\"command\": \"ls\"");
        }
        return json.append("}}").toString();
    }

    private static List<String> texts(JsonNode array, String field) {
        List<String> out = new ArrayList<>();
        array.forEach(n -> out.add(field == null ? n.textValue() : n.get(field).textValue()));
        return out;
    }

    private static JsonNode parse(String text) {
        try {
            return JSON.readTree(text);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    private String read(String relative) {
        try {
            return Files.readString(repo.root().resolve(relative));
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    /** Every file of the repository outside .git, with its bytes as text. */
    private Map<String, String> tree() {
        Map<String, String> files = new TreeMap<>();
        try (Stream<Path> walk = Files.walk(repo.root())) {
            for (Path p : walk.filter(Files::isRegularFile).toList()) {
                String rel = repo.root().relativize(p).toString();
                if (!rel.startsWith(".git/")) {
                    files.put(rel, Files.readString(p));
                }
            }
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
        return files;
    }
}
