package dev.wb.commands.impl;

import static dev.wb.commands.PlanFixture.plan;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.wb.commands.Session;
import dev.wb.commands.base.Workspace;
import dev.wb.commands.impl.ScopeReport.Status;
import dev.wb.commands.sdd.SddAudit;
import dev.wb.engine.TaskKey;
import dev.wb.engine.TestEvents;
import dev.wb.git.ChangeScope;
import dev.wb.projections.events.audit.CitationVerdict;
import dev.wb.testkit.TempGitRepo;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Optional;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** The audit and the scope check on the repositories people really have: SHA-256, worktrees, submodules. */
class ImplCheckRepositoriesTest {

    static final TaskKey KEY = new TaskKey("ABC-1");

    @TempDir
    Path tmp;

    static SddAudit.Result audit(Path root) {
        try (Session session = new Session(Workspace.require(root), System.getenv(), TestEvents.invocation())) {
            return SddAudit.run(session, KEY, false);
        }
    }

    static ImplCheck.Result check(Path root) {
        try (Session session = new Session(Workspace.require(root), System.getenv(), TestEvents.invocation())) {
            return ImplCheck.run(session, new ImplCheck.Request(KEY, ChangeScope.WORKTREE, Optional.empty()));
        }
    }

    static Status status(ImplCheck.Result result, String path) {
        return result.report().entries().stream()
                .filter(e -> e.path().equals(path))
                .findFirst()
                .orElseThrow()
                .status();
    }

    static void planApp(TempGitRepo repo) {
        repo.write("src/app.py", "# app\nvalue = 1\n");
        repo.git("add", ".");
        repo.git("commit", "-q", "-m", "app");
        plan(KEY.value())
                .cite("src/app.py", 2, "value = 1")
                .file("src/app.py", "edit")
                .writeTo(repo);
    }

    @Test
    void a_sha256_repository_is_audited_and_checked_including_baseline_reads() {
        TempGitRepo repo = TempGitRepo.create(tmp, "sha256", "--object-format=sha256");
        planApp(repo);

        SddAudit.Result first = audit(repo.root());
        assertTrue(first.passed(), first.report()::toString);
        assertEquals(64, first.head().orElseThrow().length(), "a SHA-256 commit id");
        repo.write("src/app.py", "# app\nvalue = 2\n");
        repo.git("commit", "-q", "-am", "changed");
        SddAudit.Result underWay = audit(repo.root());

        assertEquals(
                CitationVerdict.BASELINE,
                underWay.report().citations().get(0).verdict(),
                "the quote is read at the baseline commit of a SHA-256 repository");
        repo.write("stray.py", "x\n");
        assertEquals(Status.DEVIATION, status(check(repo.root()), "stray.py"));
    }

    @Test
    void a_linked_worktree_has_its_own_plans_and_checks() throws IOException {
        TempGitRepo main = TempGitRepo.create(tmp, "main");
        planApp(main);
        Path linked = tmp.resolve("linked");
        main.git("worktree", "add", "-q", "-b", "feature", linked.toString());
        plan(KEY.value())
                .cite("src/app.py", 2, "value = 1")
                .file("src/app.py", "edit")
                .writeTo(linked);
        assertTrue(audit(linked).passed());
        Files.writeString(linked.resolve("src/app.py"), "# app\nvalue = 3\n");

        ImplCheck.Result result = check(linked);

        assertEquals(Status.OK, status(result, "src/app.py"));
        assertFalse(result.report().deviates(), result.report()::toString);
    }

    @Test
    void a_submodule_is_one_path_and_does_not_break_the_check() throws IOException {
        TempGitRepo library = TempGitRepo.create(tmp, "library");
        TempGitRepo repo = TempGitRepo.create(tmp, "app");
        repo.git(
                "-c",
                "protocol.file.allow=always",
                "submodule",
                "add",
                "-q",
                library.root().toString(),
                "vendor/lib");
        repo.git("commit", "-q", "-m", "submodule");
        planApp(repo);
        assertTrue(audit(repo.root()).passed());
        Files.writeString(repo.resolve("vendor/lib/local.txt"), "changed inside the submodule\n");

        ImplCheck.Result result = check(repo.root());

        assertEquals(Status.DEVIATION, status(result, "vendor/lib"));
        assertTrue(
                result.report().entries().stream().noneMatch(e -> e.path().startsWith("vendor/lib/")),
                "never recurses into the submodule");
    }
}
