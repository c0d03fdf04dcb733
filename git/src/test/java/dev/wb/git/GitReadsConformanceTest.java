package dev.wb.git;

import static dev.wb.git.Change.ADDED;
import static dev.wb.git.Change.DELETED;
import static dev.wb.git.Change.MODIFIED;
import static dev.wb.git.Change.UNTRACKED;
import static dev.wb.git.ChangeScope.STAGED;
import static dev.wb.git.ChangeScope.WORKTREE;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.wb.testkit.TempGitRepo;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.FileTime;
import java.nio.file.attribute.PosixFilePermissions;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.TreeMap;
import java.util.stream.Stream;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Every read of {@link GitRepository}, on real repositories made by the git binary, once for each
 * way of answering it. A subclass names the backend (and may make SHA-256 repositories); a
 * behaviour belongs here when both backends must agree on it, which is every behaviour.
 */
abstract class GitReadsConformanceTest {

    @TempDir
    Path dir;

    TempGitRepo repo;

    /** The backend under test. */
    abstract Backend backend();

    /** Options for {@code git init} of every repository the tests make. */
    String[] initOptions() {
        return new String[0];
    }

    @BeforeEach
    void createRepository() throws IOException {
        Files.createDirectories(dir.resolve("home/.config/git"));
        repo = newRepo("repo");
    }

    TempGitRepo newRepo(String name) {
        return TempGitRepo.create(dir, name, initOptions());
    }

    /** The environment reads run with: no system, global or user configuration of this machine. */
    Map<String, String> env() {
        Map<String, String> env = new HashMap<>(System.getenv());
        env.putAll(TempGitRepo.gitEnvironment());
        env.put("HOME", dir.resolve("home").toString());
        env.put("XDG_CONFIG_HOME", dir.resolve("home/.config").toString());
        return env;
    }

    GitRepository open(Path where) {
        return GitRepository.open(where, env(), backend());
    }

    List<ChangedPath> changed(ChangeScope scope) {
        return changed(scope, Optional.empty());
    }

    List<ChangedPath> changed(ChangeScope scope, Optional<String> base) {
        try (GitRepository git = open(repo.root())) {
            return git.changedPaths(scope, base);
        }
    }

    static ChangedPath path(String path, Change change) {
        return new ChangedPath(path, change);
    }

    String commitAll(String message) {
        repo.git("add", "-A");
        repo.git("commit", "-q", "-m", message);
        return repo.git("rev-parse", "HEAD").strip();
    }

    void delete(String relative) {
        try {
            Files.delete(repo.resolve(relative));
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    // --- HEAD and revisions ------------------------------------------------------------------

    @Test
    void head_is_the_full_id_of_the_current_commit() {
        String expected = repo.git("rev-parse", "HEAD").strip();
        try (GitRepository git = open(repo.root())) {
            assertEquals(Optional.of(expected), git.head());
            assertEquals(git.objectFormat().hexLength(), expected.length());
        }
    }

    @Test
    void head_is_empty_on_an_unborn_branch() {
        repo.git("checkout", "-q", "--orphan", "fresh");
        try (GitRepository git = open(repo.root())) {
            assertEquals(Optional.empty(), git.head());
        }
    }

    @Test
    void resolve_commit_peels_branches_tags_prefixes_and_relative_revisions() {
        String first = repo.git("rev-parse", "HEAD").strip();
        repo.git("tag", "-a", "-m", "annotated", "v1");
        repo.git("tag", "light");
        repo.write("b.txt", "b\n");
        String second = commitAll("second");
        try (GitRepository git = open(repo.root())) {
            assertEquals(Optional.of(second), git.resolveCommit("main"));
            assertEquals(Optional.of(second), git.resolveCommit("HEAD"));
            assertEquals(Optional.of(first), git.resolveCommit("HEAD~1"));
            assertEquals(Optional.of(first), git.resolveCommit("v1"));
            assertEquals(Optional.of(first), git.resolveCommit("light"));
            assertEquals(Optional.of(first), git.resolveCommit(first.substring(0, 12)));
            assertEquals(Optional.of(first), git.resolveCommit(first));
        }
    }

    @Test
    void resolve_commit_is_empty_for_what_names_no_commit() {
        String tree = repo.git("rev-parse", "HEAD^{tree}").strip();
        try (GitRepository git = open(repo.root())) {
            assertEquals(Optional.empty(), git.resolveCommit("no-such-branch"));
            assertEquals(Optional.empty(), git.resolveCommit("HEAD~5"));
            assertEquals(Optional.empty(), git.resolveCommit(tree));
            assertEquals(Optional.empty(), git.resolveCommit("-h"));
            assertEquals(Optional.empty(), git.resolveCommit(""));
        }
    }

    // --- changed paths: the working tree and the index ----------------------------------------

    @Test
    void a_clean_work_tree_has_no_changed_paths() {
        assertEquals(List.of(), changed(WORKTREE));
        assertEquals(List.of(), changed(STAGED));
    }

    @Test
    void worktree_sees_staged_and_unstaged_edits_additions_deletions_and_untracked_files() {
        repo.write("keep.txt", "keep\n");
        repo.write("gone.txt", "gone\n");
        repo.write("staged-gone.txt", "gone\n");
        commitAll("files");
        repo.write("README.md", "changed, unstaged\n");
        repo.write("keep.txt", "changed, staged\n");
        repo.write("new-staged.txt", "new\n");
        repo.git("add", "keep.txt", "new-staged.txt");
        delete("gone.txt");
        repo.git("rm", "-q", "staged-gone.txt");
        repo.write("loose.txt", "untracked\n");

        assertEquals(
                List.of(
                        path("README.md", MODIFIED),
                        path("gone.txt", DELETED),
                        path("keep.txt", MODIFIED),
                        path("loose.txt", UNTRACKED),
                        path("new-staged.txt", ADDED),
                        path("staged-gone.txt", DELETED)),
                changed(WORKTREE));
    }

    @Test
    void staged_scope_is_the_index_against_head_only() {
        repo.write("keep.txt", "keep\n");
        commitAll("files");
        repo.write("keep.txt", "staged\n");
        repo.git("add", "keep.txt");
        repo.write("keep.txt", "staged, then edited again\n");
        repo.write("README.md", "unstaged only\n");
        repo.write("new.txt", "new\n");
        repo.git("add", "new.txt");
        repo.write("loose.txt", "untracked\n");

        assertEquals(List.of(path("keep.txt", MODIFIED), path("new.txt", ADDED)), changed(STAGED));
    }

    @Test
    void the_index_named_by_git_index_file_is_the_one_read_as_in_a_commit_hook() {
        Path index = repo.resolve(".git/next-index");
        repo.write("hooked.txt", "staged in the other index\n");
        Map<String, String> hookEnv = new HashMap<>(TempGitRepo.gitEnvironment());
        hookEnv.put("GIT_INDEX_FILE", index.toString());
        TempGitRepo.Processes.run(repo.root(), List.of("git", "read-tree", "HEAD"), hookEnv, 60);
        TempGitRepo.Processes.run(repo.root(), List.of("git", "add", "hooked.txt"), hookEnv, 60);
        Map<String, String> env = env();
        env.put("GIT_INDEX_FILE", index.toString());

        try (GitRepository git = GitRepository.open(repo.root(), env, backend())) {
            assertEquals(List.of(path("hooked.txt", ADDED)), git.changedPaths(STAGED, Optional.empty()));
        }
        assertEquals(List.of(), changed(STAGED));
    }

    @Test
    void untracked_files_in_new_directories_are_listed_one_by_one() {
        repo.write("new/a.txt", "a\n");
        repo.write("new/deeper/b.txt", "b\n");

        assertEquals(List.of(path("new/a.txt", UNTRACKED), path("new/deeper/b.txt", UNTRACKED)), changed(WORKTREE));
    }

    @Test
    void ignored_files_are_not_changes_whichever_file_ignores_them() throws IOException {
        repo.write(".gitignore", "*.log\nbuild/\n");
        commitAll("ignore rules");
        Files.writeString(repo.root().resolve(".git/info/exclude"), "*.tmp\n");
        Files.writeString(dir.resolve("home/.config/git/ignore"), "*.secret\n"); // the user's global excludes
        repo.write("app.log", "log\n");
        repo.write("build/out.bin", "out\n");
        repo.write("scratch.tmp", "tmp\n");
        repo.write("key.secret", "secret\n");
        repo.write("real.txt", "real\n");

        assertEquals(List.of(path("real.txt", UNTRACKED)), changed(WORKTREE));
    }

    @Test
    void a_rename_is_the_old_path_deleted_and_the_new_path_added() throws IOException {
        repo.write("old.txt", "content that stays the same\n");
        repo.write("staged-old.txt", "other content that stays the same\n");
        commitAll("old");
        Files.move(repo.resolve("old.txt"), repo.resolve("new.txt"));
        repo.git("mv", "staged-old.txt", "staged-new.txt");

        assertEquals(
                List.of(
                        path("new.txt", UNTRACKED),
                        path("old.txt", DELETED),
                        path("staged-new.txt", ADDED),
                        path("staged-old.txt", DELETED)),
                changed(WORKTREE));
        assertEquals(List.of(path("staged-new.txt", ADDED), path("staged-old.txt", DELETED)), changed(STAGED));
    }

    @Test
    void a_path_added_to_the_index_stays_added_when_its_file_is_deleted_again() {
        repo.write("short-lived.txt", "here\n");
        repo.git("add", "short-lived.txt");
        delete("short-lived.txt");

        assertEquals(List.of(path("short-lived.txt", ADDED)), changed(WORKTREE));
    }

    @Test
    void a_file_removed_from_the_index_but_kept_on_disk_is_deleted() {
        repo.git("rm", "-q", "--cached", "README.md");

        assertEquals(List.of(path("README.md", DELETED)), changed(WORKTREE));
        assertEquals(List.of(path("README.md", DELETED)), changed(STAGED));
    }

    @Test
    void on_an_unborn_branch_everything_in_the_index_is_added() {
        repo.git("checkout", "-q", "--orphan", "fresh");
        repo.write("loose.txt", "untracked\n");

        assertEquals(List.of(path("README.md", ADDED), path("loose.txt", UNTRACKED)), changed(WORKTREE));
        assertEquals(List.of(path("README.md", ADDED)), changed(STAGED));
    }

    @Test
    void a_nested_repository_that_is_not_a_submodule_is_one_untracked_path() {
        TempGitRepo.create(repo.root(), "nested");

        assertEquals(List.of(path("nested", UNTRACKED)), changed(WORKTREE));
    }

    @Test
    void a_changed_executable_bit_is_a_modification() throws IOException {
        repo.write("run.sh", "echo hi\n");
        commitAll("script");
        Files.setPosixFilePermissions(repo.resolve("run.sh"), PosixFilePermissions.fromString("rwxr-xr-x"));

        assertEquals(List.of(path("run.sh", MODIFIED)), changed(WORKTREE));
    }

    @Test
    void a_conflicted_path_is_modified() {
        repo.write("both.txt", "base\n");
        commitAll("base");
        repo.git("checkout", "-q", "-b", "other");
        repo.write("both.txt", "theirs\n");
        commitAll("theirs");
        repo.git("checkout", "-q", "main");
        repo.write("both.txt", "ours\n");
        commitAll("ours");
        TempGitRepo.ProcessResult merge = TempGitRepo.Processes.run(
                repo.root(), List.of("git", "merge", "-q", "other"), TempGitRepo.gitEnvironment(), 60);
        assertTrue(merge.exitCode() != 0, "the merge should stop on the conflict");

        assertEquals(List.of(path("both.txt", MODIFIED)), changed(WORKTREE));
        assertEquals(List.of(path("both.txt", MODIFIED)), changed(STAGED));
    }

    @Test
    void paths_with_spaces_quotes_newlines_and_unicode_come_through_exactly() {
        List<String> names = List.of(
                "with space.txt",
                "quote\"d 'name'.txt",
                "new\nline.txt",
                "tab\there.txt",
                "ünïcödé/日本語.txt",
                "back\\slash.txt");
        names.forEach(name -> repo.write(name, name + "\n"));

        assertEquals(names.stream().sorted().map(name -> path(name, UNTRACKED)).toList(), changed(WORKTREE));
        repo.git("add", "-A");
        assertEquals(names.stream().sorted().map(name -> path(name, ADDED)).toList(), changed(STAGED));
    }

    // --- changed paths: work committed since a base -------------------------------------------

    @Test
    void a_base_adds_the_paths_committed_on_the_branch_since_it() {
        String base = repo.git("rev-parse", "HEAD").strip();
        repo.git("checkout", "-q", "-b", "feature");
        repo.write("feature.txt", "one\n");
        repo.write("README.md", "edited on the branch\n");
        commitAll("feature work");
        repo.write("second.txt", "two\n");
        commitAll("more work");
        repo.write("wip.txt", "not committed\n");

        assertEquals(
                List.of(
                        path("README.md", MODIFIED),
                        path("feature.txt", ADDED),
                        path("second.txt", ADDED),
                        path("wip.txt", UNTRACKED)),
                changed(WORKTREE, Optional.of(base)));
        assertEquals(
                List.of(path("README.md", MODIFIED), path("feature.txt", ADDED), path("second.txt", ADDED)),
                changed(STAGED, Optional.of(base)));
    }

    @Test
    void a_base_that_moved_on_after_the_fork_contributes_only_the_branch_work() {
        repo.write("shared.txt", "shared\n");
        commitAll("shared");
        repo.git("checkout", "-q", "-b", "feature");
        repo.write("feature.txt", "feature\n");
        delete("shared.txt");
        commitAll("feature work");
        repo.git("checkout", "-q", "main");
        repo.write("main-only.txt", "main moved on\n");
        String base = commitAll("main moved on");
        repo.git("checkout", "-q", "feature");

        assertEquals(
                List.of(path("feature.txt", ADDED), path("shared.txt", DELETED)), changed(WORKTREE, Optional.of(base)));
    }

    @Test
    void the_working_tree_has_the_last_word_on_a_path_the_branch_also_committed() {
        String base = repo.git("rev-parse", "HEAD").strip();
        repo.write("feature.txt", "committed\n");
        commitAll("feature");
        delete("feature.txt");

        assertEquals(List.of(path("feature.txt", DELETED)), changed(WORKTREE, Optional.of(base)));
    }

    @Test
    void a_base_with_no_shared_history_makes_everything_on_the_branch_new() {
        repo.git("checkout", "-q", "--orphan", "elsewhere");
        repo.git("rm", "-q", "-r", "--cached", ".");
        delete("README.md");
        repo.write("other.txt", "unrelated\n");
        String unrelated = commitAll("unrelated root");
        repo.git("checkout", "-q", "main");

        assertEquals(List.of(path("README.md", ADDED)), changed(WORKTREE, Optional.of(unrelated)));
    }

    @Test
    void on_an_unborn_branch_a_base_adds_nothing() {
        String base = repo.git("rev-parse", "HEAD").strip();
        repo.git("checkout", "-q", "--orphan", "fresh");

        assertEquals(List.of(path("README.md", ADDED)), changed(STAGED, Optional.of(base)));
    }

    @Test
    void an_unknown_base_is_an_error_naming_it() {
        String missing = "1".repeat(repo.git("rev-parse", "HEAD").strip().length());
        GitException error = assertThrows(GitException.class, () -> changed(WORKTREE, Optional.of(missing)));
        assertEquals("unknown revision: " + missing, error.getMessage());
    }

    // --- blobs -------------------------------------------------------------------------------

    @Test
    void blob_at_reads_the_file_as_committed_not_as_edited() {
        repo.write("docs/plan.md", "# plan\n");
        repo.write("empty.txt", "");
        String commit = commitAll("plan");
        repo.write("docs/plan.md", "edited since\n");
        try (GitRepository git = open(repo.root())) {
            assertEquals(found("# plan\n"), git.blobAt(commit, "docs/plan.md", 1024));
            assertEquals(found("# scratch\n"), git.blobAt(commit, "README.md", 1024));
            assertEquals(found(""), git.blobAt(commit, "empty.txt", 0));
        }
    }

    @Test
    void blob_at_is_absent_for_a_missing_path_or_a_directory() {
        repo.write("docs/plan.md", "# plan\n");
        String commit = commitAll("plan");
        try (GitRepository git = open(repo.root())) {
            assertEquals(new BlobRead.Absent(), git.blobAt(commit, "nope.md", 1024));
            assertEquals(new BlobRead.Absent(), git.blobAt(commit, "docs", 1024));
            assertEquals(new BlobRead.Absent(), git.blobAt(commit, "docs/", 1024));
            assertEquals(new BlobRead.Absent(), git.blobAt(commit, "./README.md", 1024));
            assertEquals(new BlobRead.Absent(), git.blobAt(commit, "docs/plan.md/x", 1024));
        }
    }

    @Test
    void blob_at_reports_a_file_larger_than_allowed_with_its_size() {
        repo.write("big.txt", "x".repeat(5000));
        String commit = commitAll("big");
        try (GitRepository git = open(repo.root())) {
            assertEquals(new BlobRead.TooLarge(5000), git.blobAt(commit, "big.txt", 4999));
            assertEquals(
                    found("# scratch\n"), git.blobAt(commit, "README.md", 10), "a read after a refusal still works");
            assertEquals(found("x".repeat(5000)), git.blobAt(commit, "big.txt", 5000));
        }
    }

    @Test
    void blob_at_reads_names_with_spaces_newlines_and_unicode() {
        List<String> names = List.of("with space.txt", "ünïcödé/日本語.txt", "new\nline.txt", "ends in cr\r");
        names.forEach(name -> repo.write(name, "content of " + name));
        String commit = commitAll("names");
        try (GitRepository git = open(repo.root())) {
            for (String name : names) {
                assertEquals(found("content of " + name), git.blobAt(commit, name, 1024), name);
            }
        }
    }

    @Test
    void blob_at_an_unknown_commit_is_an_error_naming_it() {
        try (GitRepository git = open(repo.root())) {
            GitException error = assertThrows(GitException.class, () -> git.blobAt("no-such-commit", "README.md", 10));
            assertEquals("unknown revision: no-such-commit", error.getMessage());
        }
    }

    static BlobRead found(String content) {
        return new BlobRead.Found(content.getBytes(StandardCharsets.UTF_8));
    }

    // --- layouts: subdirectories, linked worktrees, submodules ---------------------------------

    @Test
    void opening_from_a_subdirectory_finds_the_top_of_the_work_tree() {
        repo.write("a/b/c.txt", "c\n");
        try (GitRepository git = open(repo.resolve("a/b"))) {
            assertEquals(repo.root(), git.root());
            assertEquals(List.of(path("a/b/c.txt", UNTRACKED)), git.changedPaths(WORKTREE, Optional.empty()));
        }
    }

    @Test
    void a_linked_worktree_is_read_like_any_work_tree() throws IOException {
        String base = repo.git("rev-parse", "HEAD").strip();
        Path linked = dir.resolve("linked");
        repo.git("worktree", "add", "-q", "-b", "side", linked.toString());
        Files.writeString(linked.resolve("side.txt"), "side\n");
        Files.writeString(linked.resolve("README.md"), "edited in the worktree\n");
        try (GitRepository git = open(linked)) {
            assertEquals(linked.toRealPath(), git.root());
            assertEquals(Optional.of(base), git.head());
            assertEquals(Optional.of(base), git.resolveCommit("side"));
            assertEquals(
                    List.of(path("README.md", MODIFIED), path("side.txt", UNTRACKED)),
                    git.changedPaths(WORKTREE, Optional.of(base)));
            assertEquals(List.of(), git.changedPaths(STAGED, Optional.empty()));
            assertEquals(found("# scratch\n"), git.blobAt(base, "README.md", 100));
        }
    }

    @Test
    void a_submodule_is_one_modified_path_whatever_changed_inside_it() {
        TempGitRepo sub = newRepo("sub");
        sub.write("lib.txt", "lib\n");
        sub.git("add", "lib.txt");
        sub.git("commit", "-q", "-m", "lib");
        repo.git(
                "-c",
                "protocol.file.allow=always",
                "submodule",
                "add",
                "-q",
                sub.root().toString(),
                "modules/sub");
        String withSubmodule = commitAll("add the submodule");
        assertEquals(List.of(), changed(WORKTREE));

        Path inside = repo.resolve("modules/sub");
        write(inside.resolve("untracked-inside.txt"), "new\n");
        assertEquals(List.of(path("modules/sub", MODIFIED)), changed(WORKTREE));
        write(inside.resolve("lib.txt"), "edited inside\n");
        assertEquals(List.of(path("modules/sub", MODIFIED)), changed(WORKTREE));
        assertEquals(List.of(), changed(STAGED));
        TempGitRepo.Processes.run(
                inside, List.of("git", "commit", "-q", "-a", "-m", "inside"), TempGitRepo.gitEnvironment(), 60);
        assertEquals(List.of(path("modules/sub", MODIFIED)), changed(WORKTREE));
        repo.git("add", "modules/sub");
        assertEquals(List.of(path("modules/sub", MODIFIED)), changed(STAGED));
        try (GitRepository git = open(repo.root())) {
            assertEquals(new BlobRead.Absent(), git.blobAt(withSubmodule, "modules/sub", 100));
            assertEquals(new BlobRead.Absent(), git.blobAt(withSubmodule, "modules/sub/lib.txt", 100));
        }
    }

    static void write(Path file, String content) {
        try {
            Files.writeString(file, content);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    // --- the checkout: branches, upstreams, remotes, configuration -----------------------------

    /** A bare repository in the test's folder, added to {@link #repo} as {@code name}. */
    Path addBareRemote(String name) {
        Path bare = TempGitRepo.createBare(dir.resolve("remotes"), name + ".git", initOptions());
        repo.git("remote", "add", name, bare.toString());
        return bare;
    }

    @Test
    void current_branch_is_the_checked_out_branch_even_unborn_and_empty_when_detached() {
        repo.git("switch", "-q", "-c", "feature/login");
        try (GitRepository git = open(repo.root())) {
            assertEquals(Optional.of("feature/login"), git.currentBranch());
        }
        repo.git("checkout", "-q", "--orphan", "fresh");
        try (GitRepository git = open(repo.root())) {
            assertEquals(Optional.of("fresh"), git.currentBranch());
        }
        repo.git("checkout", "-q", "--detach", "main");
        try (GitRepository git = open(repo.root())) {
            assertEquals(Optional.empty(), git.currentBranch());
        }
    }

    @Test
    void a_tag_named_like_the_branch_does_not_change_the_branch_name() {
        repo.git("tag", "main");
        try (GitRepository git = open(repo.root())) {
            assertEquals(Optional.of("main"), git.currentBranch());
            assertEquals(List.of("main"), git.localBranches());
        }
    }

    @Test
    void upstream_is_the_remote_tracking_branch_once_pushed_with_u() {
        addBareRemote("origin");
        repo.git("switch", "-q", "-c", "feature");
        try (GitRepository git = open(repo.root())) {
            assertEquals(Optional.empty(), git.upstream("feature"));
        }
        repo.git("push", "-q", "-u", "origin", "feature");
        repo.git("branch", "main-follower");
        repo.git("branch", "-q", "--set-upstream-to=main", "main-follower");
        try (GitRepository git = open(repo.root())) {
            assertEquals(Optional.of("origin/feature"), git.upstream("feature"));
            assertEquals(Optional.empty(), git.upstream("main"));
            assertEquals(Optional.of("main"), git.upstream("main-follower"), "an upstream in this repository");
            assertEquals(Optional.empty(), git.upstream("no-such-branch"));
            assertEquals(Optional.empty(), git.upstream("feat"), "a prefix of a branch is not the branch");
        }
    }

    @Test
    void branch_and_remote_names_that_git_could_read_as_options_are_refused() {
        try (GitRepository git = open(repo.root())) {
            assertThrows(IllegalArgumentException.class, () -> git.upstream("--all"));
            assertThrows(IllegalArgumentException.class, () -> git.remoteHead("-x"));
            assertThrows(IllegalArgumentException.class, () -> git.config("--list"));
            assertThrows(IllegalArgumentException.class, () -> git.refExists("main"));
        }
    }

    @Test
    void remotes_are_listed_by_name_with_their_fetch_and_push_urls() {
        Path origin = addBareRemote("origin");
        Path fork = addBareRemote("fork");
        repo.git("remote", "set-url", "--push", "fork", "https://example.com/push/fork.git");
        try (GitRepository git = open(repo.root())) {
            assertEquals(
                    List.of(
                            new Remote("fork", fork.toString(), "https://example.com/push/fork.git"),
                            new Remote("origin", origin.toString(), origin.toString())),
                    git.remotes());
        }
    }

    @Test
    void a_checkout_without_remotes_has_none() {
        try (GitRepository git = open(repo.root())) {
            assertEquals(List.of(), git.remotes());
            assertEquals(Optional.empty(), git.remoteHead("origin"));
        }
    }

    @Test
    void config_is_the_effective_value_local_over_global_and_the_last_of_several() throws IOException {
        Path global = dir.resolve("home/global.gitconfig");
        Files.writeString(global, "[user]\n\temail = personal@example.com\n[wb]\n\tonlyGlobal = yes\n");
        Map<String, String> env = env();
        env.put("GIT_CONFIG_GLOBAL", global.toString());
        try (GitRepository git = GitRepository.open(repo.root(), env, backend())) {
            assertEquals(Optional.of("personal@example.com"), git.config("user.email"));
        }
        repo.git("config", "user.email", "work@example.com");
        repo.git("config", "--add", "wb.several", "first");
        repo.git("config", "--add", "wb.several", "second");
        repo.git("config", "branch.feature/x.remote", "origin");
        try (GitRepository git = GitRepository.open(repo.root(), env, backend())) {
            assertEquals(Optional.of("work@example.com"), git.config("user.email"));
            assertEquals(Optional.of("yes"), git.config("wb.onlyGlobal"));
            assertEquals(Optional.of("second"), git.config("wb.several"));
            assertEquals(Optional.of("origin"), git.config("branch.feature/x.remote"), "a subsection with a slash");
            assertEquals(Optional.empty(), git.config("wb.unset"));
            assertEquals(Optional.empty(), git.config("nosection"));
        }
    }

    @Test
    void tracked_changes_count_staged_and_unstaged_edits_but_never_untracked_files() {
        repo.write("tracked.txt", "tracked\n");
        commitAll("tracked");
        assertEquals(false, trackedChanges(), "clean");
        repo.write("loose.txt", "untracked\n");
        repo.write("new-folder/loose.txt", "untracked\n");
        assertEquals(false, trackedChanges(), "untracked files only");
        repo.write("tracked.txt", "edited\n");
        assertEquals(true, trackedChanges(), "an unstaged edit");
        repo.git("add", "tracked.txt");
        assertEquals(true, trackedChanges(), "a staged edit");
        repo.git("commit", "-q", "-m", "edit");
        delete("tracked.txt");
        assertEquals(true, trackedChanges(), "a deleted tracked file");
        repo.git("checkout", "-q", "--", "tracked.txt");
        repo.git("add", "loose.txt");
        assertEquals(true, trackedChanges(), "a new file once staged is tracked");
    }

    @Test
    void untracked_files_inside_a_submodule_do_not_count_but_its_edits_do() {
        TempGitRepo sub = newRepo("sub");
        repo.git(
                "-c",
                "protocol.file.allow=always",
                "submodule",
                "add",
                "-q",
                sub.root().toString(),
                "modules/sub");
        commitAll("add the submodule");
        write(repo.resolve("modules/sub/untracked-inside.txt"), "new\n");
        assertEquals(false, trackedChanges());
        write(repo.resolve("modules/sub/README.md"), "edited inside\n");
        assertEquals(true, trackedChanges());
    }

    boolean trackedChanges() {
        try (GitRepository git = open(repo.root())) {
            return git.hasTrackedChanges();
        }
    }

    @Test
    void local_branches_are_sorted_names_without_remote_tracking_ones() {
        addBareRemote("origin");
        repo.git("push", "-q", "origin", "main");
        repo.git("branch", "zeta");
        repo.git("branch", "feature/a");
        repo.git("branch", "release/1.0");
        try (GitRepository git = open(repo.root())) {
            assertEquals(List.of("feature/a", "main", "release/1.0", "zeta"), git.localBranches());
        }
    }

    @Test
    void remote_head_is_the_default_branch_a_clone_recorded() {
        Path origin = addBareRemote("origin");
        repo.git("branch", "trunk");
        repo.git("push", "-q", "origin", "main", "trunk");
        TempGitRepo clone = TempGitRepo.cloneOf(origin, dir, "clone");
        try (GitRepository git = open(clone.root())) {
            assertEquals(Optional.of("main"), git.remoteHead("origin"));
            assertEquals(Optional.empty(), git.remoteHead("elsewhere"));
        }
        clone.git("remote", "set-head", "origin", "trunk");
        try (GitRepository git = open(clone.root())) {
            assertEquals(Optional.of("trunk"), git.remoteHead("origin"));
        }
        try (GitRepository git = open(repo.root())) {
            assertEquals(Optional.empty(), git.remoteHead("origin"), "a push does not record the remote's HEAD");
        }
    }

    @Test
    void commits_not_on_a_target_are_the_branch_work_oldest_first_without_merges() {
        repo.git("switch", "-q", "-c", "feature");
        repo.write("one.txt", "1\n");
        String one = commitAll("one");
        repo.git("switch", "-q", "-c", "side");
        repo.write("side.txt", "side\n");
        String side = commitAll("side");
        repo.git("switch", "-q", "feature");
        repo.write("two.txt", "2\n");
        String two = commitAll("two");
        repo.git("merge", "-q", "--no-ff", "-m", "merge side", "side");
        repo.write("three.txt", "3\n");
        String three = commitAll("three");
        try (GitRepository git = open(repo.root())) {
            List<String> commits = git.commitsNotOn("main");
            assertEquals(4, commits.size(), commits::toString);
            assertEquals(one, commits.get(0));
            assertEquals(Set.of(side, two), Set.copyOf(commits.subList(1, 3)));
            assertEquals(three, commits.get(3));
            assertEquals(List.of(), git.commitsNotOn("feature"));
            assertEquals(List.of(three), git.commitsNotOn(three + "~1"));
        }
    }

    @Test
    void commits_not_on_a_linear_branch_come_in_the_order_they_were_made() {
        repo.git("switch", "-q", "-c", "feature");
        List<String> made = new ArrayList<>();
        for (int i = 0; i < 5; i++) { // within one second: the order must not come from timestamps
            repo.write("f" + i + ".txt", i + "\n");
            made.add(commitAll("commit " + i));
        }
        try (GitRepository git = open(repo.root())) {
            assertEquals(made, git.commitsNotOn("main"));
        }
    }

    @Test
    void commits_not_on_an_unknown_target_is_an_error_naming_it_and_nothing_on_an_unborn_branch() {
        try (GitRepository git = open(repo.root())) {
            GitException error = assertThrows(GitException.class, () -> git.commitsNotOn("no-such-branch"));
            assertEquals("unknown revision: no-such-branch", error.getMessage());
        }
        repo.git("checkout", "-q", "--orphan", "fresh");
        try (GitRepository git = open(repo.root())) {
            assertEquals(List.of(), git.commitsNotOn("main"));
        }
    }

    @Test
    void ref_exists_for_branches_tags_and_remote_tracking_refs_by_full_name() {
        addBareRemote("origin");
        repo.git("push", "-q", "origin", "main");
        repo.git("tag", "v1");
        try (GitRepository git = open(repo.root())) {
            assertTrue(git.refExists("refs/heads/main"));
            assertTrue(git.refExists("refs/tags/v1"));
            assertTrue(git.refExists("refs/remotes/origin/main"));
            assertEquals(false, git.refExists("refs/heads/nope"));
            assertEquals(false, git.refExists("refs/heads/main~1"));
            assertEquals(false, git.refExists("refs/heads"));
        }
        repo.git("checkout", "-q", "--orphan", "fresh");
        try (GitRepository git = open(repo.root())) {
            assertEquals(false, git.refExists("refs/heads/fresh"), "an unborn branch has no ref yet");
        }
    }

    // --- read-only -------------------------------------------------------------------------------

    @Test
    void reads_never_write_to_the_repository() throws IOException {
        repo.write("tracked.txt", "tracked\n");
        String base = commitAll("tracked");
        addBareRemote("origin");
        repo.git("push", "-q", "-u", "origin", "main");
        // New timestamps on an unchanged file: a plain `git status` would now rewrite the index.
        Files.setLastModifiedTime(repo.resolve("tracked.txt"), FileTime.fromMillis(System.currentTimeMillis() + 5000));
        repo.write("loose.txt", "untracked\n");
        Map<String, String> before = snapshot(repo.resolve(".git"));

        try (GitRepository git = open(repo.root())) {
            git.head();
            git.resolveCommit("HEAD~1");
            git.changedPaths(WORKTREE, Optional.of(base));
            git.changedPaths(STAGED, Optional.of(base));
            git.blobAt(base, "tracked.txt", 100);
            git.currentBranch();
            git.upstream("main");
            git.remotes();
            git.config("user.email");
            git.hasTrackedChanges();
            git.localBranches();
            git.remoteHead("origin");
            git.commitsNotOn(base);
            git.refExists("refs/heads/main");
        }

        assertEquals(before, snapshot(repo.resolve(".git")));
    }

    /** Every file under {@code root} with its size and modification time. */
    static Map<String, String> snapshot(Path root) throws IOException {
        Map<String, String> files = new TreeMap<>();
        try (Stream<Path> walk = Files.walk(root)) {
            for (Path file : walk.toList()) {
                files.put(
                        root.relativize(file).toString(),
                        Files.size(file) + "@" + Files.getLastModifiedTime(file).toMillis());
            }
        }
        return files;
    }
}
