package dev.wb.commands.pr;

import static dev.wb.commands.PlanFixture.plan;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.wb.commands.EventService;
import dev.wb.commands.Session;
import dev.wb.commands.base.Failure;
import dev.wb.commands.base.Workspace;
import dev.wb.engine.StreamId;
import dev.wb.engine.TaskKey;
import dev.wb.engine.TestEvents;
import dev.wb.projections.events.Verdict;
import dev.wb.projections.events.verify.VerifyFinished;
import dev.wb.projections.events.verify.VerifyStarted;
import dev.wb.testkit.TempGitRepo;
import java.nio.file.Path;
import java.util.List;
import java.util.Optional;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** {@code wb pr context}: the branch, its commits and files, the plan and the verification the log holds. */
class PrContextTest {

    static final TaskKey KEY = TaskKey.parse("ABC-1").orElseThrow();

    @TempDir
    Path tmp;

    TempGitRepo repo;

    @BeforeEach
    void branch() {
        repo = TempGitRepo.create(tmp, "repo");
        repo.write("src/app.py", "value = 1\n");
        repo.commitAll("app");
        repo.git("switch", "-q", "-c", "task/ABC-1");
        repo.write("src/billing/charge.py", "charge = 1\n");
        repo.commitAll("feat: charge the card");
        repo.write("src/app.py", "value = 2\n");
        repo.commitAll("fix: the value");
    }

    Session session() {
        return new Session(Workspace.require(repo.root()), System.getenv(), TestEvents.invocation());
    }

    PrContext.Result context(Optional<String> base) {
        try (Session session = session()) {
            return PrContext.of(session, KEY, base);
        }
    }

    @Test
    void the_branch_its_commits_and_changed_files_are_read_against_main() {
        repo.write(".workflow/ABC-1/notes.txt", "wb's own files are not the change\n");

        PrContext.Result result = context(Optional.empty());

        assertEquals(Optional.of("task/ABC-1"), result.branch());
        assertEquals("main", result.base());
        assertEquals(
                List.of("feat: charge the card", "fix: the value"),
                result.commits().stream().map(c -> c.subject()).toList());
        assertEquals(List.of("src/app.py", "src/billing/charge.py"), result.changed());
        assertEquals(List.of("billing"), result.zones());
        assertEquals(Shape.TRIVIAL, result.shape());
        assertEquals(List.of("plan", "verification"), result.missing());
    }

    @Test
    void the_plan_summary_and_the_latest_verify_run_come_from_the_plan_and_the_log() {
        plan("ABC-1").file("src/app.py", "edit").set("objective", "round once").writeTo(repo);
        try (Session session = session()) {
            new EventService(session)
                    .record(
                            StreamId.task(KEY),
                            List.of(
                                    new VerifyStarted(
                                            "sha256:" + "ab".repeat(32),
                                            60,
                                            List.of(),
                                            List.of(new VerifyStarted.Refused(0, "curl example.com", "network")),
                                            List.of(),
                                            List.of(),
                                            Optional.empty(),
                                            Optional.empty(),
                                            Optional.empty()),
                                    new VerifyFinished(Verdict.FAIL, 0, 0, 0, 1, 0, 5)));
        }

        PrContext.Result result = context(Optional.empty());

        assertEquals("round once", result.plan().orElseThrow().objective());
        assertEquals(List.of("src/app.py"), result.plan().orElseThrow().files());
        PrContext.Verification verification = result.verification().orElseThrow();
        assertEquals("fail", verification.verdict());
        assertEquals(List.of("curl example.com"), verification.refused());
        assertEquals(List.of(), result.missing());
    }

    @Test
    void a_base_that_names_no_commit_is_a_usage_error_and_the_base_branch_itself_is_noted() {
        Failure failure = assertThrows(Failure.class, () -> context(Optional.of("nope")));
        assertEquals(Failure.Kind.USAGE, failure.kind());

        repo.git("switch", "-q", "main");
        PrContext.Result onMain = context(Optional.empty());
        assertTrue(onMain.onBase());
        assertEquals(List.of(), onMain.commits());
    }
}
