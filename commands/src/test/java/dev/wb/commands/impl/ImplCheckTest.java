package dev.wb.commands.impl;

import static dev.wb.commands.PlanFixture.plan;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.wb.commands.Session;
import dev.wb.commands.base.Failure;
import dev.wb.commands.base.Workspace;
import dev.wb.commands.impl.ScopeReport.Status;
import dev.wb.commands.sdd.SddAudit;
import dev.wb.engine.EventEnvelope;
import dev.wb.engine.StreamId;
import dev.wb.engine.TaskKey;
import dev.wb.engine.TestEvents;
import dev.wb.git.ChangeScope;
import dev.wb.projections.events.ScopeChecked;
import dev.wb.projections.events.audit.PlanAudited;
import dev.wb.testkit.TempGitRepo;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Optional;
import java.util.Set;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** {@code wb impl check} with three tasks in one checkout, on a real repository and log. */
class ImplCheckTest {

    static final TaskKey A = new TaskKey("ABC-1");
    static final TaskKey B = new TaskKey("ABC-2");
    static final TaskKey C = new TaskKey("ABC-3");

    @TempDir
    Path tmp;

    TempGitRepo repo;

    @BeforeEach
    void repository() {
        repo = TempGitRepo.create(tmp, "repo");
        for (String file : List.of("src/app.py", "src/shared.py", "lib/util.py", "lib/other.py", "src/auth/login.py")) {
            repo.write(file, "# " + file + "\nvalue = 1\n");
        }
        repo.git("add", ".");
        repo.git("commit", "-q", "-m", "code");
    }

    Session session() {
        return new Session(Workspace.require(repo.root()), System.getenv(), TestEvents.invocation());
    }

    SddAudit.Result audit(TaskKey key) {
        try (Session session = session()) {
            return SddAudit.run(session, key, false);
        }
    }

    ImplCheck.Result check(TaskKey key, ChangeScope scope, Optional<String> base) {
        try (Session session = session()) {
            return ImplCheck.run(session, new ImplCheck.Request(key, scope, base));
        }
    }

    ImplCheck.Result check(TaskKey key) {
        return check(key, ChangeScope.WORKTREE, Optional.empty());
    }

    static Status status(ImplCheck.Result result, String path) {
        return result.report().entries().stream()
                .filter(e -> e.path().equals(path))
                .findFirst()
                .orElseThrow()
                .status();
    }

    void auditedPlan(TaskKey key, String... files) {
        PlanFixtureFiles.write(repo, key, files);
        assertTrue(audit(key).passed(), "the plan of " + key + " passes its audit");
    }

    @Test
    void three_tasks_in_one_checkout_ok_pending_other_overlap_and_deviation() {
        auditedPlan(A, "src/app.py", "src/shared.py", "src/new.py");
        auditedPlan(B, "lib/util.py", "src/shared.py");
        repo.write("src/app.py", "# changed\nvalue = 1\n");
        repo.write("src/shared.py", "# changed\nvalue = 1\n");
        repo.write("lib/util.py", "# changed\nvalue = 1\n");
        repo.write("lib/stray.py", "x = 1\n");
        repo.write("src/auth/login.py", "# changed\nvalue = 1\n");

        ImplCheck.Result result = check(A);

        assertEquals(Status.OK, status(result, "src/app.py"));
        assertEquals(Status.PENDING, status(result, "src/new.py"));
        assertEquals(Status.OTHER, status(result, "lib/util.py"));
        assertEquals(
                List.of(Status.OK, Status.OVERLAP),
                result.report().entries().stream()
                        .filter(e -> e.path().equals("src/shared.py"))
                        .map(e -> e.status())
                        .toList(),
                "a changed path two plans claim is ok, and an overlap");
        assertEquals(Status.DEVIATION, status(result, "lib/stray.py"));
        assertEquals(Status.DEVIATION, status(result, "src/auth/login.py"));
        assertEquals(Set.of("auth"), result.report().deviationZones());
        assertEquals(ScopeChecked.TYPE.name(), result.event().type());
        assertEquals("deviation", result.event().payload().json().get("verdict").asText());
    }

    @Test
    void an_unaudited_or_failed_plan_claims_nothing() {
        auditedPlan(A, "src/app.py");
        plan(B.value())
                .cite("lib/util.py", 2, "value = 1")
                .file("lib/util.py", "edit")
                .writeTo(repo);
        plan(C.value())
                .cite("lib/other.py", 2, "no such quote")
                .file("lib/other.py", "edit")
                .writeTo(repo);
        assertFalse(audit(C).passed());
        repo.write("lib/util.py", "# changed\n");
        repo.write("lib/other.py", "# changed\n");

        ImplCheck.Result result = check(A);

        assertEquals(Status.DEVIATION, status(result, "lib/util.py"), "B was never audited");
        assertEquals(Status.DEVIATION, status(result, "lib/other.py"), "C's audit failed");
    }

    @Test
    void a_plan_edited_or_deleted_since_its_audit_claims_nothing() throws IOException {
        auditedPlan(A, "src/app.py");
        auditedPlan(B, "lib/util.py");
        auditedPlan(C, "lib/other.py");
        plan(B.value())
                .cite("lib/util.py", 2, "value = 1")
                .file("lib/util.py", "edit")
                .file("src/shared.py", "edit")
                .writeTo(repo);
        Files.delete(repo.resolve(".workflow/ABC-3/sdd.json"));
        repo.write("lib/util.py", "# changed\n");
        repo.write("lib/other.py", "# changed\n");

        ImplCheck.Result result = check(A);

        assertEquals(Status.DEVIATION, status(result, "lib/util.py"), "B's plan changed since its audit");
        assertEquals(Status.DEVIATION, status(result, "lib/other.py"), "C's plan is gone");
    }

    @Test
    void without_sdd_json_the_check_is_a_missing_artifact() {
        assertEquals(
                Failure.Kind.MISSING,
                assertThrows(Failure.class, () -> check(A)).kind());
    }

    @Test
    void generated_output_and_wb_files_are_excluded() {
        auditedPlan(A, "src/app.py");
        repo.write("src/__pycache__/app.cpython-312.pyc", "bytecode");
        repo.write("web/node_modules/x/index.js", "x");
        repo.write("src/build/gen.py", "x");
        repo.write("src/distance.py", "x = 1\n");

        ImplCheck.Result result = check(A);

        assertEquals(Status.DEVIATION, status(result, "src/distance.py"));
        assertTrue(
                result.report().entries().stream()
                        .noneMatch(e -> e.path().contains("pycache")
                                || e.path().contains("node_modules")
                                || e.path().startsWith("src/build/")
                                || e.path().startsWith(".workflow/")),
                result.report()::toString);
        assertTrue(result.report().excluded().size() >= 3);
    }

    @Test
    void staged_checks_the_index_only() {
        auditedPlan(A, "src/app.py");
        repo.write("src/app.py", "# staged\n");
        repo.git("add", "src/app.py");
        repo.write("lib/util.py", "# not staged\n");
        repo.write("lib/new.py", "untracked\n");

        ImplCheck.Result result = check(A, ChangeScope.STAGED, Optional.empty());

        assertFalse(result.report().deviates(), result.report()::toString);
        assertEquals(Status.OK, status(result, "src/app.py"));
        assertEquals("staged", result.event().payload().json().get("mode").asText());
    }

    @Test
    void base_sees_work_already_committed_on_the_branch() {
        repo.git("switch", "-q", "-c", "work");
        auditedPlan(A, "src/app.py");
        repo.write("lib/util.py", "# committed stray\n");
        repo.git("commit", "-q", "-am", "stray work");

        assertFalse(check(A).report().deviates(), "the working tree alone is clean");
        ImplCheck.Result withBase = check(A, ChangeScope.WORKTREE, Optional.of("main"));

        assertEquals(Status.DEVIATION, status(withBase, "lib/util.py"));
        assertEquals(repo.git("rev-parse", "main").trim(), withBase.baseCommit().orElseThrow());
    }

    @Test
    void an_unknown_base_is_a_usage_error() {
        auditedPlan(A, "src/app.py");

        Failure failure = assertThrows(Failure.class, () -> check(A, ChangeScope.WORKTREE, Optional.of("no-such-ref")));

        assertEquals(Failure.Kind.USAGE, failure.kind());
        assertTrue(failure.getMessage().contains("no-such-ref"));
    }

    @Test
    void each_check_is_an_event_of_the_task() {
        auditedPlan(A, "src/app.py");
        check(A);
        check(A);

        try (Session session = session()) {
            List<EventEnvelope> events = session.reader().read(StreamId.task(A));
            assertEquals(
                    List.of(PlanAudited.TYPE.name(), ScopeChecked.TYPE.name(), ScopeChecked.TYPE.name()),
                    events.stream().map(EventEnvelope::type).toList());
        }
    }

    /** Writes a plan claiming the files, its first file cited at line 2. */
    static final class PlanFixtureFiles {
        static void write(TempGitRepo repo, TaskKey key, String... files) {
            var plan = plan(key.value()).cite(files[0], 2, "value = 1");
            for (String file : files) {
                plan.file(file, repo.resolve(file).toFile().exists() ? "edit" : "add");
            }
            plan.writeTo(repo);
        }
    }
}
