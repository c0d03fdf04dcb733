package dev.wb.commands.gitflow;

import static dev.wb.commands.PlanFixture.plan;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import dev.wb.commands.Session;
import dev.wb.commands.base.Failure;
import dev.wb.commands.base.Workspace;
import dev.wb.commands.sdd.SddAudit;
import dev.wb.engine.EventEnvelope;
import dev.wb.engine.StreamId;
import dev.wb.engine.TaskKey;
import dev.wb.engine.TestEvents;
import dev.wb.engine.json.CanonicalJson;
import dev.wb.gitrun.PreconditionCheck;
import dev.wb.gitrun.StepOutcome;
import dev.wb.projections.events.GitSeriesFinished;
import dev.wb.projections.events.GitStepRan;
import dev.wb.testkit.TempGitRepo;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.function.Function;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** {@code wb git start|commit|push|carry} against real repositories with a bare remote on disk. */
class GitFlowTest {

    static final TaskKey KEY = new TaskKey("ABC-1");

    @TempDir
    Path tmp;

    TempGitRepo repo;
    Map<String, String> env;

    @BeforeEach
    void repository() {
        Path remote = TempGitRepo.createBare(tmp, "remote.git");
        repo = TempGitRepo.create(tmp, "repo");
        repo.write("src/app.py", "value = 1\n");
        repo.commitAll("app");
        repo.git("remote", "add", "origin", remote.toString());
        repo.git("push", "-q", "-u", "origin", "main");
        env = new HashMap<>(System.getenv());
        env.putAll(TempGitRepo.gitEnvironment());
    }

    Session session() {
        return new Session(Workspace.require(repo.root()), System.getenv(), TestEvents.invocation());
    }

    void auditedPlan() {
        plan(KEY.value())
                .cite("src/app.py", 1, "value = 1")
                .file("src/app.py", "edit")
                .writeTo(repo);
        try (Session session = session()) {
            assertTrue(SddAudit.run(session, KEY, false).passed());
        }
    }

    GitFlow.Executed execute(Function<Session, GitFlow.Planned> plan) {
        try (Session session = session()) {
            return GitFlow.execute(session, plan.apply(session), env);
        }
    }

    @Test
    void start_commit_and_push_a_task_end_to_end_and_every_step_is_recorded() throws IOException {
        auditedPlan();
        assertTrue(execute(s -> GitFlow.start(s, KEY)).result().completed());
        assertEquals("task/ABC-1", repo.git("branch", "--show-current").trim());
        repo.write("src/app.py", "value = 2\n");
        repo.git("add", "src/app.py");
        repo.write(".workflow/ABC-1/commit.txt", "Round the value\n\nBecause the plan says so.\n");

        assertTrue(execute(s -> GitFlow.commit(s, KEY)).result().completed());
        GitFlow.Executed pushed = execute(GitFlow::push);

        assertTrue(pushed.result().completed(), pushed.result()::toString);
        assertEquals("Round the value", repo.git("log", "-1", "--format=%s").trim());
        assertEquals(
                "origin/task/ABC-1",
                repo.git("rev-parse", "--abbrev-ref", "@{upstream}").trim());
        try (Session session = session()) {
            List<String> types = session.reader().read(StreamId.task(KEY)).stream()
                    .map(EventEnvelope::type)
                    .filter(t -> t.startsWith("git."))
                    .toList();
            assertEquals(
                    List.of(
                            GitStepRan.TYPE.name(),
                            GitStepRan.TYPE.name(),
                            GitSeriesFinished.TYPE.name(),
                            GitStepRan.TYPE.name(),
                            GitSeriesFinished.TYPE.name(),
                            GitStepRan.TYPE.name(),
                            GitSeriesFinished.TYPE.name()),
                    types,
                    "push of task/ABC-1 is recorded in ABC-1's stream");
        }
        JsonNode log = CanonicalJson.parse(Files.readAllBytes(repo.resolve(".workflow/ABC-1/git.log.json")));
        assertEquals(3, log.size(), "one run a series, as the original's git.log.json lists them");
        assertEquals(
                List.of(2, 1, 1),
                List.of(
                        log.get(0).get("steps").size(),
                        log.get(1).get("steps").size(),
                        log.get(2).get("steps").size()));
    }

    @Test
    void the_original_workbench_flow_protects_its_validation_branch() {
        auditedPlan();
        repo.git("switch", "-q", "-c", "homolog");
        repo.write("src/app.py", "value = 2\n");
        repo.git("add", "src/app.py");
        repo.write(".workflow/ABC-1/commit.txt", "On homolog\n");
        try (Session session = session()) {
            List<PreconditionCheck.Reading> now = GitFlow.preconditionsNow(session, GitFlow.commit(session, KEY), env)
                    .get(0);
            assertFalse(now.isEmpty());
            assertTrue(
                    now.stream().allMatch(PreconditionCheck.Reading::holds),
                    "without the flow, homolog is not protected: " + now);
        }
        try (Session session = session()) {
            repo.write(".workflow/config.json", "{\"flow\": {\"source\": \"main\", \"validation\": [\"homolog\"]}}\n");
            assertFalse(GitFlow.preconditionsNow(session, GitFlow.commit(session, KEY), env)
                    .get(0)
                    .get(0)
                    .holds());
        }
        String before = repo.git("rev-parse", "HEAD");

        GitFlow.Executed refused = execute(s -> GitFlow.commit(s, KEY));

        assertEquals(
                StepOutcome.Status.REFUSED,
                refused.result().failed().orElseThrow().status());
        assertTrue(refused.result().failed().get().refusal().contains("homolog"), refused.result()::toString);
        assertEquals(before, repo.git("rev-parse", "HEAD"), "nothing was committed on the validation branch");
    }

    @Test
    void the_commit_author_is_the_git_identity_of_the_original_workbench_context() throws IOException {
        Path home = tmp.resolve("wbhome");
        Files.createDirectories(home.resolve("contexts"));
        Files.writeString(
                home.resolve("contexts/work.json"),
                "{\"git\": {\"name\": \"Work Me\"," + " \"email\": \"me@acme.com\"}}\n");
        env.put("WORKBENCH_HOME", home.toString());
        auditedPlan();
        execute(s -> GitFlow.start(s, KEY));
        repo.write(".workflow/config.json", "{\"context\": \"work\"}\n");
        repo.write("src/app.py", "value = 2\n");
        repo.git("add", "src/app.py");
        repo.write(".workflow/ABC-1/commit.txt", "Round the value\n");

        GitFlow.Executed committed = execute(s -> GitFlow.commit(s, KEY, env));

        assertTrue(committed.result().completed(), committed.result()::toString);
        assertEquals(
                "Work Me <me@acme.com>",
                repo.git("log", "-1", "--format=%an <%ae>").trim());
    }

    @Test
    void a_published_branch_is_never_pushed_again() {
        auditedPlan();
        execute(s -> GitFlow.start(s, KEY));
        execute(GitFlow::push);

        GitFlow.Executed again = execute(GitFlow::push);

        assertEquals(
                StepOutcome.Status.REFUSED,
                again.result().failed().orElseThrow().status());
        assertTrue(again.result().failed().get().refusal().startsWith("no-upstream"), again.result()::toString);
    }

    @Test
    void a_commit_on_a_protected_branch_is_refused_and_nothing_runs() {
        auditedPlan();
        repo.write("src/app.py", "value = 2\n");
        repo.git("add", "src/app.py");
        repo.write(".workflow/ABC-1/commit.txt", "On main\n");
        String before = repo.git("rev-parse", "HEAD");

        GitFlow.Executed refused = execute(s -> GitFlow.commit(s, KEY));

        assertEquals(
                StepOutcome.Status.REFUSED,
                refused.result().failed().orElseThrow().status());
        assertEquals(before, repo.git("rev-parse", "HEAD"), "nothing was committed on main");
        assertEquals(1, refused.result().notRun().size(), "the refused step is listed as not run");
    }

    @Test
    void a_dirty_tracked_file_refuses_start_but_an_untracked_one_does_not() {
        repo.write("notes.txt", "untracked\n");
        assertTrue(execute(s -> GitFlow.start(s, KEY)).result().completed(), "untracked files do not count");
        repo.git("switch", "-q", "main");
        repo.write("src/app.py", "value = 3\n");

        GitFlow.Executed dirty = execute(s -> GitFlow.start(s, new TaskKey("ABC-2")));

        assertTrue(dirty.result().failed().orElseThrow().refusal().startsWith("clean-tree"), dirty.result()::toString);
    }

    @Test
    void commit_needs_an_open_gate_and_a_message() {
        Failure noPlan = assertThrows(Failure.class, () -> execute(s -> GitFlow.commit(s, KEY)));
        assertEquals(Failure.Kind.MISSING, noPlan.kind(), "no sdd.json");
        auditedPlan();
        Failure noMessage = assertThrows(Failure.class, () -> execute(s -> GitFlow.commit(s, KEY)));
        assertEquals(Failure.Kind.MISSING, noMessage.kind());
        assertTrue(noMessage.getMessage().contains("commit.txt"));
        plan(KEY.value())
                .cite("src/app.py", 1, "value = 1")
                .file("src/app.py", "edit")
                .file("x.py", "add")
                .writeTo(repo);
        repo.write(".workflow/ABC-1/commit.txt", "x\n");
        Failure changed = assertThrows(Failure.class, () -> execute(s -> GitFlow.commit(s, KEY)));
        assertEquals("the plan for ABC-1 changed since its audit", changed.getMessage());
    }

    @Test
    void execution_switched_off_fails_loudly() {
        env.put("WB_NO_EXECUTE", "1");
        Failure byEnv = assertThrows(Failure.class, () -> execute(s -> GitFlow.start(s, KEY)));
        env.remove("WB_NO_EXECUTE");
        repo.write(".workflow/config.json", "{\"execute\": false}");
        Failure byConfig = assertThrows(Failure.class, () -> execute(s -> GitFlow.start(s, KEY)));

        assertEquals(Failure.Kind.USAGE, byEnv.kind());
        assertTrue(byEnv.getMessage().contains("WB_NO_EXECUTE=1"));
        assertTrue(byConfig.getMessage().contains("\"execute\": false"));
        assertEquals("main", repo.git("branch", "--show-current").trim(), "nothing ran");
    }

    @Test
    void carry_cherry_picks_the_tasks_commits_oldest_first_and_a_conflict_stops_the_rest() {
        repo.git("switch", "-q", "-c", "release");
        repo.write("src/app.py", "value = 100\n");
        repo.commitAll("release moves on");
        repo.git("switch", "-q", "main");
        repo.git("switch", "-q", "-c", "task/ABC-1");
        repo.write("src/other.py", "other = 1\n");
        repo.commitAll("first: other");
        repo.write("src/app.py", "value = 2\n");
        repo.commitAll("second: conflicts with release");
        repo.write("src/third.py", "third = 1\n");
        repo.commitAll("third");
        plan(KEY.value())
                .cite("src/other.py", 1, "other = 1")
                .file("src/app.py", "edit")
                .writeTo(repo);
        try (Session session = session()) {
            assertTrue(SddAudit.run(session, KEY, false).passed());
        }

        GitFlow.Executed carried = execute(s -> GitFlow.carry(s, KEY, "release"));

        assertEquals(4, carried.planned().steps().size(), "switch -c, then three cherry-picks");
        assertTrue(
                carried.planned()
                        .steps()
                        .get(1)
                        .argv()
                        .contains(repo.git("rev-parse", "task/ABC-1~2").trim()),
                () -> "oldest first: " + carried.planned().steps());
        assertEquals(
                StepOutcome.Status.FAILED,
                carried.result().failed().orElseThrow().status());
        assertEquals(2, carried.result().ran().size(), "the branch was cut and the first commit carried");
        assertEquals(2, carried.result().notRun().size(), "the conflicting pick and the rest did not run");
        assertFalse(Files.exists(repo.resolve("src/third.py")), "the third commit was never applied");
    }
}
