package dev.wb.cli.plugin;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.wb.testkit.AgentClis;
import dev.wb.testkit.TempGitRepo;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The skills {@code wb hooks install codex} writes, as the real Codex CLI (from npm, at the version .ci/run
 * pins) sees them: {@code codex debug prompt-input} renders what the model would be given, offline, and its
 * skills list names each of wb's skills with its description and file. Uninstalled, none is left.
 */
class CodexSkillsIT {

    private static final Path WB =
            Path.of(System.getProperty("user.dir")).getParent().resolve("bin/wb");

    @TempDir
    Path tmp;

    @Test
    void codexListsEverySkillWbInstalledAndNoneAfterUninstall() throws Exception {
        Path codex = AgentClis.require("codex");
        TempGitRepo repo = TempGitRepo.create(tmp, "repo");
        repo.write("README.md", "a repository\n");
        repo.commitAll("start");
        Map<String, String> env = Map.of(
                "HOME", Files.createDirectories(tmp.resolve("home")).toString(),
                "CODEX_HOME", Files.createDirectories(tmp.resolve("codex-home")).toString(),
                "OPENAI_BASE_URL", "http://127.0.0.1:9");
        Run install = Run.of(repo.root(), env, List.of(WB.toString(), "hooks", "install", "codex"));
        assertEquals(0, install.exit(), install.both());

        Run prompt = Run.of(repo.root(), env, List.of(codex.toString(), "debug", "prompt-input", "hello"));
        assertEquals(0, prompt.exit(), prompt.both());
        for (String skill :
                PluginSkills.names(Path.of(System.getProperty("user.dir")).getParent())) {
            assertTrue(
                    prompt.out().contains("- " + skill + ": "), skill + " is not in Codex's skills:\n" + prompt.out());
            assertTrue(prompt.out().contains(skill + "/SKILL.md"), skill);
        }

        Run uninstall = Run.of(repo.root(), env, List.of(WB.toString(), "hooks", "uninstall", "codex"));
        assertEquals(0, uninstall.exit(), uninstall.both());
        Run after = Run.of(repo.root(), env, List.of(codex.toString(), "debug", "prompt-input", "hello"));
        assertEquals(0, after.exit(), after.both());
        assertTrue(!after.out().contains("- write-handover: "), after.out());
    }
}
