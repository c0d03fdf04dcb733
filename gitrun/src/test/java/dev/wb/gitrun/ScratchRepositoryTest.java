package dev.wb.gitrun;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.wb.testkit.TempGitRepo;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** wb demo's scratch repository: made and committed to by the one writing module, in no other repository. */
class ScratchRepositoryTest {

    /** The run's environment these tests give: this JVM's own. */
    private static final Map<String, String> ENV = System.getenv();

    @TempDir
    Path dir;

    String git(Path root, String... args) {
        List<String> argv = new ArrayList<>(List.of("git"));
        argv.addAll(List.of(args));
        return TempGitRepo.Processes.run(root, argv, TempGitRepo.gitEnvironment(), 60)
                .stdout()
                .strip();
    }

    @Test
    void create_makes_a_repository_on_main_with_one_commit_of_every_file() throws IOException {
        Path root = dir.resolve("demo");
        Files.createDirectories(root);
        Files.writeString(root.resolve("README.md"), "# demo shop\n");

        String commit = ScratchRepository.create(
                root, Map.of("src/prices.py", "ROUND = 2\n", "src/cart.py", "cart\n"), "demo shop", ENV);

        assertEquals(commit, git(root, "rev-parse", "HEAD"));
        assertEquals("main", git(root, "branch", "--show-current"));
        assertEquals("README.md\nsrc/cart.py\nsrc/prices.py", git(root, "ls-files"));
        assertEquals("wb demo <demo@wb.invalid>|demo shop", git(root, "log", "-1", "--format=%an <%ae>|%s"));
        assertEquals("", git(root, "status", "--porcelain"));
        assertEquals("1", git(root, "rev-list", "--count", "HEAD"));
    }

    @Test
    void commit_all_commits_later_edits_on_top() throws IOException {
        Path root = dir.resolve("demo");
        String first = ScratchRepository.create(root, Map.of("a.txt", "a\n"), "first", ENV);
        Files.writeString(root.resolve("a.txt"), "edited\n");
        Files.writeString(root.resolve("b.txt"), "new\n");

        String second = ScratchRepository.commitAll(root, "second", ENV);

        assertEquals(first, git(root, "rev-parse", "HEAD~1"));
        assertEquals(second, git(root, "rev-parse", "HEAD"));
        assertEquals("", git(root, "status", "--porcelain"));
    }

    @Test
    void an_existing_repository_is_never_made_a_scratch_one_nor_committed_to() {
        TempGitRepo user = TempGitRepo.create(dir, "users-own");
        String before = user.git("rev-parse", "HEAD").strip();
        user.write("work.txt", "uncommitted work\n");

        IOException create =
                assertThrows(IOException.class, () -> ScratchRepository.create(user.root(), Map.of(), "x", ENV));
        assertTrue(create.getMessage().contains("already holds a git repository"), create.getMessage());
        IOException commit = assertThrows(IOException.class, () -> ScratchRepository.commitAll(user.root(), "x", ENV));
        assertTrue(commit.getMessage().contains("is not a scratch repository made by wb"), commit.getMessage());
        assertEquals(before, user.git("rev-parse", "HEAD").strip());
    }

    @Test
    void a_file_path_that_leaves_the_folder_is_refused() {
        IOException error = assertThrows(
                IOException.class,
                () -> ScratchRepository.create(dir.resolve("demo"), Map.of("../outside.txt", "x"), "x", ENV));
        assertTrue(error.getMessage().startsWith("not a path inside the scratch repository"), error.getMessage());
        assertTrue(Files.notExists(dir.resolve("outside.txt")));
    }

    @Test
    void git_is_looked_for_on_the_path_of_the_runs_environment_not_of_this_jvm() {
        Map<String, String> noGit = new HashMap<>(ENV);
        noGit.put("PATH", dir.resolve("empty-bin").toString());

        IOException error = assertThrows(
                IOException.class, () -> ScratchRepository.create(dir.resolve("demo"), Map.of(), "x", noGit));

        assertTrue(error.getMessage().contains("git was not found on PATH"), error.getMessage());
    }

    /** A relative PATH entry would be taken from this JVM's folder (on a warm server {@code /}): never searched. */
    @Test
    void a_relative_path_entry_is_never_searched_for_git() {
        Path relative = TempGitRepo.gitFolderRelativeToThisJvm();
        assertTrue(Files.isExecutable(relative.resolve("git")), relative + " leads to git from this JVM's folder");
        Map<String, String> env = new HashMap<>(ENV);
        env.put("PATH", relative.toString());

        IOException error = assertThrows(
                IOException.class, () -> ScratchRepository.create(dir.resolve("demo"), Map.of(), "x", env));

        assertTrue(error.getMessage().contains("git was not found on PATH"), error.getMessage());
    }

    @Test
    void the_runs_environment_reaches_git_without_its_git_variables() {
        Map<String, String> run = Map.of("PATH", "/usr/bin:/bin", "WB_DEMO_PROBE", "kept", "GIT_DIR", "/elsewhere");

        Map<String, String> env = ScratchRepository.environment(run);

        assertEquals("kept", env.get("WB_DEMO_PROBE"));
        assertEquals("/usr/bin:/bin", env.get("PATH"));
        assertFalse(env.containsKey("GIT_DIR"));
    }

    @Test
    void git_runs_with_none_of_the_users_git_variables_and_no_configuration_files() {
        Map<String, String> env = ScratchRepository.environment(ENV);
        env.keySet().stream()
                .filter(name -> name.startsWith("GIT_"))
                .forEach(name -> assertTrue(
                        List.of(
                                        "GIT_CONFIG_NOSYSTEM",
                                        "GIT_CONFIG_GLOBAL",
                                        "GIT_AUTHOR_NAME",
                                        "GIT_AUTHOR_EMAIL",
                                        "GIT_COMMITTER_NAME",
                                        "GIT_COMMITTER_EMAIL",
                                        "GIT_TERMINAL_PROMPT")
                                .contains(name),
                        name));
        assertEquals("/dev/null", env.get("GIT_CONFIG_GLOBAL"));
    }
}
