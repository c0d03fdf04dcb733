package dev.wb.commands.sdd;

import static dev.wb.commands.PlanFixture.plan;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import dev.wb.commands.Session;
import dev.wb.commands.base.Failure;
import dev.wb.commands.base.Workspace;
import dev.wb.commands.impl.ImplCheck;
import dev.wb.commands.sdd.AuditReport.CitationFinding;
import dev.wb.engine.EventEnvelope;
import dev.wb.engine.StreamId;
import dev.wb.engine.TaskKey;
import dev.wb.engine.TestEvents;
import dev.wb.engine.json.CanonicalJson;
import dev.wb.git.ChangeScope;
import dev.wb.projections.Folds;
import dev.wb.projections.audit.AuditGate;
import dev.wb.projections.events.PlanRebaselined;
import dev.wb.projections.events.audit.AuditTier;
import dev.wb.projections.events.audit.CitationVerdict;
import dev.wb.projections.events.audit.FileCheckVerdict;
import dev.wb.testkit.TempGitRepo;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Optional;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

/** {@code wb sdd audit} on real repositories and a real log: the seed's citation table and its edges. */
class SddAuditTest {

    static final TaskKey KEY = new TaskKey("ABC-12");

    static final String APP = "import math\n\ndef total(a, b):\n    return a + b\n";

    @TempDir
    Path tmp;

    TempGitRepo repo;

    @BeforeEach
    void repository() {
        repo = TempGitRepo.create(tmp, "repo");
        repo.write("src/app.py", APP);
        repo.git("add", ".");
        repo.git("commit", "-q", "-m", "app");
    }

    SddAudit.Result audit(boolean rebaseline) {
        try (Session session = new Session(Workspace.require(repo.root()), System.getenv(), TestEvents.invocation())) {
            return SddAudit.run(session, KEY, rebaseline);
        }
    }

    SddAudit.Result audit() {
        return audit(false);
    }

    List<EventEnvelope> history() {
        try (Session session = new Session(Workspace.require(repo.root()), System.getenv(), TestEvents.invocation())) {
            return session.reader().read(StreamId.task(KEY));
        }
    }

    static CitationFinding citation(SddAudit.Result result) {
        return result.report().citations().get(0);
    }

    /** The seed's table, every row, for the first audit and once under way. */
    @ParameterizedTest(name = "{0}, {1}: {2}")
    @CsvSource({
        "at the cited line,        first,     ok,       true",
        "elsewhere in the file,    first,     moved,    false",
        "only at the baseline,     first,     mismatch, false",
        "nowhere ever,             first,     mismatch, false",
        "at the cited line,        under-way, ok,       true",
        "elsewhere in the file,    under-way, moved,    true",
        "only at the baseline,     under-way, baseline, true",
        "nowhere ever,             under-way, mismatch, false"
    })
    void the_citation_table(String row, String phase, String verdict, boolean passes) {
        plan("ABC-12")
                .cite("src/app.py", 4, "return a + b")
                .file("src/app.py", "edit")
                .writeTo(repo);
        if (phase.equals("under-way")) {
            assertTrue(audit().passed(), "the first audit passes and anchors the plan");
        }
        switch (row.trim()) {
            case "elsewhere in the file" -> repo.write("src/app.py", "# header\n# more\n" + APP);
            case "only at the baseline" -> {
                repo.write("src/app.py", APP.replace("a + b", "a - b"));
                repo.git("commit", "-q", "-am", "the work moves on");
            }
            case "nowhere ever" ->
                plan("ABC-12")
                        .cite("src/app.py", 4, "return a * b")
                        .file("src/app.py", "edit")
                        .writeTo(repo);
            default -> {}
        }

        SddAudit.Result result = audit();

        assertEquals(verdict, citation(result).verdict().wireName(), result.report()::toString);
        assertEquals(passes, citation(result).passes());
        assertEquals(passes, result.passed());
        assertEquals(phase, result.report().mode().wireName());
        if (verdict.equals("moved")) {
            assertEquals(Optional.of(6), citation(result).at(), "a moved citation reports the line it is now at");
        }
    }

    @Test
    void white_space_differences_are_not_a_mismatch() {
        plan("ABC-12")
                .cite("src/app.py", 3, "def   total( a, b):".replace("( a", "(a"))
                .file("src/app.py", "edit")
                .writeTo(repo);
        repo.write("src/app.py", APP.replace("def total(a, b):", "def\ttotal(a,   b):"));

        assertEquals(CitationVerdict.OK, citation(audit()).verdict());
    }

    @Test
    void a_blank_cited_line_never_matches_so_the_quote_is_found_where_it_is() {
        plan("ABC-12")
                .cite("src/app.py", 2, "import math")
                .file("src/app.py", "edit")
                .writeTo(repo);

        CitationFinding finding = citation(audit());

        assertEquals(CitationVerdict.MOVED, finding.verdict(), "line 2 is blank; the quote is on line 1");
        assertEquals(Optional.of(1), finding.at());
    }

    @Test
    void a_line_past_the_end_is_out_of_range() {
        plan("ABC-12")
                .cite("src/app.py", 40, "return a * b")
                .file("src/app.py", "edit")
                .writeTo(repo);

        assertEquals(CitationVerdict.OUT_OF_RANGE, citation(audit()).verdict());
    }

    @Test
    void a_path_that_leaves_the_repository_is_missing_file_and_never_read() {
        plan("ABC-12")
                .cite("../../etc/passwd", 1, "root")
                .file("src/app.py", "edit")
                .writeTo(repo);

        SddAudit.Result result = audit();

        assertEquals(CitationVerdict.MISSING_FILE, citation(result).verdict());
        assertFalse(result.passed());
    }

    @Test
    void a_symbolic_link_out_of_the_repository_is_missing_file() throws IOException {
        Path outside = Files.writeString(tmp.resolve("secret.txt"), "root:x:0:0\n");
        Files.createSymbolicLink(repo.resolve("src/link.txt"), outside);
        plan("ABC-12")
                .cite("src/link.txt", 1, "root:x:0:0")
                .file("src/app.py", "edit")
                .writeTo(repo);

        assertEquals(CitationVerdict.MISSING_FILE, citation(audit()).verdict());
    }

    @Test
    void a_file_over_5_mib_is_unreadable() throws IOException {
        Files.write(repo.resolve("data.txt"), "x".repeat(6 * 1024 * 1024).getBytes(StandardCharsets.UTF_8));
        plan("ABC-12").cite("data.txt", 1, "xxx").file("src/app.py", "edit").writeTo(repo);

        CitationFinding finding = citation(audit());

        assertEquals(CitationVerdict.UNREADABLE, finding.verdict());
        assertTrue(finding.detail().contains("over 5 MiB"), finding.detail());
    }

    @Test
    void a_binary_file_is_unreadable() throws IOException {
        Files.write(repo.resolve("logo.png"), new byte[] {(byte) 0x89, 'P', 'N', 'G', 0, 0, 1});
        plan("ABC-12").cite("logo.png", 1, "PNG").file("src/app.py", "edit").writeTo(repo);

        assertEquals(CitationVerdict.UNREADABLE, citation(audit()).verdict());
    }

    @Test
    void a_wrapped_statement_matches_where_it_starts() {
        repo.write("src/calc.py", "total = (price * qty +\n         shipping)\n");
        repo.commitAll("calc");
        plan("ABC-12")
                .cite("src/calc.py", 1, "total = (price * qty + shipping)")
                .file("src/calc.py", "edit")
                .writeTo(repo);

        assertEquals(CitationVerdict.OK, citation(audit()).verdict());
    }

    @Test
    void rebaseline_anchors_to_the_current_tree_and_is_strict_again() {
        plan("ABC-12")
                .cite("src/app.py", 4, "return a + b")
                .file("src/app.py", "edit")
                .writeTo(repo);
        String first = audit().head().orElseThrow();
        repo.write("src/app.py", "# header\n# more\n" + APP);
        repo.git("commit", "-q", "-am", "moved on");

        SddAudit.Result strict = audit(true);

        assertEquals(CitationVerdict.MOVED, citation(strict).verdict());
        assertFalse(strict.passed(), "a rebaseline is strict: the stale line fails");
        plan("ABC-12")
                .cite("src/app.py", 6, "return a + b")
                .file("src/app.py", "edit")
                .writeTo(repo);
        SddAudit.Result fixed = audit(true);
        assertTrue(fixed.passed());
        List<EventEnvelope> history = history();
        EventEnvelope last = history.get(history.size() - 1);
        assertEquals(PlanRebaselined.TYPE.name(), last.type());
        assertEquals(first, last.payload().json().get("from").asText());
        AuditGate.State state = Folds.fold(AuditGate.INSTANCE, history);
        assertEquals(fixed.head(), state.baseline());
    }

    @Test
    void every_non_add_file_must_exist() {
        plan("ABC-12")
                .cite("src/app.py", 4, "return a + b")
                .file("src/app.py", "edit")
                .file("src/gone.py", "delete")
                .file("src/new.py", "add")
                .writeTo(repo);

        SddAudit.Result result = audit();

        assertEquals(
                List.of(FileCheckVerdict.EXISTS, FileCheckVerdict.MISSING),
                result.report().files().stream()
                        .map(AuditReport.FileFinding::verdict)
                        .toList());
        assertFalse(result.passed());
    }

    @Test
    void the_audit_is_recorded_with_every_finding_and_audit_json_is_rendered_from_it() throws IOException {
        plan("ABC-12")
                .cite("src/app.py", 4, "return a + b")
                .file("src/app.py", "edit")
                .writeTo(repo);

        SddAudit.Result result = audit();

        List<EventEnvelope> history = history();
        assertEquals(1, history.size());
        JsonNode payload = history.get(0).payload().json();
        assertEquals("pass", payload.get("verdict").asText());
        assertEquals("light", payload.get("tier").asText());
        assertEquals(result.planDigest(), payload.get("planDigest").asText());
        assertEquals(
                repo.git("rev-parse", "HEAD").trim(), payload.get("baseline").asText());
        JsonNode view = CanonicalJson.parse(Files.readAllBytes(result.auditJson()));
        assertEquals(history.get(0).eventId(), view.get("event").asText());
        assertEquals("ok", view.get("citations").get(0).get("verdict").asText());
    }

    @Test
    void a_hand_written_audit_json_opens_nothing() {
        plan("ABC-12")
                .cite("src/app.py", 4, "return a + b")
                .file("src/app.py", "edit")
                .writeTo(repo);
        repo.write(
                ".workflow/ABC-12/audit.json",
                "{\"verdict\": \"pass\", \"planDigest\": \"sha256:" + "0".repeat(64) + "\"}");

        try (Session session = new Session(Workspace.require(repo.root()), System.getenv(), TestEvents.invocation())) {
            Failure refused = assertThrows(
                    Failure.class,
                    () -> ImplCheck.run(session, new ImplCheck.Request(KEY, ChangeScope.WORKTREE, Optional.empty())));
            assertEquals(Failure.Kind.USAGE, refused.kind());
            assertEquals("the plan for ABC-12 has not been audited", refused.getMessage());
        }
    }

    @Test
    void two_files_can_be_light_three_cannot_and_an_incident_never_is() {
        repo.write("src/b.py", "b = 1\n");
        repo.write("src/c.py", "c = 1\n");
        plan("ABC-12")
                .cite("src/app.py", 4, "return a + b")
                .file("src/app.py", "edit")
                .file("src/b.py", "edit")
                .writeTo(repo);
        assertEquals(AuditTier.LIGHT, audit().report().tier());

        plan("ABC-12")
                .cite("src/app.py", 4, "return a + b")
                .file("src/app.py", "edit")
                .file("src/b.py", "edit")
                .file("src/c.py", "edit")
                .writeTo(repo);
        assertEquals(AuditTier.STANDARD, audit().report().tier());

        plan("ABC-12")
                .cite("src/app.py", 4, "return a + b")
                .file("src/app.py", "edit")
                .set("ticket_type", "Incident")
                .writeTo(repo);
        assertEquals(AuditTier.STANDARD, audit().report().tier());
    }

    @Test
    void a_folder_entry_never_makes_a_light_plan() {
        plan("ABC-12")
                .cite("src/app.py", 4, "return a + b")
                .file("src/", "edit")
                .writeTo(repo);

        assertEquals(AuditTier.STANDARD, audit().report().tier());
    }

    @Test
    void a_planned_delete_of_a_binary_file_passes_once_done() throws IOException {
        Files.write(repo.resolve("logo.png"), new byte[] {(byte) 0x89, 'P', 'N', 'G', 0, 1});
        repo.git("add", "logo.png");
        repo.git("commit", "-q", "-m", "logo");
        plan("ABC-12")
                .cite("src/app.py", 4, "return a + b")
                .file("logo.png", "delete")
                .writeTo(repo);
        assertTrue(audit().passed());
        repo.git("rm", "-q", "logo.png");

        SddAudit.Result underWay = audit();
        SddAudit.Result rebaseline = audit(true);

        assertTrue(underWay.passed(), underWay.report()::toString);
        assertEquals(FileCheckVerdict.BASELINE, underWay.report().files().get(0).verdict());
        assertTrue(rebaseline.passed(), "a strict rebaseline accepts a delete already done: " + rebaseline.report());
    }

    @Test
    void the_largest_plan_audited_is_recorded_whole() {
        String dir = "src/" + "d".repeat(150) + "/";
        var plan = plan("ABC-12");
        for (int i = 0; i < 200; i++) {
            repo.write(dir + "f" + i + ".py", "value = " + i + "\nother = 2\n");
            plan.file(dir + "f" + i + ".py", "edit");
            plan.cite(dir + "f" + i + ".py", 1, "value = " + i);
            plan.cite(dir + "f" + i + ".py", 1, "value = " + i);
        }
        repo.commitAll("many files");
        plan.writeTo(repo);

        SddAudit.Result result = audit();

        assertTrue(result.passed(), result.report().structure()::toString);
        assertEquals(400, result.report().citations().size());
        assertTrue(history().get(0).payload().json().path("compact").asBoolean(), "recorded in the compact form");
    }

    @Test
    void a_critical_zone_makes_the_plan_standard_and_an_undeclared_one_is_a_notice() {
        repo.write("src/auth/login.py", "def login(user):\n    return True\n");
        repo.commitAll("login");
        plan("ABC-12")
                .cite("src/auth/login.py", 1, "def login(user):")
                .file("src/auth/login.py", "edit")
                .writeTo(repo);

        SddAudit.Result undeclared = audit();

        assertEquals(AuditTier.STANDARD, undeclared.report().tier());
        assertEquals("touches auth", undeclared.report().tierReason());
        assertTrue(undeclared.passed(), undeclared.report().structure()::toString);
        assertEquals(
                List.of("zones: src/auth/login.py touches auth, not declared in zones"
                        + " (wb repo zones src/auth/login.py)"),
                undeclared.report().notices());
        plan("ABC-12")
                .cite("src/auth/login.py", 1, "def login(user):")
                .file("src/auth/login.py", "edit")
                .zone("auth", "src/auth/login.py")
                .writeTo(repo);
        SddAudit.Result declared = audit();
        assertTrue(declared.passed());
        assertEquals(List.of(), declared.report().notices());
    }

    @Test
    void a_bug_ticket_makes_a_plan_standard_and_owes_a_handover() {
        plan("ABC-12")
                .cite("src/app.py", 4, "return a + b")
                .file("src/app.py", "edit")
                .set("ticket_type", "bug")
                .writeTo(repo);

        SddAudit.Result result = audit();

        assertEquals(AuditTier.STANDARD, result.report().tier());
        assertEquals("bug work has a non-engineering audience", result.report().tierReason());
        assertTrue(
                result.report()
                        .structure()
                        .contains("a bug ticket needs handover.symptom_plain: what the reporter"
                                + " saw, in their words, no jargon"),
                result.report().structure()::toString);
    }

    @Test
    void a_light_plan_may_leave_out_steps_and_product() {
        repo.write(
                ".workflow/ABC-12/sdd.json",
                CanonicalJson.text(
                        plan("ABC-12")
                                .cite("src/app.py", 4, "return a + b")
                                .file("src/app.py", "edit")
                                .set("preset", "startup")
                                .json()
                                .without(List.of("steps", "product")),
                        true));

        SddAudit.Result result = audit();

        assertEquals(AuditTier.LIGHT, result.report().tier());
        assertEquals("1 file(s), no critical zone", result.report().tierReason());
        assertTrue(result.passed(), result.report().structure()::toString);
    }

    @Test
    void a_plan_that_is_not_json_fails_with_a_finding_and_is_recorded() {
        repo.write(".workflow/ABC-12/sdd.json", "{ not json");

        SddAudit.Result result = audit();

        assertFalse(result.passed());
        assertTrue(result.report().structure().get(0).startsWith("sdd.json is not JSON"));
        assertEquals("fail", history().get(0).payload().json().get("verdict").asText());
    }

    @Test
    void without_sdd_json_the_audit_is_a_missing_artifact() {
        Failure failure = assertThrows(Failure.class, this::audit);

        assertEquals(Failure.Kind.MISSING, failure.kind());
        assertTrue(failure.getMessage().contains(".workflow/ABC-12/sdd.json"));
    }
}
