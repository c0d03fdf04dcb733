package dev.wb.git;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.wb.testkit.TempGitRepo;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFilePermissions;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * {@link WorktreeBoundary} gives git's own answer, byte for byte: every form it takes (the trees
 * alone, a walk limited to the paths that differ from HEAD, git's full walk) is held to {@code git
 * diff --name-only <base> --} and {@code git diff --binary <base> --} against the working tree, as
 * {@link ReviewReads} runs them, on real repositories.
 */
class WorktreeBoundaryTest {

    @TempDir
    Path dir;

    TempGitRepo repo;
    String base;

    @BeforeEach
    void history() throws IOException {
        repo = TempGitRepo.create(dir, "repo");
        repo.write("src/App.java", "class App {}\n");
        repo.write("src/Gone.java", "class Gone {}\n");
        repo.write("src/Moved.java", "class Moved { /* a body long enough to be found again when renamed */ }\n");
        repo.write("bin/run.sh", "echo run\n");
        repo.write("docs/a.txt", "one\ntwo\nthree\n");
        repo.write(".env", "SECRET=1\n");
        Files.write(repo.resolve("img.bin"), new byte[] {0, 1, 2, 3, 0, 5});
        base = repo.commitAll("base");
        // The committed change under review: an edit, a new file, a deletion, a rename, a mode
        // change, a binary edit, a link and a blocked file's edit.
        repo.write("src/App.java", "class App { int x; }\n");
        repo.write("src/New.java", "class New {}\n");
        Files.delete(repo.resolve("src/Gone.java"));
        Files.createDirectories(repo.resolve("src/lib"));
        Files.move(repo.resolve("src/Moved.java"), repo.resolve("src/lib/Moved.java"));
        Files.setPosixFilePermissions(repo.resolve("bin/run.sh"), PosixFilePermissions.fromString("rwxr-xr-x"));
        Files.write(repo.resolve("img.bin"), new byte[] {0, 1, 2, 3, 0, 6});
        Files.createSymbolicLink(repo.resolve("link"), Path.of("docs/a.txt"));
        repo.write(".env", "SECRET=2\n");
        repo.commitAll("the change");
    }

    @Test
    void a_committed_change_with_a_clean_tree_is_read_from_the_trees_alone() {
        WorktreeBoundary tree = assertSameAsGit(List.of(".env"));

        assertTrue(tree.treesSuffice());
        assertEquals(
                List.of(
                        ".env",
                        "bin/run.sh",
                        "img.bin",
                        "link",
                        "src/App.java",
                        "src/Gone.java",
                        "src/Moved.java",
                        "src/New.java",
                        "src/lib/Moved.java"),
                tree.changedNames());
        String diff = new String(tree.binaryDiff(List.of(".env")), StandardCharsets.UTF_8);
        assertTrue(diff.contains("rename from src/Moved.java"), diff);
        assertTrue(diff.contains("GIT binary patch"), diff);
        assertFalse(diff.contains("SECRET"), diff);
    }

    @Test
    void the_prefixes_git_gives_a_worktree_diff_are_kept_whatever_the_settings() {
        for (List<String> settings : List.of(
                List.of("diff.mnemonicPrefix", "true"),
                List.of("diff.noprefix", "true"),
                List.of("diff.mnemonicPrefix", "yes"),
                List.of("diff.mnemonicPrefix", "1"),
                List.of("diff.mnemonicPrefix", "On"),
                List.of("diff.mnemonicPrefix", "1k"),
                List.of("diff.mnemonicPrefix", "false"))) {
            repo.git("config", settings.get(0), settings.get(1));
            assertTrue(assertSameAsGit(List.of()).treesSuffice(), settings.toString());
            repo.git("config", "--unset", settings.get(0));
        }
        repo.git("config", "diff.mnemonicPrefix", "true");
        String diff = new String(read().binaryDiff(List.of()), StandardCharsets.UTF_8);
        assertTrue(diff.contains("diff --git c/src/App.java w/src/App.java"), diff);
        repo.git("config", "diff.noprefix", "true");
        assertSameAsGit(List.of());
        // A key written without a value is true, as git reads it.
        repo.git("config", "--unset", "diff.noprefix");
        try {
            Files.writeString(
                    repo.resolve(".git/config"),
                    "[diff]\n\tnoprefix\n",
                    StandardCharsets.UTF_8,
                    java.nio.file.StandardOpenOption.APPEND);
        } catch (IOException e) {
            throw new java.io.UncheckedIOException(e);
        }
        assertSameAsGit(List.of());
        assertFalse(new String(read().binaryDiff(List.of()), StandardCharsets.UTF_8).contains("c/src/App.java"));
    }

    @Test
    void a_boolean_setting_is_read_as_git_reads_it() {
        assertEquals(Optional.of(true), WorktreeBoundary.bool("TRUE"));
        assertEquals(Optional.of(true), WorktreeBoundary.bool("2"));
        assertEquals(Optional.of(false), WorktreeBoundary.bool("Off"));
        assertEquals(Optional.of(false), WorktreeBoundary.bool(""));
        assertEquals(Optional.of(false), WorktreeBoundary.bool("0"));
        assertEquals(Optional.empty(), WorktreeBoundary.bool("1k"));
        assertEquals(Optional.empty(), WorktreeBoundary.bool("maybe"));
    }

    @Test
    void a_few_uncommitted_changes_are_compared_with_the_base_one_by_one() throws IOException {
        repo.write("src/App.java", "class App {}\n"); // the committed edit undone: no change against the base
        repo.write("docs/a.txt", "one\n2\nthree\n"); // changed in the working tree only
        repo.write("src/Staged.java", "class Staged {}\n");
        repo.git("add", "src/Staged.java");
        Files.delete(repo.resolve("src/New.java")); // added by the commit, gone again
        repo.write("untracked.txt", "u\n");

        WorktreeBoundary tree = assertSameAsGit(List.of(".env"));

        assertFalse(tree.treesSuffice());
        assertFalse(tree.changedNames().contains("src/App.java"));
        assertFalse(tree.changedNames().contains("src/New.java"));
        assertTrue(tree.changedNames().containsAll(List.of("docs/a.txt", "src/Staged.java", "src/lib/Moved.java")));
        assertEquals(List.of("untracked.txt"), tree.untracked());
    }

    @Test
    void many_uncommitted_changes_take_gits_full_walk() {
        for (int i = 0; i <= WorktreeBoundary.NARROW_LIMIT; i++) {
            repo.write("many/f" + i + ".txt", "v" + i + "\n");
        }
        repo.git("add", "many");

        WorktreeBoundary tree = assertSameAsGit(List.of());

        assertEquals(WorktreeBoundary.NARROW_LIMIT + 1 + 9, tree.changedNames().size());
    }

    @Test
    void a_file_removed_from_the_index_but_kept_on_disk_and_a_folder_replacing_a_file() throws IOException {
        repo.git("rm", "-q", "--cached", "docs/a.txt");
        Files.delete(repo.resolve("img.bin"));
        repo.write("img.bin/inner.txt", "now a folder\n");

        assertSameAsGit(List.of());
    }

    @Test
    void against_head_itself_the_names_are_the_one_walk_against_head() {
        repo.write("docs/a.txt", "changed\n");
        String head = repo.git("rev-parse", "HEAD").strip();
        try (GitRepository git = open()) {
            WorktreeBoundary tree = git.review().worktree(head, head);
            assertEquals(git.review().changedNames(head, Optional.empty()), tree.changedNames());
            assertArrayEquals(git.review().binaryDiff(head, Optional.empty(), List.of()), tree.binaryDiff(List.of()));
            assertEquals(git.review().againstWorktree(head), tree.againstHead());
            assertEquals(List.of("docs/a.txt"), tree.changedNames());
        }
    }

    @Test
    void nothing_differs_when_the_base_is_heads_tree() {
        repo.git("revert", "--no-edit", "HEAD");
        repo.git("revert", "--no-edit", "HEAD");
        String head = repo.git("rev-parse", "HEAD").strip();
        String twoBack = repo.git("rev-parse", "HEAD~2").strip();
        try (GitRepository git = open()) {
            WorktreeBoundary tree = git.review().worktree(twoBack, head);
            assertTrue(tree.treesSuffice());
            assertEquals(List.of(), tree.changedNames());
            assertEquals(0, tree.binaryDiff(List.of()).length);
            assertArrayEquals(
                    git.review().binaryDiff(twoBack, Optional.empty(), List.of()), tree.binaryDiff(List.of()));
        }
    }

    /** The boundary against {@link #base} matches git's full walk in names, bytes and the overlay's reading. */
    private WorktreeBoundary assertSameAsGit(List<String> excluded) {
        try (GitRepository git = open()) {
            WorktreeBoundary tree = read(git);
            assertEquals(git.review().changedNames(base, Optional.empty()), tree.changedNames());
            byte[] expected = git.review().binaryDiff(base, Optional.empty(), excluded);
            assertArrayEquals(
                    expected,
                    tree.binaryDiff(excluded),
                    () -> "expected:\n" + new String(expected, StandardCharsets.UTF_8) + "\nwas:\n"
                            + new String(tree.binaryDiff(excluded), StandardCharsets.UTF_8));
            assertEquals(git.review().untracked(), tree.untracked());
            assertEquals(git.review().againstWorktree(tree.head()), tree.againstHead());
            return tree;
        }
    }

    private WorktreeBoundary read() {
        try (GitRepository git = open()) {
            return read(git);
        }
    }

    private WorktreeBoundary read(GitRepository git) {
        return git.review().worktree(base, git.head().orElseThrow());
    }

    private GitRepository open() {
        Map<String, String> env = new HashMap<>(System.getenv());
        env.putAll(TempGitRepo.gitEnvironment());
        return GitRepository.open(repo.root(), env, Backend.CLI);
    }
}
