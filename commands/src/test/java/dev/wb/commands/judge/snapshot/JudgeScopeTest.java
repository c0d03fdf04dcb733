package dev.wb.commands.judge.snapshot;

import static dev.wb.commands.judge.snapshot.JudgeFixture.TASK;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.wb.commands.base.Failure;
import dev.wb.engine.TaskKey;
import java.nio.file.Path;
import java.util.List;
import java.util.Optional;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** {@code wb judge scope}: the exact boundary, on real repositories. */
class JudgeScopeTest {

    @TempDir
    Path tmp;

    JudgeFixture fx;

    @BeforeEach
    void repository() {
        fx = JudgeFixture.create(tmp).capsule(TASK, "true\n");
        fx.repo.write("src/App.java", "class App { int x; }\n");
        fx.repo.write("src/New.java", "class New {}\n");
    }

    @Test
    void the_base_is_the_full_commit_id_and_the_ref_as_typed_is_kept_apart() {
        ScopeBlock scope = fx.scope("main", new Candidate.Worktree());

        assertEquals(fx.base, scope.base());
        assertEquals(40, scope.base().length());
        assertEquals(Optional.of("main"), scope.baseRef());
        assertEquals("WORKTREE", scope.candidate());
        assertTrue(
                scope.changedFiles().containsAll(List.of("src/App.java", "src/New.java", ".workflow/TASK-1/task.md")),
                scope.changedFiles().toString());
        assertTrue(scope.scopeDigest().matches("sha256:[0-9a-f]{64}"));
        assertFalse(scope.emptyBoundaryAuthorized());
    }

    @Test
    void equivalent_refs_give_the_same_identity() {
        fx.repo.git("tag", "v1");
        String byBranch = fx.scope("main", new Candidate.Worktree()).scopeDigest();
        String byTag = fx.scope("v1", new Candidate.Worktree()).scopeDigest();
        String byId = fx.scope(fx.base, new Candidate.Worktree()).scopeDigest();

        assertEquals(byBranch, byTag);
        assertEquals(byBranch, byId);
    }

    @Test
    void a_content_change_moves_the_change_and_scope_digests() {
        ScopeBlock before = fx.scope("main", new Candidate.Worktree());
        fx.repo.write("src/New.java", "class New { }\n");
        ScopeBlock after = fx.scope("main", new Candidate.Worktree());

        assertEquals(before.changedFiles(), after.changedFiles());
        assertNotEquals(before.changeDigest(), after.changeDigest());
        assertNotEquals(before.scopeDigest(), after.scopeDigest());
    }

    @Test
    void a_capsule_edit_moves_the_task_digest() {
        String before = fx.scope("main", new Candidate.Worktree()).taskDigest();
        fx.repo.write(".workflow/TASK-1/plan.md", "# Plan, revised\n");

        assertNotEquals(before, fx.scope("main", new Candidate.Worktree()).taskDigest());
    }

    @Test
    void a_missing_capsule_document_is_named() {
        fx.repo.resolve(".workflow/TASK-1/review-checklist.md").toFile().delete();

        Failure failure = assertThrows(Failure.class, () -> fx.scope("main", new Candidate.Worktree()));

        assertEquals(Failure.Kind.MISSING, failure.kind());
        assertTrue(failure.getMessage().contains(".workflow/TASK-1/review-checklist.md"), failure.getMessage());
    }

    @Test
    void an_unknown_base_fails_before_anything_else() {
        Failure failure = assertThrows(Failure.class, () -> fx.scope("no-such-branch", new Candidate.Worktree()));

        assertEquals(Failure.Kind.USAGE, failure.kind());
        assertTrue(failure.getMessage().contains("no-such-branch"));
    }

    @Test
    void changes_inside_another_tasks_capsule_fail_closed_naming_the_task_and_paths() {
        fx.capsule(new TaskKey("TASK-2"), "true\n");

        Failure failure = assertThrows(Failure.class, () -> fx.scope("main", new Candidate.Worktree()));

        assertTrue(failure.getMessage().contains("TASK-2"), failure.getMessage());
        assertTrue(failure.getMessage().contains(".workflow/TASK-2/plan.md"), failure.getMessage());
        assertTrue(
                failure.fixes().contains("include it deliberately: --include-task TASK-2"),
                failure.fixes().toString());
    }

    @Test
    void an_included_task_is_recorded_and_bound_into_the_scope_digest() {
        fx.capsule(new TaskKey("TASK-2"), "true\n");

        ScopeBlock scope = fx.scope("main", new Candidate.Worktree(), new TaskKey("TASK-2"));

        assertEquals(List.of("TASK-2"), scope.includedTaskIds());
        ScopeBlock without = new ScopeBlock(
                scope.schemaVersion(),
                scope.cliVersion(),
                scope.taskId(),
                scope.base(),
                scope.baseRef(),
                scope.candidate(),
                scope.baseCommit(),
                scope.candidateCommit(),
                scope.changedFiles(),
                false,
                scope.excludedPaths(),
                List.of(),
                scope.taskDigest(),
                scope.changeDigest());
        assertNotEquals(without.scopeDigest(), scope.scopeDigest());
    }

    @Test
    void blocked_tracked_and_untracked_paths_are_listed_by_name_and_never_in_the_change() {
        fx.repo.write("config/.env.prod", "TOKEN=1\n");
        fx.repo.git("add", "config/.env.prod");
        fx.repo.git("commit", "-q", "-m", "tracked secret");
        fx.repo.write("config/.env.prod", "TOKEN=2\n");
        fx.repo.write(".env.example", "TOKEN=\n");
        fx.repo.write(".workflow/policy.json", "{\"blockedReadPatterns\": [\".env*\"]}\n");

        ScopeBlock scope = fx.scope("main", new Candidate.Worktree());

        assertEquals(List.of(".env.example", "config/.env.prod"), scope.excludedPaths());
        assertFalse(scope.changedFiles().contains(".env.example"));
        assertFalse(scope.changedFiles().contains("config/.env.prod"));
    }

    @Test
    void an_unusable_policy_fails_closed() {
        fx.repo.write(".workflow/policy.json", "{\"blockedReadPatterns\": \".env\"}\n");

        Failure failure = assertThrows(Failure.class, () -> fx.scope("main", new Candidate.Worktree()));

        assertEquals(Failure.Kind.CONFIG, failure.kind());
        assertTrue(failure.getMessage().contains("policy.json"));
    }

    @Test
    void a_commit_candidate_is_compared_commit_to_commit() {
        String candidate = fx.repo.commitAll("the change");
        fx.repo.write("src/Later.java", "class Later {}\n");

        ScopeBlock scope = fx.scope("main~1", new Candidate.Commit("HEAD"));

        assertEquals("HEAD", scope.candidate(), "the candidate as typed, as the judge keeps it");
        assertEquals(candidate, scope.candidateCommit());
        assertFalse(scope.changedFiles().contains("src/Later.java"));
        assertTrue(scope.changedFiles().contains("src/New.java"));
    }

    @Test
    void a_sha256_repository_gives_a_64_digit_base() {
        JudgeFixture sha256 =
                JudgeFixture.create(tmp.resolve("s"), "--object-format=sha256").capsule(TASK, "true\n");

        ScopeBlock scope = sha256.scope("HEAD", new Candidate.Worktree());

        assertEquals(64, scope.base().length());
    }
}
