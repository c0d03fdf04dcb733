package dev.wb.commands.sdd;

import static dev.wb.commands.PlanFixture.plan;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.wb.commands.Session;
import dev.wb.commands.base.Failure;
import dev.wb.commands.base.Workspace;
import dev.wb.commands.sdd.AuditReport.CitationFinding;
import dev.wb.engine.EventEnvelope;
import dev.wb.engine.StreamId;
import dev.wb.engine.TestEvents;
import dev.wb.projections.events.audit.CitationVerdict;
import dev.wb.projections.events.audit.CitationsChecked;
import dev.wb.testkit.TempGitRepo;
import java.nio.file.Path;
import java.util.List;
import java.util.Optional;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** {@code wb cite check FILE}: one file's citations, strictly, without a task, recorded in the workspace. */
class CiteCheckTest {

    static final String APP = "import math\n\ndef total(a, b):\n    return a + b\n";

    @TempDir
    Path tmp;

    TempGitRepo repo;

    @BeforeEach
    void repository() {
        repo = TempGitRepo.create(tmp, "repo");
        repo.write("src/app.py", APP);
        repo.commitAll("app");
    }

    CiteCheck.Result check(String file) {
        try (Session session = new Session(Workspace.require(repo.root()), System.getenv(), TestEvents.invocation())) {
            return CiteCheck.run(session, repo.resolve(file));
        }
    }

    List<EventEnvelope> workspaceEvents() {
        try (Session session = new Session(Workspace.require(repo.root()), System.getenv(), TestEvents.invocation())) {
            return session.reader().read(StreamId.workspace());
        }
    }

    @Test
    void a_plans_citations_are_checked_as_a_first_audit_and_recorded_in_the_workspace() {
        plan("ABC-3")
                .cite("src/app.py", 4, "return a + b")
                .cite("src/app.py", 1, "def total(a, b):")
                .file("src/app.py", "edit")
                .writeTo(repo);

        CiteCheck.Result result = check(".workflow/ABC-3/sdd.json");

        assertEquals(
                List.of(CitationVerdict.OK, CitationVerdict.MOVED),
                result.citations().stream().map(CitationFinding::verdict).toList());
        assertEquals(Optional.of(3), result.citations().get(1).at());
        assertFalse(result.passed(), "moved fails, as on a first audit");
        List<EventEnvelope> events = workspaceEvents();
        EventEnvelope last = events.get(events.size() - 1);
        assertTrue(CitationsChecked.TYPE.matches(last));
        CitationsChecked recorded = CitationsChecked.TYPE.read(last);
        assertEquals(".workflow/ABC-3/sdd.json", recorded.file());
        assertFalse(recorded.passed());
        assertEquals(CitationVerdict.MOVED, recorded.citations().get(1).verdict());
    }

    @Test
    void a_file_of_citations_with_an_absence_claim_passes_when_everything_holds() {
        repo.write("notes/cites.json", """
                {"evidence": [
                  {"claim": "adds", "file": "src/app.py", "line": 4, "quote": "return a + b"},
                  {"kind": "absence", "claim": "no eval", "search": {"pattern": "eval(", "paths": ["src"]}}
                ]}
                """);

        CiteCheck.Result result = check("notes/cites.json");

        assertTrue(result.passed(), result::toString);
        assertEquals(2, result.citations().size());
        assertEquals(List.of(), result.structure());
    }

    @Test
    void malformed_evidence_is_a_structure_finding_and_fails() {
        repo.write("a.json", "[1, 2]");
        repo.write("b.json", "{\"evidence\": []}");
        repo.write("c.json", "{\"evidence\": [{\"claim\": \"x\", \"file\": \"src/app.py\", \"line\": 0}]}");
        repo.write("d.json", "{not json");

        CiteCheck.Result array = check("a.json");
        CiteCheck.Result empty = check("b.json");
        CiteCheck.Result entry = check("c.json");
        CiteCheck.Result notJson = check("d.json");

        assertEquals(List.of("a.json must be a JSON object with an evidence array, not an array"), array.structure());
        assertEquals(
                List.of("evidence is empty: every claim about this codebase needs a file:line citation"),
                empty.structure());
        assertEquals(
                List.of("evidence[0].quote is missing", "evidence[0].line must be a whole number of at least 1, not 0"),
                entry.structure());
        assertTrue(notJson.structure().get(0).startsWith("d.json is not JSON: "), notJson.structure()::toString);
        assertFalse(array.passed() || empty.passed() || entry.passed() || notJson.passed());
    }

    @Test
    void no_such_file_is_a_missing_artifact_and_records_nothing() {
        int before = workspaceEvents().size();

        Failure missing = assertThrows(Failure.class, () -> check("nowhere.json"));

        assertEquals(Failure.Kind.MISSING, missing.kind());
        assertEquals("no such file: nowhere.json", missing.getMessage());
        assertEquals(before, workspaceEvents().size());
    }
}
