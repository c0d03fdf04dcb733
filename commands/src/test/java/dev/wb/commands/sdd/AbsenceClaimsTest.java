package dev.wb.commands.sdd;

import static dev.wb.commands.PlanFixture.plan;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTimeoutPreemptively;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.wb.commands.PlanFixture;
import dev.wb.commands.Session;
import dev.wb.commands.base.Failure;
import dev.wb.commands.base.Workspace;
import dev.wb.commands.sdd.AuditReport.CitationFinding;
import dev.wb.engine.TaskKey;
import dev.wb.engine.TestEvents;
import dev.wb.projections.events.audit.AuditMode;
import dev.wb.projections.events.audit.CitationVerdict;
import dev.wb.testkit.TempGitRepo;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Absence claims (the original's 0.10 {@code "kind": "absence"}): a fixed string searched for at the
 * anchored commit, as {@code git grep -l -F [-w]}, on a real repository.
 */
class AbsenceClaimsTest {

    static final TaskKey KEY = new TaskKey("ABC-9");

    @TempDir
    Path tmp;

    TempGitRepo repo;

    @BeforeEach
    void repository() throws Exception {
        repo = TempGitRepo.create(tmp, "repo");
        repo.write("src/app.py", "def total(a, b):\n    return a + b\n");
        repo.write("src/vendor/lib.py", "value = eval(text)\n");
        repo.write("src/evaluate.py", "def evaluate(x):\n    return x\n");
        Files.write(repo.resolve("src/blob.bin"), new byte[] {'e', 'v', 'a', 'l', '(', 0, 1});
        repo.commitAll("app");
    }

    SddAudit.Result audit(PlanFixture plan) {
        plan.writeTo(repo);
        try (Session session = new Session(Workspace.require(repo.root()), System.getenv(), TestEvents.invocation())) {
            return SddAudit.run(session, KEY, false);
        }
    }

    /** A light plan whose second evidence entry is the absence claim {@code search}. */
    static PlanFixture claiming(ObjectNode search) {
        PlanFixture plan = plan("ABC-9").cite("src/app.py", 2, "return a + b").file("src/app.py", "edit");
        ObjectNode entry = ((ArrayNode) plan.json().get("evidence")).addObject();
        entry.put("kind", "absence").put("claim", "nothing evaluates text");
        entry.set("search", search);
        return plan;
    }

    static ObjectNode search(String pattern, List<String> paths, List<String> allow, boolean word) {
        ObjectNode search = plan("X-1").json().objectNode().put("pattern", pattern);
        paths.forEach(search.putArray("paths")::add);
        allow.forEach(search.withArrayProperty("allow")::add);
        return search.put("word", word);
    }

    static CitationFinding claim(SddAudit.Result result) {
        return result.report().citations().get(1);
    }

    @Test
    void a_hit_outside_allow_is_found_and_names_the_files() {
        SddAudit.Result found = audit(claiming(search("eval(", List.of("src"), List.of(), false)));
        SddAudit.Result allowed = audit(claiming(search("eval(", List.of("src"), List.of("src/vendor/"), false)));

        assertEquals(CitationVerdict.FOUND, claim(found).verdict());
        assertEquals("found in src/vendor/lib.py", claim(found).detail(), "the binary file is skipped");
        assertFalse(found.passed());
        assertEquals(CitationVerdict.OK, claim(allowed).verdict(), allowed.report()::toString);
        assertTrue(allowed.passed(), allowed.report()::toString);
    }

    @Test
    void word_matches_only_whole_words_as_git_grep_w() {
        SddAudit.Result part = audit(claiming(search("eval", List.of(), List.of("src/vendor"), false)));
        SddAudit.Result word = audit(claiming(search("eval", List.of(), List.of("src/vendor"), true)));

        assertEquals("found in src/evaluate.py", claim(part).detail());
        assertEquals(CitationVerdict.OK, claim(word).verdict(), "evaluate is not the word eval");
    }

    @Test
    void the_search_runs_at_the_anchor_not_the_working_tree() {
        PlanFixture plan = claiming(search("os.system", List.of("src"), List.of(), false));
        assertTrue(audit(plan).passed(), "absent at HEAD");
        repo.write("src/app.py", "import os\nos.system('ls')\n");

        SddAudit.Result uncommitted = audit(plan);
        repo.commitAll("shell out");
        SddAudit.Result underWay = audit(plan);

        assertEquals(CitationVerdict.OK, claim(uncommitted).verdict(), "the working tree is not searched");
        assertEquals(CitationVerdict.OK, claim(underWay).verdict(), "under way the anchor is the baseline");
        assertEquals(AuditMode.UNDER_WAY, underWay.report().mode());
    }

    @Test
    void a_malformed_claim_is_a_structure_finding() {
        ObjectNode noPattern = search("x", List.of("/etc"), List.of(), false);
        noPattern.remove("pattern");

        SddAudit.Result missing = audit(claiming(noPattern));
        SddAudit.Result lines = audit(claiming(search("a\nb", List.of("src/*.py"), List.of(), false)));
        SddAudit.Result tooLong = audit(claiming(search("a".repeat(200_000), List.of(), List.of(), false)));

        assertEquals(
                List.of(
                        "evidence[1].search.pattern is missing: the fixed string that must not occur",
                        "evidence[1].search.paths[0] \"/etc\" leaves the repository: paths are relative to its root,"
                                + " with /"),
                missing.report().structure());
        assertEquals(
                List.of(
                        "evidence[1].search.pattern must be one line: a fixed string is searched within a line",
                        "evidence[1].search.paths[0] \"src/*.py\" is a pattern; name files or folders (a folder covers"
                                + " everything under it)"),
                lines.report().structure());
        assertEquals(
                List.of("evidence[1].search.pattern is 200000 characters long; at most 1000"),
                tooLong.report().structure());
        assertFalse(tooLong.passed());
    }

    @Test
    void a_10_mb_pattern_is_refused_unread_without_hanging() {
        String huge = "a".repeat(10 * 1024 * 1024);

        Failure refused = assertTimeoutPreemptively(
                Duration.ofSeconds(30),
                () -> assertThrows(Failure.class, () -> audit(claiming(search(huge, List.of(), List.of(), false)))));

        assertEquals(Failure.Kind.CHECK_FAILED, refused.kind());
    }

    @Test
    void a_pathological_pattern_searches_in_linear_time() throws Exception {
        repo.write("src/aaa.txt", "a".repeat(4 * 1024 * 1024));
        repo.commitAll("a long file");
        String pattern = "a".repeat(999) + "b";

        SddAudit.Result result = assertTimeoutPreemptively(
                Duration.ofSeconds(30), () -> audit(claiming(search(pattern, List.of(), List.of(), false))));

        assertEquals(CitationVerdict.OK, claim(result).verdict(), result.report()::toString);
    }
}
