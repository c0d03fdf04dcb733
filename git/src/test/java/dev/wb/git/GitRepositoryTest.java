package dev.wb.git;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.wb.testkit.TempGitRepo;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.HashMap;
import java.util.Map;
import java.util.Optional;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** Opening a repository: the errors a user can meet, and how the object format steers the backends. */
class GitRepositoryTest {

    @TempDir
    Path dir;

    static Map<String, String> env() {
        Map<String, String> env = new HashMap<>(System.getenv());
        env.putAll(TempGitRepo.gitEnvironment());
        return env;
    }

    @Test
    void a_folder_outside_any_repository_is_named_in_the_error() throws IOException {
        Path outside = Files.createDirectories(dir.resolve("plain"));
        GitException error = assertThrows(GitException.class, () -> GitRepository.open(outside, env(), Backend.AUTO));
        assertEquals("not inside a git work tree: " + outside, error.getMessage());
    }

    @Test
    void a_folder_that_does_not_exist_is_named_in_the_error() {
        Path missing = dir.resolve("missing");
        GitException error = assertThrows(GitException.class, () -> GitRepository.open(missing, env(), Backend.AUTO));
        assertEquals("not inside a git work tree: " + missing + " (no such directory)", error.getMessage());
    }

    @Test
    void the_git_directory_itself_is_not_a_work_tree() {
        TempGitRepo repo = TempGitRepo.create(dir, "repo");
        Path gitDir = repo.resolve(".git");
        GitException error = assertThrows(GitException.class, () -> GitRepository.open(gitDir, env(), Backend.AUTO));
        assertEquals("not inside a git work tree: " + gitDir, error.getMessage());
    }

    @Test
    void git_missing_from_the_path_is_said_plainly() {
        TempGitRepo repo = TempGitRepo.create(dir, "repo");
        Map<String, String> env = env();
        env.put("PATH", dir.resolve("no-bin").toString());
        GitException error = assertThrows(GitException.class, () -> GitRepository.open(repo.root(), env, Backend.JGIT));
        assertEquals("git was not found on PATH", error.getMessage());
    }

    /**
     * A relative PATH entry would be taken from this JVM's folder, which on a warm server is {@code /}, not
     * the caller's: only absolute entries count, though this one leads from this JVM's folder to git.
     */
    @Test
    void a_relative_path_entry_is_never_searched_for_git() {
        TempGitRepo repo = TempGitRepo.create(dir, "repo");
        Path relative = TempGitRepo.gitFolderRelativeToThisJvm();
        assertTrue(Files.isExecutable(relative.resolve("git")), relative + " leads to git from this JVM's folder");
        Map<String, String> env = env();
        env.put("PATH", relative.toString());

        GitException error = assertThrows(GitException.class, () -> GitRepository.open(repo.root(), env, Backend.CLI));

        assertEquals("git was not found on PATH", error.getMessage());
    }

    @Test
    void a_sha1_repository_says_so() {
        TempGitRepo repo = TempGitRepo.create(dir, "repo");
        try (GitRepository git = GitRepository.open(repo.root(), env(), Backend.AUTO)) {
            assertEquals(ObjectFormat.SHA1, git.objectFormat());
        }
    }

    @Test
    void a_sha256_repository_is_read_by_the_binary_under_auto_with_64_digit_ids() {
        TempGitRepo repo = TempGitRepo.create(dir, "repo", "--object-format=sha256");
        try (GitRepository git = GitRepository.open(repo.root(), env(), Backend.AUTO)) {
            assertEquals(ObjectFormat.SHA256, git.objectFormat());
            String head = git.head().orElseThrow();
            assertTrue(head.matches("[0-9a-f]{64}"), head);
            assertEquals(Optional.of(head), git.resolveCommit("main"));
        }
    }

    @Test
    void a_linked_worktree_of_a_sha256_repository_reads_the_format_from_the_common_config() {
        TempGitRepo repo = TempGitRepo.create(dir, "repo", "--object-format=sha256");
        Path linked = dir.resolve("linked");
        repo.git("worktree", "add", "-q", "-b", "side", linked.toString());
        try (GitRepository git = GitRepository.open(linked, env(), Backend.AUTO)) {
            assertEquals(ObjectFormat.SHA256, git.objectFormat());
        }
    }

    @Test
    void jgit_refuses_a_sha256_repository_clearly_instead_of_misreading_it() {
        TempGitRepo repo = TempGitRepo.create(dir, "repo", "--object-format=sha256");
        GitException error =
                assertThrows(GitException.class, () -> GitRepository.open(repo.root(), env(), Backend.JGIT));
        assertTrue(
                error.getMessage().startsWith("JGit cannot read SHA-256 repositories: " + repo.root()),
                error.getMessage());
    }

    @Test
    void a_negative_size_limit_is_a_caller_error() {
        TempGitRepo repo = TempGitRepo.create(dir, "repo");
        try (GitRepository git = GitRepository.open(repo.root(), env(), Backend.AUTO)) {
            assertThrows(IllegalArgumentException.class, () -> git.blobAt("HEAD", "README.md", -1));
        }
    }
}
