package dev.wb.commands.base;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.wb.testkit.TempGitRepo;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class WorkspaceTest {

    @TempDir
    Path tmp;

    @Test
    void the_workspace_is_the_nearest_folder_holding_git() throws IOException {
        TempGitRepo repo = TempGitRepo.create(tmp, "repo");
        Path deep = Files.createDirectories(repo.resolve("a/b/c"));

        assertEquals(repo.root(), Workspace.locate(deep).orElseThrow().root());
    }

    @Test
    void a_linked_worktree_whose_git_is_a_file_is_a_workspace_of_its_own() throws IOException {
        TempGitRepo repo = TempGitRepo.create(tmp, "repo");
        repo.git("worktree", "add", "-q", tmp.resolve("linked").toString(), "-b", "side");

        assertTrue(Files.isRegularFile(tmp.resolve("linked/.git")));
        assertEquals(
                tmp.resolve("linked").toRealPath(),
                Workspace.locate(tmp.resolve("linked")).orElseThrow().root().toRealPath());
    }

    @Test
    void outside_any_repository_there_is_no_workspace() throws IOException {
        assertTrue(
                Workspace.locate(Files.createDirectories(tmp.resolve("plain"))).isEmpty());
    }
}
