package dev.wb.commands.status;

import static dev.wb.commands.PlanFixture.plan;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.wb.commands.PlanFixture;
import dev.wb.commands.Session;
import dev.wb.commands.base.Failure;
import dev.wb.commands.base.Workspace;
import dev.wb.commands.impl.ImplCheck;
import dev.wb.commands.sdd.SddAudit;
import dev.wb.commands.status.StatusQuery.StreamStatus;
import dev.wb.commands.status.StatusQuery.WorkspaceStatus;
import dev.wb.commands.status.WorkspaceStats.CommandStats;
import dev.wb.commands.verify.ImplVerify;
import dev.wb.engine.ExpectedVersion;
import dev.wb.engine.NewEvent;
import dev.wb.engine.StreamId;
import dev.wb.engine.TaskKey;
import dev.wb.engine.TestEvents;
import dev.wb.engine.json.CanonicalJson;
import dev.wb.git.ChangeScope;
import dev.wb.projections.events.GitSeriesFinished;
import dev.wb.projections.events.GitStepRan;
import dev.wb.projections.status.StageCounters.GitSteps;
import dev.wb.testkit.TempGitRepo;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** {@code wb status} on a real repository and log, the history made by the real commands. */
class StatusQueryTest {

    static final TaskKey A = new TaskKey("ABC-1");
    static final TaskKey B = new TaskKey("ABC-2");

    /** {@code flaky} fails until the file {@code fixed} exists. */
    static final String MAKEFILE = """
            ok:
            \t@echo all good
            flaky:
            \t@test -f fixed
            """;

    @TempDir
    Path tmp;

    TempGitRepo repo;

    @BeforeEach
    void repository() {
        repo = TempGitRepo.create(tmp, "repo");
        repo.write("Makefile", MAKEFILE);
        repo.write("src/app.py", "# app\nvalue = 1\n");
        repo.write(".gitignore", "fixed\n");
        repo.git("add", ".");
        repo.git("commit", "-q", "-m", "app");
    }

    Session session() {
        return new Session(Workspace.require(repo.root()), System.getenv(), TestEvents.invocation());
    }

    PlanFixture planOf(TaskKey key, String... verify) {
        PlanFixture plan = plan(key.value()).cite("src/app.py", 2, "value = 1").file("src/app.py", "edit");
        ArrayNode commands = plan.json().putArray("verify");
        for (String command : verify) {
            commands.add(command);
        }
        return plan.writeTo(repo);
    }

    void audit(TaskKey key) {
        try (Session session = session()) {
            SddAudit.run(session, key, false);
        }
    }

    void check(TaskKey key) {
        try (Session session = session()) {
            ImplCheck.run(session, new ImplCheck.Request(key, ChangeScope.WORKTREE, Optional.empty()));
        }
    }

    void verify(TaskKey key) {
        try (Session session = session()) {
            ImplVerify.run(session, key, System.getenv(), ImplVerify.Progress.NONE);
        }
    }

    /** What {@code wb git commit KEY --execute} records: its one step, then the series' end. */
    void committed(StreamId stream, String status) {
        ObjectNode step = CanonicalJson.objectNode()
                .put("series", "commit")
                .put("index", 0)
                .put("status", status)
                .put("exitCode", status.equals("ok") ? 0 : 1)
                .put("output", "")
                .put("durationMs", 12);
        step.putArray("argv").add("commit").add("-F").add(".workflow/ABC-1/commit.txt");
        ObjectNode series = CanonicalJson.objectNode()
                .put("series", "commit")
                .put("status", status)
                .put("ran", 1);
        series.putArray("notRun");
        try (Session session = session()) {
            session.log()
                    .append(
                            stream,
                            ExpectedVersion.any(),
                            List.of(
                                    new NewEvent(GitStepRan.TYPE.name(), 1, step),
                                    new NewEvent(GitSeriesFinished.TYPE.name(), 1, series)),
                            session.invocation());
        }
    }

    WorkspaceStatus all() {
        try (Session session = session()) {
            return new StatusQuery(session).all();
        }
    }

    TaskStatus task(TaskKey key) {
        return all().streams().stream()
                .filter(s -> s.stream().name().equals(key.value()))
                .findFirst()
                .flatMap(StreamStatus::task)
                .orElseThrow();
    }

    @Test
    void a_task_is_followed_through_its_stages_to_the_end() {
        planOf(A, "make -s ok");
        assertEquals(Optional.of("wb sdd audit ABC-1"), task(A).next(), "a plan with no history yet is listed");

        audit(A);
        assertEquals(Optional.of("wb impl check ABC-1"), task(A).next());

        check(A);
        assertEquals(Optional.of("wb impl verify ABC-1"), task(A).next());

        verify(A);
        assertEquals(Optional.of("wb commit check ABC-1"), task(A).next());

        committed(StreamId.task(A), "ok");
        assertEquals(Mark.OK, task(A).stage(Stage.COMMIT).mark(), "wb git commit made the commit");
        assertEquals(Optional.of("wb pr context ABC-1"), task(A).next());
        assertEquals(Mark.NOT_APPLICABLE, task(A).stage(Stage.HANDOVER).mark());
    }

    @Test
    void editing_the_plan_after_its_audit_sends_the_task_back_to_its_audit() throws IOException {
        planOf(A, "make -s ok");
        audit(A);
        check(A);

        planOf(A, "make -s ok", "make -s ok");

        TaskStatus status = task(A);
        assertEquals(Mark.PENDING, status.stage(Stage.AUDIT).mark());
        assertEquals(
                "sdd.json changed since its audit", status.stage(Stage.AUDIT).detail());
        assertEquals(Optional.of("wb sdd audit ABC-1"), status.next());
    }

    @Test
    void re_indenting_the_plan_is_no_change_of_plan() throws IOException {
        planOf(A, "make -s ok");
        audit(A);
        Path file = repo.resolve(".workflow/ABC-1/sdd.json");
        Files.writeString(file, Files.readString(file).replace("\n", "\n    "));

        assertEquals(Mark.OK, task(A).stage(Stage.AUDIT).mark());
    }

    @Test
    void stats_add_up_runs_failures_fail_then_pass_refusals_citations_and_git_steps_over_the_whole_log()
            throws IOException {
        planOf(A, "make -s flaky", "make -s ok", "curl http://example.com");
        audit(A);
        verify(A);
        Files.writeString(repo.resolve("fixed"), "");
        verify(A);
        planOf(B, "make -s ok");
        audit(B);
        verify(B);
        committed(StreamId.task(B), "failed");
        committed(StreamId.workspace(), "ok");

        WorkspaceStats stats = all().stats();

        CommandStats flaky = stats.commands().stream()
                .filter(c -> c.command().equals("make -s flaky"))
                .findFirst()
                .orElseThrow();
        assertEquals(List.of(2L, 1L, 1L), List.of(flaky.runs(), flaky.failures(), flaky.failsThenPasses()));
        assertEquals("make -s ok", stats.commands().get(0).command(), "three runs: the most run comes first");
        assertEquals(3, stats.commands().get(0).runs());
        assertEquals("make -s flaky", stats.mostFailsThenPasses().orElseThrow().command());
        assertEquals(Map.of("ok", 2L), stats.citations());
        assertEquals(2, stats.refusedCommands().get("curl http://example.com").count());
        assertEquals(new GitSteps(1, 1, 0), stats.gitSteps(), "the workspace stream's git push steps count too");
        assertEquals(1, stats.failing().get(Stage.VERIFY), "a failed stage holds a task up before a pending one");
        assertEquals(1, stats.failing().get(Stage.GIT));
        assertEquals(Mark.PENDING, task(A).stage(Stage.SCOPE).mark(), "neither task was scope-checked");
        assertEquals(Mark.FAIL, task(A).stage(Stage.VERIFY).mark(), "ABC-1 still refuses curl, so it cannot pass");
        assertEquals(Mark.FAIL, task(B).stage(Stage.GIT).mark());
    }

    @Test
    void a_status_from_the_checkpoint_equals_one_rebuilt_from_the_log() throws IOException {
        planOf(A, "make -s ok");
        audit(A);
        verify(A);
        WorkspaceStatus first = all();
        assertTrue(Files.isRegularFile(repo.resolve(".workflow/local/checkpoints/stages.json")));

        WorkspaceStatus fromCheckpoint = all();
        deleteCheckpoints();
        WorkspaceStatus rebuilt = all();

        assertEquals(first, fromCheckpoint);
        assertEquals(first, rebuilt);
    }

    @Test
    void both_projections_rebuilt_in_one_pass_equal_each_rebuilt_on_its_own() throws IOException {
        planOf(A, "make -s ok");
        audit(A);
        verify(A);
        committed(StreamId.workspace(), "ok");
        WorkspaceStatus together = all();
        Path checkpoints = repo.resolve(".workflow/local/checkpoints");

        Files.delete(checkpoints.resolve("stages.json"));
        WorkspaceStatus stagesAlone = all();
        Files.delete(checkpoints.resolve("activity.json"));
        WorkspaceStatus activityAlone = all();

        assertEquals(together, stagesAlone);
        assertEquals(together, activityAlone);
    }

    @Test
    void one_task_with_a_plan_but_no_history_shows_its_stages_and_one_with_neither_is_missing() {
        planOf(A, "make -s ok");

        try (Session session = session()) {
            StatusQuery query = new StatusQuery(session);
            assertEquals(
                    Optional.of("wb sdd audit ABC-1"),
                    query.one(StreamId.task(A)).task().orElseThrow().next());
            Failure missing = assertThrows(Failure.class, () -> query.one(StreamId.task(B)));
            assertEquals(Failure.Kind.MISSING, missing.kind());
        }
    }

    void deleteCheckpoints() throws IOException {
        try (var files = Files.list(repo.resolve(".workflow/local/checkpoints"))) {
            for (Path file : files.toList()) {
                Files.delete(file);
            }
        }
    }
}
