package dev.wb.commands.sdd;

import static dev.wb.commands.PlanFixture.plan;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.node.ArrayNode;
import dev.wb.commands.PlanFixture;
import dev.wb.commands.Session;
import dev.wb.commands.base.Workspace;
import dev.wb.commands.sdd.AuditReport.CitationFinding;
import dev.wb.commands.sdd.AuditReport.FileFinding;
import dev.wb.engine.TaskKey;
import dev.wb.engine.TestEvents;
import dev.wb.projections.events.PlannedFile;
import dev.wb.projections.events.audit.AuditMode;
import dev.wb.projections.events.audit.CitationVerdict;
import dev.wb.projections.events.audit.FileCheckVerdict;
import dev.wb.testkit.TempGitRepo;
import java.nio.file.Path;
import java.util.List;
import java.util.Optional;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Where a plan's verdicts are the original's, and where wb's differ on purpose (docs/PLAN.md, "Where wb
 * departs from the original"): gone files under way, a cited line past the end, Windows-style paths.
 */
class OriginalsVerdictsTest {

    static final TaskKey KEY = new TaskKey("ABC-7");

    static final String APP = "import math\n\ndef total(a, b):\n    return a + b\n";

    @TempDir
    Path tmp;

    TempGitRepo repo;

    @BeforeEach
    void repository() {
        repo = TempGitRepo.create(tmp, "repo");
        repo.write("src/app.py", APP);
        repo.write("src/old.py", "old = 1\n");
        repo.write("src/moving.py", "moving = 1\n");
        repo.git("add", ".");
        repo.git("commit", "-q", "-m", "app");
    }

    SddAudit.Result audit(PlanFixture plan) {
        plan.writeTo(repo);
        try (Session session = new Session(Workspace.require(repo.root()), System.getenv(), TestEvents.invocation())) {
            return SddAudit.run(session, KEY, false);
        }
    }

    static PlanFixture threeFiles() {
        return plan("ABC-7")
                .cite("src/app.py", 4, "return a + b")
                .file("src/app.py", "edit")
                .file("src/old.py", "delete")
                .file("src/moving.py", "rename");
    }

    static String verdict(SddAudit.Result result, int file) {
        return result.report().files().get(file).verdict().wireName();
    }

    @Test
    void a_planned_edit_deleted_under_way_is_a_missing_path_while_a_planned_delete_or_rename_is_baseline() {
        assertTrue(audit(threeFiles()).passed(), "the first audit passes and anchors the plan");
        repo.git("rm", "-q", "src/old.py", "src/moving.py");

        SddAudit.Result done = audit(threeFiles());
        repo.git("rm", "-q", "src/app.py");
        SddAudit.Result editGone = audit(threeFiles().cite("src/old.py", 1, "old = 1"));

        assertTrue(done.passed(), done.report()::toString);
        assertEquals(
                List.of(FileCheckVerdict.EXISTS, FileCheckVerdict.BASELINE, FileCheckVerdict.BASELINE),
                done.report().files().stream().map(FileFinding::verdict).toList());
        assertFalse(editGone.passed(), "the plan said src/app.py stays");
        assertEquals("missing", verdict(editGone, 0));
        assertEquals("baseline", verdict(editGone, 1));
        assertEquals(
                CitationVerdict.BASELINE, editGone.report().citations().get(0).verdict());
    }

    @Test
    void a_cited_line_past_the_end_whose_quote_is_elsewhere_is_moved_first_and_under_way() {
        PlanFixture pastTheEnd =
                plan("ABC-7").cite("src/app.py", 40, "return a + b").file("src/app.py", "edit");

        SddAudit.Result first = audit(pastTheEnd);
        assertTrue(audit(plan("ABC-7").cite("src/app.py", 4, "return a + b").file("src/app.py", "edit"))
                .passed());
        SddAudit.Result underWay = audit(pastTheEnd);

        CitationFinding strict = first.report().citations().get(0);
        assertEquals(CitationVerdict.MOVED, strict.verdict(), "the original says out_of_range; the seed says moved");
        assertEquals(Optional.of(4), strict.at());
        assertFalse(first.passed());
        CitationFinding lenient = underWay.report().citations().get(0);
        assertEquals(CitationVerdict.MOVED, lenient.verdict());
        assertEquals(Optional.of(4), lenient.at());
        assertTrue(underWay.passed(), underWay.report()::toString);
    }

    @Test
    void windows_style_paths_in_files_evidence_steps_and_zones_read_with_slashes() {
        repo.write("src/billing/pay.py", "def pay():\n    return 1\n");
        repo.git("add", ".");
        repo.git("commit", "-q", "-m", "pay");
        PlanFixture windows = plan("ABC-7")
                .cite("src\\app.py", 4, "return a + b")
                .cite(".\\src\\billing\\pay.py", 1, "def pay():")
                .file("src\\app.py", "edit")
                .file("src\\billing\\pay.py", "edit")
                .zone("billing", "src\\billing\\pay.py");
        ((ArrayNode) windows.json().get("steps")).addObject().put("do", "pay").put("file", "src\\billing\\pay.py");

        SddAudit.Result result = audit(windows);

        assertTrue(result.passed(), result.report()::toString);
        assertEquals(List.of(), result.report().notices());
        assertEquals(
                List.of("src/app.py", "src/billing/pay.py"),
                result.report().files().stream().map(FileFinding::path).toList());
        assertEquals(
                List.of("src/app.py", "src/billing/pay.py"),
                result.report().plannedFiles().stream().map(PlannedFile::path).toList());
    }

    @Test
    void absolute_and_climbing_windows_paths_stay_refused() {
        SddAudit.Result result = audit(plan("ABC-7")
                .cite("..\\..\\etc\\passwd", 1, "root")
                .file("src/app.py", "edit")
                .file("C:\\src\\app.py", "edit")
                .file("\\\\server\\share\\app.py", "edit"));

        assertFalse(result.passed());
        assertEquals(
                CitationVerdict.MISSING_FILE, result.report().citations().get(0).verdict());
        assertEquals(
                List.of(
                        "files[1].path \"C:\\src\\app.py\" leaves the repository: paths are relative to its root,"
                                + " with /",
                        "files[2].path \"\\\\server\\share\\app.py\" leaves the repository: paths are relative to"
                                + " its root, with /"),
                result.report().structure());
    }

    @Test
    void a_citation_into_workflow_is_an_artifact_and_fails() {
        repo.write(".workflow/ABC-7/notes.md", "return a + b\n");
        repo.commitAll("notes");

        SddAudit.Result result = audit(plan("ABC-7")
                .cite(".workflow/ABC-7/notes.md", 1, "return a + b")
                .file("src/app.py", "edit"));

        assertEquals(
                CitationVerdict.ARTIFACT, result.report().citations().get(0).verdict());
        assertFalse(result.passed());
    }

    @Test
    void a_quote_only_in_an_uncommitted_edit_is_uncommitted_on_a_first_audit() {
        repo.write("src/app.py", APP + "\ndef tax(a):\n    return a * 0.2\n");
        repo.write("src/new.py", "fresh = 1\n");
        PlanFixture uncommitted = plan("ABC-7")
                .cite("src/app.py", 4, "return a + b")
                .cite("src/app.py", 7, "return a * 0.2")
                .cite("src/new.py", 1, "fresh = 1")
                .cite("src/app.py", 1, "return a * 0.2")
                .file("src/app.py", "edit");

        SddAudit.Result before = audit(uncommitted);
        repo.commitAll("tax");
        SddAudit.Result after = audit(uncommitted);

        assertEquals(
                List.of(
                        CitationVerdict.OK,
                        CitationVerdict.UNCOMMITTED,
                        CitationVerdict.UNCOMMITTED,
                        CitationVerdict.UNCOMMITTED),
                before.report().citations().stream()
                        .map(CitationFinding::verdict)
                        .toList());
        assertFalse(before.passed());
        assertEquals(
                List.of(CitationVerdict.OK, CitationVerdict.OK, CitationVerdict.OK, CitationVerdict.MOVED),
                after.report().citations().stream()
                        .map(CitationFinding::verdict)
                        .toList(),
                "committed, the same quotes are read from the working tree as before");
    }

    @Test
    void under_way_a_quote_in_neither_head_nor_the_baseline_is_uncommitted() {
        PlanFixture first = plan("ABC-7").cite("src/app.py", 4, "return a + b").file("src/app.py", "edit");
        assertTrue(audit(first).passed());
        repo.write("src/app.py", APP + "\ndef tax(a):\n    return a * 0.2\n");
        PlanFixture extended = plan("ABC-7")
                .cite("src/app.py", 4, "return a + b")
                .cite("src/app.py", 7, "return a * 0.2")
                .file("src/app.py", "edit");

        SddAudit.Result uncommitted = audit(extended);
        repo.commitAll("tax");
        SddAudit.Result committed = audit(extended);

        assertEquals(AuditMode.UNDER_WAY, uncommitted.report().mode());
        assertEquals(
                CitationVerdict.UNCOMMITTED,
                uncommitted.report().citations().get(1).verdict());
        assertFalse(uncommitted.passed());
        assertEquals(CitationVerdict.OK, committed.report().citations().get(1).verdict());
        assertTrue(committed.passed(), "committed on the branch since the baseline: the work's own commit");
    }
}
