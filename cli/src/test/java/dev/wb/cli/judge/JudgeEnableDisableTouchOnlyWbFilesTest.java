package dev.wb.cli.judge;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import dev.wb.cli.testing.CliRun;
import dev.wb.cli.testing.Fixtures;
import dev.wb.testkit.TempGitRepo;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.regex.Pattern;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** What wb judge enable, disable and status leave in a repository (hardened in issue 13, items 23, 34, 36). */
class JudgeEnableDisableTouchOnlyWbFilesTest {

    private static final Pattern STACK_FRAME = Pattern.compile("(?m)^\\s+at [\\w.$]+\\(");
    private static final String SETTINGS = ".claude/settings.local.json";

    @TempDir
    Path tmp;

    TempGitRepo repo;
    Map<String, String> env;
    final List<CliRun.Result> seen = new ArrayList<>();

    @BeforeEach
    void repository() throws IOException {
        repo = TempGitRepo.create(tmp, "repo");
        repo.write("src/app.py", "# app\nvalue = 1\n");
        repo.write(".workflow/.gitignore", "local/\n");
        repo.commitAll("base");
        Path launcher = tmp.resolve("wb/bin/wb");
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
    void item23_the_files_judge_enable_writes_are_not_a_deviation_of_every_task() {
        // "wb judge enable writes .claude/, .codex/, .github/ files that every task's next impl check reports as a
        // deviation"
        repo.write(".workflow/ABC-12/sdd.json", Fixtures.ABC_12_PLAN);
        assertEquals(0, wb("sdd", "audit", "ABC-12").code());
        repo.write("src/app.py", "# app\nvalue = 2\n");
        assertEquals(0, wb("judge", "enable").code());

        CliRun.Result check = wb("impl", "check", "ABC-12", "--json");

        assertEquals(0, check.code(), check.toString());
        JsonNode doc = check.json();
        assertEquals(0, doc.at("/counts/deviation").asInt(-1), check.toString());
        List<String> compared = new ArrayList<>();
        doc.path("paths").forEach(e -> compared.add(e.path("path").asText()));
        assertEquals(List.of("src/app.py"), compared, check.toString());
    }

    @Test
    void item23_a_projects_own_workflow_beside_wbs_files_is_still_a_deviation() {
        repo.write(".workflow/ABC-12/sdd.json", Fixtures.ABC_12_PLAN);
        assertEquals(0, wb("sdd", "audit", "ABC-12").code());
        assertEquals(0, wb("judge", "enable").code());
        repo.write(".github/workflows/ci.yml", "on: push\n");
        repo.write(".github/agents/reviewer.agent.md", "# ours\n");

        CliRun.Result check = wb("impl", "check", "ABC-12");

        assertEquals(7, check.code(), check.toString());
        assertTrue(check.out().contains("deviation .github/workflows/ci.yml"), check.toString());
        assertTrue(check.out().contains("deviation .github/agents/reviewer.agent.md"), check.toString());
        assertFalse(check.out().contains("deviation .github/agents/wb-judge.agent.md"), check.toString());
    }

    @Test
    void item34_enable_keeps_the_per_developer_settings_file_out_of_git_in_this_clone_only() throws IOException {
        // "wb judge enable leaves .claude/settings.local.json (a per-developer file holding this machine's absolute
        // path) un-ignored: it gets committed and enters every scope"
        Path exclude = repo.root().resolve(".git/info/exclude");
        Files.createDirectories(exclude.getParent());
        Files.writeString(exclude, "# mine\n*.swp\n");

        CliRun.Result enable = wb("judge", "enable", "--json");

        assertEquals(0, enable.code(), enable.toString());
        assertEquals("added", enable.json().at("/ignore/action").asText(), enable.toString());
        assertTrue(Files.isRegularFile(repo.root().resolve(SETTINGS)));
        assertEquals(SETTINGS, repo.git("check-ignore", SETTINGS).strip(), "git itself ignores it");
        assertFalse(repo.git("status", "--porcelain", "--untracked-files=all").contains("settings.local.json"));
        assertTrue(Files.readString(exclude).startsWith("# mine\n*.swp\n"), "the user's lines stay");
        assertFalse(Files.exists(repo.root().resolve(".gitignore")), "the shared .gitignore is not touched");
        assertEquals(
                "present",
                wb("judge", "enable", "--json").json().at("/ignore/action").asText());
    }

    @Test
    void item34_disable_removes_wbs_rule_and_only_wbs_rule() throws IOException {
        Path exclude = repo.root().resolve(".git/info/exclude");
        Files.createDirectories(exclude.getParent());
        Files.writeString(exclude, "# mine\n*.swp\n");
        assertEquals(0, wb("judge", "enable").code());

        CliRun.Result disable = wb("judge", "disable", "--json");

        assertEquals(0, disable.code(), disable.toString());
        assertEquals("removed", disable.json().at("/ignore/action").asText(), disable.toString());
        assertEquals("# mine\n*.swp\n", Files.readString(exclude), "byte for byte what the user had");
        assertFalse(Files.exists(repo.root().resolve(SETTINGS)), "wb's hook was all the file held");
        assertFalse(repo.git("status", "--porcelain", "--untracked-files=all").contains("settings.local.json"));
    }

    @Test
    void item34_a_dry_run_writes_no_rule() throws IOException {
        CliRun.Result dry = wb("judge", "enable", "--dry-run", "--json");

        assertEquals(0, dry.code(), dry.toString());
        assertEquals("added", dry.json().at("/ignore/action").asText());
        Path exclude = repo.root().resolve(".git/info/exclude");
        assertFalse(Files.exists(exclude) && Files.readString(exclude).contains(SETTINGS));
    }

    @Test
    void item34_a_rule_the_user_wrote_is_theirs_and_disable_keeps_it() throws IOException {
        Path exclude = repo.root().resolve(".git/info/exclude");
        Files.createDirectories(exclude.getParent());
        Files.writeString(exclude, "/.claude/settings.local.json\n");
        assertEquals(
                "present",
                wb("judge", "enable", "--json").json().at("/ignore/action").asText());

        CliRun.Result disable = wb("judge", "disable", "--json");

        assertEquals("none", disable.json().at("/ignore/action").asText(), disable.toString());
        assertEquals("/.claude/settings.local.json\n", Files.readString(exclude));
    }

    @Test
    void item36_status_accepts_dry_run_and_force_and_writes_nothing() throws IOException {
        // "judge status --dry-run and judge disable --force are refused as unknown options"
        assertEquals(0, wb("judge", "enable").code());
        String config = Files.readString(repo.root().resolve(".workflow/config.json"));

        CliRun.Result status = wb("judge", "status", "--dry-run", "--force", "--json");

        assertEquals(0, status.code(), status.toString());
        assertTrue(status.json().get("enabled").booleanValue());
        assertEquals(config, Files.readString(repo.root().resolve(".workflow/config.json")));
    }

    @Test
    void item36_disable_force_disables_past_an_unusable_settings_file_and_leaves_it_as_it_is() throws IOException {
        // "judge status --dry-run and judge disable --force are refused as unknown options"
        assertEquals(0, wb("judge", "enable").code());
        repo.write(SETTINGS, "{ not json");

        CliRun.Result refused = wb("judge", "disable");

        assertEquals(3, refused.code(), refused.toString());
        assertTrue(refused.err().startsWith("error: "), refused.toString());
        assertTrue(refused.err().contains("fix: "), refused.toString());
        assertTrue(
                Files.readString(repo.root().resolve(".workflow/config.json")).contains("\"enabled\": true"),
                "nothing was written");

        CliRun.Result forced = wb("judge", "disable", "--force", "--json");

        assertEquals(0, forced.code(), forced.toString());
        assertFalse(forced.json().get("enabled").booleanValue());
        assertEquals("kept", forced.json().at("/ignore/action").asText(), "the file stays, so its rule does");
        assertEquals("{ not json", Files.readString(repo.root().resolve(SETTINGS)));
        assertTrue(forced.err().startsWith("warning: "), forced.toString());
        assertFalse(wb("judge", "status", "--json").json().get("enabled").booleanValue());
    }

    @Test
    void item36_disable_dry_run_force_changes_nothing() throws IOException {
        assertEquals(0, wb("judge", "enable").code());
        String config = Files.readString(repo.root().resolve(".workflow/config.json"));
        String settings = Files.readString(repo.root().resolve(SETTINGS));

        CliRun.Result dry = wb("judge", "disable", "--dry-run", "--force", "--json");

        assertEquals(0, dry.code(), dry.toString());
        assertTrue(dry.json().get("dryRun").booleanValue());
        assertEquals(config, Files.readString(repo.root().resolve(".workflow/config.json")));
        assertEquals(settings, Files.readString(repo.root().resolve(SETTINGS)));
        assertTrue(Files.readString(repo.root().resolve(".git/info/exclude")).contains(SETTINGS));
    }
}
