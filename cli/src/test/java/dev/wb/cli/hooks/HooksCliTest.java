package dev.wb.cli.hooks;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import dev.wb.cli.testing.CliRun;
import dev.wb.testkit.SamplePlan;
import dev.wb.testkit.TempGitRepo;
import java.io.ByteArrayInputStream;
import java.io.File;
import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.regex.Pattern;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * {@code wb hooks install|uninstall|status|run} in real repositories: the settings each host reads,
 * read back as JSON; and the hook commands run as the host runs them, with its event on stdin.
 */
class HooksCliTest {

    private static final ObjectMapper JSON = new ObjectMapper();
    private static final Pattern STACK_FRAME = Pattern.compile("(?m)^\\s+at [\\w.$]+\\(");

    @TempDir
    Path tmp;

    TempGitRepo repo;
    final Map<String, String> env = new HashMap<>();
    final List<CliRun.Result> seen = new ArrayList<>();

    @BeforeEach
    void repository() {
        repo = TempGitRepo.create(tmp, "repo");
        repo.write("src/app.py", SamplePlan.APP_PY);
        repo.write("Makefile", "ok:\n\t@echo all good\nbad:\n\t@echo broken; exit 1\n");
        repo.write(".workflow/.gitignore", "local/\n");
        repo.commitAll("app");
        env.put("WB_TASK", "");
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

    JsonNode file(String relative) {
        try {
            return JSON.readTree(Files.readString(repo.resolve(relative)));
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    /** ABC-1 audited on its task branch, verifying with make's target {@code verify}. */
    void auditedTask(String verify) {
        repo.git("checkout", "-q", "-b", "task/ABC-1");
        repo.write(
                ".workflow/ABC-1/sdd.json",
                SamplePlan.of("ABC-1").verify("make -s " + verify).json());
        CliRun.Result audit = wb("sdd", "audit", "ABC-1");
        assertEquals(0, audit.code(), audit.toString());
    }

    // ------------------------------------------------------------------ install, uninstall, status

    @Test
    void install_claude_writes_the_post_edit_and_stop_hooks_running_wb_from_path_and_keeps_the_file_out_of_git()
            throws IOException {
        CliRun.Result install = wb("hooks", "install", "claude");

        assertEquals(0, install.code(), install.toString());
        assertTrue(install.out().startsWith("claude: installed in .claude/settings.local.json\n"), install.out());
        JsonNode hooks = file(".claude/settings.local.json").get("hooks");
        assertEquals(
                "Edit|Write|MultiEdit|NotebookEdit",
                hooks.at("/PostToolUse/0/matcher").asText());
        assertEquals("command", hooks.at("/PostToolUse/0/hooks/0/type").asText());
        assertEquals(
                "wb hooks run claude post-edit",
                hooks.at("/PostToolUse/0/hooks/0/command").asText());
        assertEquals(
                "wb hooks run claude stop", hooks.at("/Stop/0/hooks/0/command").asText());
        assertTrue(hooks.at("/Stop/0/matcher").isMissingNode(), "Stop takes no matcher");
        assertFalse(hooks.has("PreToolUse"), "no judge guard while the judge is not enabled");
        String exclude = Files.readString(repo.resolve(".git/info/exclude"));
        assertTrue(exclude.lines().anyMatch("/.claude/settings.local.json"::equals), exclude);
        assertEquals("", repo.git("status", "--porcelain"), "nothing new for git to see");
        CliRun.Result replay = wb("replay", "workspace");
        assertTrue(replay.out().contains("hooks.configured"), replay.out());
        assertTrue(replay.out().contains("install claude: installed · .claude/settings.local.json"), replay.out());
    }

    /**
     * A relative PATH entry is the caller's shell's: looked up from the folder wb runs in, never this JVM's
     * (on a warm server {@code /}). The test JVM's folder is not the repository, so its tools/wb is not there.
     */
    @Test
    void a_wb_in_a_relative_path_entry_is_looked_for_from_the_folder_wb_runs_in() throws IOException {
        Path wbThere = repo.resolve("tools/wb");
        Files.createDirectories(wbThere.getParent());
        Files.writeString(wbThere, "#!/bin/sh\n");
        assertTrue(wbThere.toFile().setExecutable(true));
        assertFalse(Files.exists(TempGitRepo.gitFolder().resolve("wb")), "no other wb on the PATH given");
        env.put("PATH", "tools" + File.pathSeparator + TempGitRepo.gitFolder());

        CliRun.Result install = wb("hooks", "install", "claude", "--json");

        assertEquals(0, install.code(), install.toString());
        assertTrue(install.json().get("wbOnPath").booleanValue(), install.toString());
        assertFalse(install.err().contains("wb is not on PATH here"), install.err());
    }

    @Test
    void a_second_install_changes_nothing_and_says_so() throws IOException {
        assertEquals(0, wb("hooks", "install", "claude").code());
        byte[] first = Files.readAllBytes(repo.resolve(".claude/settings.local.json"));

        CliRun.Result again = wb("hooks", "install", "claude", "--json");

        assertEquals(0, again.code(), again.toString());
        assertEquals("unchanged", again.json().get("action").asText());
        assertEquals(2, again.json().get("entries").size());
        assertEquals(
                new String(first, StandardCharsets.UTF_8),
                Files.readString(repo.resolve(".claude/settings.local.json")));
    }

    @Test
    void install_keeps_the_users_own_hooks_and_settings_and_uninstall_gives_them_back_exactly() {
        String mine = """
                {"permissions": {"allow": ["Bash(make:*)"]},
                 "hooks": {"PostToolUse": [{"matcher": "Write", "hooks": [{"type": "command", "command": "prettier -w"}]}],
                           "Stop": [{"hooks": [{"type": "command", "command": "say done"}]}]}}
                """;
        repo.write(".claude/settings.local.json", mine);
        JsonNode before = file(".claude/settings.local.json");

        assertEquals(0, wb("hooks", "install", "claude").code());
        JsonNode merged = file(".claude/settings.local.json");
        assertEquals("Bash(make:*)", merged.at("/permissions/allow/0").asText());
        assertEquals(
                "prettier -w", merged.at("/hooks/PostToolUse/0/hooks/0/command").asText());
        assertEquals(
                "wb hooks run claude post-edit",
                merged.at("/hooks/PostToolUse/1/hooks/0/command").asText());
        assertEquals("say done", merged.at("/hooks/Stop/0/hooks/0/command").asText());
        assertEquals(
                "wb hooks run claude stop",
                merged.at("/hooks/Stop/1/hooks/0/command").asText());

        CliRun.Result uninstall = wb("hooks", "uninstall", "claude", "--json");

        assertEquals(0, uninstall.code(), uninstall.toString());
        assertEquals("removed", uninstall.json().get("action").asText());
        assertFalse(uninstall.json().get("deleted").asBoolean());
        assertEquals(before, file(".claude/settings.local.json"), "exactly the user's settings again");
    }

    @Test
    void uninstall_deletes_a_file_that_held_only_wbs_hooks_and_wbs_git_rule_and_a_second_uninstall_is_a_no_op()
            throws IOException {
        assertEquals(0, wb("hooks", "install", "claude").code());

        CliRun.Result uninstall = wb("hooks", "uninstall", "claude");

        assertEquals(0, uninstall.code(), uninstall.toString());
        assertTrue(uninstall.out().contains("which held nothing else and is deleted"), uninstall.out());
        assertFalse(Files.exists(repo.resolve(".claude/settings.local.json")));
        String exclude = Files.readString(repo.resolve(".git/info/exclude"));
        assertFalse(exclude.contains("/.claude/settings.local.json"), exclude);
        CliRun.Result again = wb("hooks", "uninstall", "claude", "--json");
        assertEquals(0, again.code(), again.toString());
        assertEquals("absent", again.json().get("action").asText());
    }

    @Test
    void status_says_absent_installed_or_partial_per_host_and_which_file() {
        CliRun.Result none = wb("hooks", "status", "--json");
        assertEquals(0, none.code(), none.toString());
        assertEquals(3, none.json().get("hosts").size());
        none.json()
                .get("hosts")
                .forEach(h -> assertEquals("absent", h.get("state").asText(), h.toString()));

        assertEquals(0, wb("hooks", "install", "codex").code());
        CliRun.Result one = wb("hooks", "status");
        assertTrue(
                Pattern.compile("(?m)^codex\\s+\\.codex/hooks\\.json\\s+installed; skills 10 of 10$")
                        .matcher(one.out())
                        .find(),
                one.out());
        assertTrue(
                Pattern.compile("(?m)^claude\\s+\\.claude/settings\\.local\\.json\\s+absent$")
                        .matcher(one.out())
                        .find(),
                one.out());

        // A person takes the Stop hook out by hand: partial, and install puts it back.
        repo.write(
                ".codex/hooks.json",
                file(".codex/hooks.json")
                        .toString()
                        .replace("\"Stop\"", "\"Gone\"")
                        .replace("wb hooks run codex stop", "something else"));
        CliRun.Result partial = wb("hooks", "status", "codex", "--json");
        assertEquals("partial", partial.json().at("/hosts/0/state").asText(), partial.toString());
        assertEquals(0, wb("hooks", "install", "codex").code());
        assertEquals(
                "installed",
                wb("hooks", "status", "codex", "--json")
                        .json()
                        .at("/hosts/0/state")
                        .asText());
    }

    @Test
    void codex_and_copilot_get_their_own_files_in_their_own_formats() {
        assertEquals(0, wb("hooks", "install", "codex").code());
        assertEquals(0, wb("hooks", "install", "copilot").code());

        JsonNode codex = file(".codex/hooks.json").get("hooks");
        assertEquals(
                "apply_patch|Edit|Write", codex.at("/PostToolUse/0/matcher").asText());
        assertEquals(
                "wb hooks run codex post-edit",
                codex.at("/PostToolUse/0/hooks/0/command").asText());
        assertEquals(
                "wb hooks run codex stop", codex.at("/Stop/0/hooks/0/command").asText());
        JsonNode copilot = file(".github/hooks/wb.json");
        assertEquals(1, copilot.get("version").asInt());
        assertEquals("command", copilot.at("/hooks/postToolUse/0/type").asText());
        assertEquals(
                "wb hooks run copilot post-edit",
                copilot.at("/hooks/postToolUse/0/bash").asText());
        assertEquals(
                "wb hooks run copilot stop",
                copilot.at("/hooks/agentStop/0/bash").asText());
        assertTrue(copilot.at("/hooks/agentStop/0/timeoutSec").asInt() >= 600);

        assertEquals(0, wb("hooks", "uninstall", "copilot").code());
        assertFalse(Files.exists(repo.resolve(".github/hooks/wb.json")), "wb's own file goes whole");
    }

    @Test
    void with_the_judge_enabled_claude_also_gets_the_guard_once() {
        repo.write(".workflow/config.json", "{\"agents\": {\"judge\": {\"enabled\": true}}}\n");

        CliRun.Result install = wb("hooks", "install", "claude", "--json");

        assertEquals(0, install.code(), install.toString());
        assertEquals("added", install.json().get("guard").asText());
        JsonNode pre = file(".claude/settings.local.json").at("/hooks/PreToolUse");
        assertEquals(1, pre.size());
        assertEquals("wb judge guard", pre.at("/0/hooks/0/command").asText());
        CliRun.Result again = wb("hooks", "install", "claude", "--json");
        assertEquals("present", again.json().get("guard").asText());
        assertEquals(
                1, file(".claude/settings.local.json").at("/hooks/PreToolUse").size(), "no second guard");

        // While the judge is enabled the guard is the judge's: uninstall leaves it.
        CliRun.Result uninstall = wb("hooks", "uninstall", "claude", "--json");
        assertEquals("kept", uninstall.json().get("guard").asText(), uninstall.toString());
        JsonNode left = file(".claude/settings.local.json").get("hooks");
        assertEquals("wb judge guard", left.at("/PreToolUse/0/hooks/0/command").asText());
        assertFalse(left.has("PostToolUse") || left.has("Stop"), left.toString());
    }

    @Test
    void a_settings_file_that_is_a_symbolic_link_or_not_an_object_is_refused_with_exit_3_and_left_alone()
            throws IOException {
        Path outside = Files.writeString(tmp.resolve("elsewhere.json"), "{}");
        Files.createDirectories(repo.resolve(".claude"));
        Files.createSymbolicLink(repo.resolve(".claude/settings.local.json"), outside);

        CliRun.Result link = wb("hooks", "install", "claude");

        assertEquals(3, link.code(), link.toString());
        assertTrue(link.err().startsWith("error: .claude/settings.local.json is a symbolic link"), link.err());
        assertEquals("{}", Files.readString(outside));

        repo.write(".codex/hooks.json", "[1, 2]");
        CliRun.Result array = wb("hooks", "install", "codex");
        assertEquals(3, array.code(), array.toString());
        assertTrue(array.err().contains("fix: "), array.err());
        assertEquals("[1, 2]", Files.readString(repo.resolve(".codex/hooks.json")));
    }

    @Test
    void an_unknown_host_is_a_usage_error() {
        CliRun.Result r = wb("hooks", "install", "cursor");
        assertEquals(2, r.code(), r.toString());
        assertTrue(r.err().startsWith("error: no agent host cursor"), r.err());
    }

    // ------------------------------------------------------------------ the hook commands, as the host runs them

    @Test
    void post_edit_in_scope_is_silent_and_a_deviation_exits_2_with_the_deviation_on_stderr_for_claude() {
        auditedTask("ok");
        repo.write("src/app.py", "# app\nvalue = 2\n");

        CliRun.Result ok = hook("claude", "post-edit", editEvent("src/app.py"));
        assertEquals(0, ok.code(), ok.toString());
        assertEquals("", ok.out() + ok.err());

        repo.write("src/stray.py", "oops = 1\n");
        CliRun.Result stray = hook("claude", "post-edit", editEvent("src/stray.py"));

        assertEquals(2, stray.code(), stray.toString());
        assertEquals("", stray.out(), "Claude reads stderr on exit 2");
        assertTrue(stray.err().startsWith("wb: this change has left the task's audited plan"), stray.err());
        assertTrue(stray.err().contains("src/stray.py"), stray.err());
        assertTrue(stray.err().contains("outside every audited plan"), stray.err());
    }

    @Test
    void no_task_branch_and_no_wb_task_means_nothing_to_do_and_wb_task_names_one() {
        repo.write(
                ".workflow/ABC-1/sdd.json",
                SamplePlan.of("ABC-1").verify("make -s ok").json());
        assertEquals(0, wb("sdd", "audit", "ABC-1").code());
        repo.write("src/stray.py", "oops = 1\n");

        CliRun.Result onMain = hook("claude", "post-edit", editEvent("src/stray.py"));
        assertEquals(0, onMain.code(), onMain.toString());
        assertEquals("", onMain.out() + onMain.err());

        env.put("WB_TASK", "ABC-1");
        CliRun.Result named = hook("codex", "post-edit", editEvent("src/stray.py"));
        assertEquals(2, named.code(), named.toString());
        assertTrue(named.err().contains("src/stray.py"), named.err());
    }

    @Test
    void stop_with_a_failing_verification_exits_2_and_stop_hook_active_lets_the_agent_stop() {
        auditedTask("bad");
        repo.write("src/app.py", "# app\nvalue = 2\n");

        CliRun.Result active = hook("claude", "stop", "{\"hook_event_name\": \"Stop\", \"stop_hook_active\": true}");
        assertEquals(0, active.code(), active.toString());
        assertFalse(Files.exists(repo.resolve(".workflow/ABC-1/evidence.json")), "nothing ran on the second stop");

        CliRun.Result stop = hook("claude", "stop", "{\"hook_event_name\": \"Stop\", \"stop_hook_active\": false}");

        assertEquals(2, stop.code(), stop.toString());
        assertTrue(
                stop.err().startsWith("wb: the task's verification did not pass (wb impl verify ABC-1)"), stop.err());
        assertTrue(Files.exists(repo.resolve(".workflow/ABC-1/evidence.json")), "verify ran and left its evidence");
    }

    @Test
    void stop_with_a_passing_verification_is_silent() {
        auditedTask("ok");
        repo.write("src/app.py", "# app\nvalue = 2\n");

        CliRun.Result stop = hook("claude", "stop", "{\"hook_event_name\": \"Stop\", \"stop_hook_active\": false}");

        assertEquals(0, stop.code(), stop.toString());
        assertEquals("", stop.out() + stop.err());
    }

    @Test
    void copilot_agent_stop_blocks_with_its_json_decision_on_stdout() {
        auditedTask("bad");
        repo.write("src/app.py", "# app\nvalue = 2\n");

        CliRun.Result stop = hook("copilot", "stop", "{\"timestamp\": 1, \"cwd\": \"" + repo.root() + "\"}");

        assertEquals(0, stop.code(), stop.toString());
        JsonNode answer = stop.json();
        assertEquals("block", answer.get("decision").asText());
        assertTrue(answer.get("reason").asText().contains("did not pass"), answer.toString());
        // Copilot's postToolUse fires for every tool: a read is not checked.
        CliRun.Result view = hook("copilot", "post-edit", "{\"toolName\": \"view\"}");
        assertEquals(0, view.code(), view.toString());
        assertEquals("", view.out() + view.err());
    }

    @Test
    void a_task_without_an_audited_plan_and_a_garbled_event_are_non_blocking_errors() {
        repo.git("checkout", "-q", "-b", "task/ABC-9");

        CliRun.Result noPlan = hook("claude", "post-edit", editEvent("src/app.py"));
        assertEquals(1, noPlan.code(), noPlan.toString());
        assertTrue(noPlan.err().startsWith("wb hooks run: wb impl check ABC-9 could not check (exit 6)"), noPlan.err());

        CliRun.Result garbled = hook("claude", "post-edit", "{not json");
        assertEquals(1, garbled.code(), garbled.toString());
        assertTrue(garbled.err().startsWith("wb hooks run: the hook event on stdin is not JSON"), garbled.err());
    }

    @Test
    void the_hook_settings_wb_writes_are_never_a_deviation() {
        auditedTask("ok");
        for (String host : List.of("claude", "codex", "copilot")) {
            assertEquals(0, wb("hooks", "install", host).code());
        }
        repo.write("src/app.py", "# app\nvalue = 2\n");

        CliRun.Result check = wb("impl", "check", "ABC-1");

        assertEquals(0, check.code(), check.toString());
        assertTrue(check.out().contains("wb's own files (the hook settings for Codex)"), check.out());
        assertTrue(check.out().contains("wb's own files (the hook settings for GitHub Copilot)"), check.out());
        assertFalse(check.out().contains("deviation"), check.out());
    }

    // ------------------------------------------------------------------ helpers

    private String editEvent(String path) {
        return "{\"hook_event_name\": \"PostToolUse\", \"tool_name\": \"Write\", \"cwd\": \"" + repo.root()
                + "\", \"tool_input\": {\"file_path\": \"" + repo.resolve(path) + "\"}}";
    }

    private CliRun.Result hook(String host, String phase, String event) {
        InputStream original = System.in;
        System.setIn(new ByteArrayInputStream(event.getBytes(StandardCharsets.UTF_8)));
        try {
            return wb("hooks", "run", host, phase);
        } finally {
            System.setIn(original);
        }
    }
}
