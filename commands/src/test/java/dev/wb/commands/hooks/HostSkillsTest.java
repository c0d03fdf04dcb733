package dev.wb.commands.hooks;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.wb.commands.Failure;
import dev.wb.commands.Workspace;
import dev.wb.commands.config.AgentSkill;
import dev.wb.commands.config.HookHost;
import dev.wb.commands.impl.ScopeExclusions;
import dev.wb.projections.events.InstallResult;
import dev.wb.testkit.TempGitRepo;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Arrays;
import java.util.List;
import java.util.stream.Stream;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** wb's skills written where Codex and Copilot read theirs, with the plugin's text, and taken out again. */
class HostSkillsTest {

    @TempDir
    Path tmp;

    TempGitRepo repo;
    Workspace ws;

    @BeforeEach
    void setUp() {
        repo = TempGitRepo.create(tmp, "repo");
        ws = new Workspace(repo.root());
    }

    @Test
    void theSkillsAreExactlyThePluginsFolders() throws IOException {
        Path plugin = Path.of(System.getProperty("user.dir")).getParent().resolve("plugin/skills");
        try (Stream<Path> folders = Files.list(plugin)) {
            List<String> shipped =
                    folders.map(p -> p.getFileName().toString()).sorted().toList();
            List<String> known = Arrays.stream(AgentSkill.values())
                    .map(AgentSkill::id)
                    .sorted()
                    .toList();
            assertEquals(shipped, known);
        }
        for (AgentSkill skill : AgentSkill.values()) {
            assertEquals(
                    Files.readString(plugin.resolve(skill.id() + "/SKILL.md"), StandardCharsets.UTF_8),
                    HostSkills.text(skill),
                    skill.id() + ": the packaged text is the plugin's");
        }
    }

    @Test
    void codexGetsOneMarkedSkillFolderPerSkillOutOfEveryScope() throws IOException {
        HostSkills.Result first = HostSkills.install(ws, HookHost.CODEX);
        assertEquals(InstallResult.INSTALLED, first.action());
        assertEquals(AgentSkill.values().length, first.paths().size());
        for (AgentSkill skill : AgentSkill.values()) {
            String text = Files.readString(repo.root().resolve(skill.codexPath()), StandardCharsets.UTF_8);
            assertTrue(text.startsWith("---\nname: " + skill.id() + "\n"), text);
            assertTrue(text.contains("\n---\n" + HostSkills.MARK + "\n"), text);
            assertTrue(text.contains("## Never"), text);
            assertNotNull(ScopeExclusions.reason(skill.codexPath()), skill.codexPath());
        }
        assertEquals(
                InstallResult.UNCHANGED, HostSkills.install(ws, HookHost.CODEX).action());
        assertEquals(10, HostSkills.present(ws, HookHost.CODEX)[0]);

        HostSkills.Result removed = HostSkills.uninstall(ws, HookHost.CODEX);
        assertEquals(InstallResult.REMOVED, removed.action());
        assertFalse(Files.exists(repo.root().resolve(".agents")), "the folders wb made are gone");
        assertEquals(
                InstallResult.ABSENT, HostSkills.uninstall(ws, HookHost.CODEX).action());
    }

    @Test
    void aTeamsOwnSkillAtOneOfThePathsStopsTheInstallWithNothingWritten() throws IOException {
        String own = "---\nname: review-diff\ndescription: ours\n---\nour own review\n";
        repo.write(AgentSkill.REVIEW_DIFF.codexPath(), own);
        Failure refused = assertThrows(Failure.class, () -> HostSkills.install(ws, HookHost.CODEX));
        assertTrue(refused.getMessage().contains(AgentSkill.REVIEW_DIFF.codexPath() + " is there and is not wb's"));
        assertFalse(Files.exists(repo.root().resolve(AgentSkill.TRIAGE_TASK.codexPath())), "nothing written");
        HostSkills.uninstall(ws, HookHost.CODEX);
        assertEquals(own, Files.readString(repo.root().resolve(AgentSkill.REVIEW_DIFF.codexPath())), "never deleted");
    }

    @Test
    void aSymlinkedSkillsFolderIsRefused() throws IOException {
        Path outside = Files.createDirectories(tmp.resolve("outside"));
        Files.createDirectories(repo.root().resolve(".agents"));
        Files.createSymbolicLink(repo.root().resolve(".agents/skills"), outside);
        Failure refused = assertThrows(Failure.class, () -> HostSkills.install(ws, HookHost.CODEX));
        assertTrue(refused.getMessage().contains("symbolic link"), refused.getMessage());
        try (Stream<Path> written = Files.list(outside)) {
            assertEquals(0, written.count(), "nothing written through the link");
        }
    }

    @Test
    void copilotGetsOneInstructionsFileWithEverySkillAsASection() throws IOException {
        assertEquals(
                InstallResult.INSTALLED,
                HostSkills.install(ws, HookHost.COPILOT).action());
        String text = Files.readString(repo.root().resolve(AgentSkill.COPILOT_FILE), StandardCharsets.UTF_8);
        assertTrue(text.startsWith("---\napplyTo: \"**\"\n"), text);
        for (AgentSkill skill : AgentSkill.values()) {
            assertTrue(text.contains("\n## " + skill.id() + "\n"), skill.id());
        }
        assertTrue(text.contains("\n### Never\n"), "the skills' headings are one level down");
        assertFalse(text.contains("\nname: "), "no skill's front matter is copied");
        assertNotNull(ScopeExclusions.reason(AgentSkill.COPILOT_FILE));
        assertEquals(
                InstallResult.REMOVED,
                HostSkills.uninstall(ws, HookHost.COPILOT).action());
        assertFalse(Files.exists(repo.root().resolve(AgentSkill.COPILOT_FILE)));
        assertTrue(Files.isDirectory(repo.root().resolve(".github"))
                || !Files.exists(repo.root().resolve(".github")));
    }
}
