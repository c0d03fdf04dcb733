package dev.wb.commands.sdd;

import static dev.wb.commands.PlanFixture.plan;
import static java.nio.charset.StandardCharsets.UTF_8;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.wb.commands.Session;
import dev.wb.commands.base.Workspace;
import dev.wb.engine.TaskKey;
import dev.wb.engine.TestEvents;
import dev.wb.engine.json.CanonicalJson;
import dev.wb.engine.json.PythonJson;
import dev.wb.projections.events.audit.PlanAudited;
import dev.wb.testkit.TempGitRepo;
import java.io.IOException;
import java.io.InputStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

/**
 * audit.json carries the original's fields with their names and meanings (wb-plans reference §2), wb's own
 * beside them: real repositories, the real log, the real audit.
 */
class OriginalsAuditJsonTest {

    static final TaskKey KEY = new TaskKey("ABC-1");

    /** The original's fields, in the order its Report.to_dict writes them (0.7.2+ adds plan_sha256). */
    static final List<String> ORIGINAL_FIELDS = List.of(
            "schema",
            "key",
            "verdict",
            "tier",
            "tier_reason",
            "baseline",
            "under_way",
            "citations_checked",
            "citations_failed",
            "findings",
            "structure",
            "missing_paths",
            "plan_sha256");

    @TempDir
    Path tmp;

    TempGitRepo repo;

    @BeforeEach
    void repository() {
        repo = TempGitRepo.create(tmp, "repo");
        // The reference's fixture: line 2 of src/checkout.py is "    charge = create_charge(total)".
        repo.write("src/checkout.py", "def checkout(total):\n    charge = create_charge(total)\n    return charge\n");
        repo.write("src/app.py", "import math\n\ndef total(a, b):\n    return a + b\n");
        repo.commitAll("app");
    }

    SddAudit.Result audit() {
        try (Session session = new Session(Workspace.require(repo.root()), System.getenv(), TestEvents.invocation())) {
            return SddAudit.run(session, KEY, false);
        }
    }

    JsonNode auditJson() throws IOException {
        return CanonicalJson.parse(Files.readAllBytes(repo.resolve(".workflow/ABC-1/audit.json")));
    }

    static List<String> names(JsonNode object) {
        List<String> names = new ArrayList<>();
        object.fieldNames().forEachRemaining(names::add);
        return names;
    }

    @Test
    void the_reference_example_plan_gets_the_originals_fields_in_its_order_with_its_types() throws IOException {
        try (InputStream example =
                getClass().getResourceAsStream("/dev/wb/commands/originals/reference-example-sdd.json")) {
            Files.createDirectories(repo.resolve(".workflow/ABC-1"));
            Files.write(repo.resolve(".workflow/ABC-1/sdd.json"), example.readAllBytes());
        }

        SddAudit.Result result = audit();

        JsonNode view = auditJson();
        assertEquals(ORIGINAL_FIELDS, names(view).subList(0, ORIGINAL_FIELDS.size()));
        assertEquals(1, view.get("schema").intValue());
        assertEquals("ABC-1", view.get("key").textValue());
        assertEquals("pass", view.get("verdict").textValue(), "the original's example passes unchanged");
        assertEquals("standard", view.get("tier").textValue());
        assertEquals("touches billing", view.get("tier_reason").textValue());
        assertTrue(view.get("baseline").textValue().matches("([0-9a-f]{40})?"), view.toString());
        assertEquals(
                repo.git("rev-parse", "HEAD").trim(),
                view.get("baseline").textValue(),
                "the anchor: HEAD once a strict audit passed");
        assertTrue(result.passed());
        assertFalse(view.get("under_way").booleanValue());
        assertEquals(1, view.get("citations_checked").intValue());
        assertEquals(0, view.get("citations_failed").intValue(), "the example's citation verifies");
        assertTrue(view.get("findings").isArray() && view.get("findings").isEmpty());
        assertEquals("[]", view.get("structure").toString());
        assertTrue(
                view.get("missing_paths").isArray() && view.get("missing_paths").isEmpty());
        assertEquals(
                "223590d749593e1274197ea3e73e7f2af1aaa5dbb7df4562888ceb02cee2c1ba",
                view.get("plan_sha256").textValue(),
                "sha256 of json.dumps(doc, sort_keys, compact, ensure_ascii=False)");
    }

    @Test
    void findings_hold_only_the_failing_citations_with_claim_and_detail_and_wb_keeps_them_all() throws IOException {
        plan("ABC-1")
                .cite("src/app.py", 4, "return a + b")
                .cite("src/app.py", 3, "def subtract(a, b):")
                .file("src/app.py", "edit")
                .writeTo(repo);

        audit();

        JsonNode view = auditJson();
        assertEquals("fail", view.get("verdict").textValue());
        assertEquals(2, view.get("citations_checked").intValue());
        assertEquals(1, view.get("citations_failed").intValue());
        JsonNode finding = view.get("findings").get(0);
        assertEquals(List.of("index", "verdict", "file", "line", "claim", "detail"), names(finding));
        assertEquals(1, finding.get("index").intValue());
        assertEquals("mismatch", finding.get("verdict").textValue());
        assertEquals("src/app.py", finding.get("file").textValue());
        assertEquals(3, finding.get("line").intValue());
        assertEquals("the code says so", finding.get("claim").textValue());
        assertFalse(finding.get("detail").textValue().isEmpty());
        assertEquals(2, view.get("citations").size(), "wb's addition: every citation, the passing one too");
        assertEquals("ok", view.get("citations").get(0).get("verdict").textValue());
    }

    @Test
    void missing_paths_names_each_planned_file_that_is_not_there() throws IOException {
        plan("ABC-1")
                .cite("src/app.py", 4, "return a + b")
                .file("src/app.py", "edit")
                .file("src/gone.py", "edit")
                .file("src/new.py", "add")
                .writeTo(repo);

        audit();

        assertEquals("[\"src/gone.py\"]", auditJson().get("missing_paths").toString());
    }

    @Test
    void a_passing_audit_anchors_head_and_the_next_one_is_under_way_with_drift_beside() throws IOException {
        plan("ABC-1")
                .cite("src/app.py", 4, "return a + b")
                .file("src/app.py", "edit")
                .writeTo(repo);
        assertTrue(audit().passed(), () -> {
            try {
                return auditJson().toString();
            } catch (IOException e) {
                return e.toString();
            }
        });
        String head = repo.git("rev-parse", "HEAD").trim();
        assertEquals(head, auditJson().get("baseline").textValue());
        assertFalse(auditJson().get("under_way").booleanValue());

        repo.write("src/app.py", "import math\n\n# a line the work added\ndef total(a, b):\n    return a + b\n");
        audit();

        JsonNode view = auditJson();
        assertTrue(view.get("under_way").booleanValue());
        assertEquals(head, view.get("baseline").textValue(), "the anchor stays where the first audit put it");
        assertTrue(view.get("findings").isEmpty(), "a moved citation passes once under way");
        assertEquals("moved", view.get("citations").get(0).get("verdict").textValue());
        assertEquals(5, view.get("citations").get(0).get("at").intValue(), "wb's addition: where it is now");
    }

    @Test
    void audit_json_is_written_as_the_original_writes_it_indent_2_utf8_and_a_trailing_newline() throws IOException {
        plan("ABC-1")
                .cite("src/app.py", 4, "return a + b")
                .file("src/app.py", "edit")
                .set("objective", "café ✓")
                .writeTo(repo);

        SddAudit.Result result = audit();

        String written = Files.readString(result.auditJson());
        assertEquals(PythonJson.dumps(result.auditView(), PythonJson.Style.ARTIFACT) + "\n", written);
        assertTrue(written.startsWith("{\n  \"schema\": 1,\n  \"key\": \"ABC-1\",\n"), written);
        assertEquals(List.of(), leftovers(result.auditJson().getParent()), "no temporary file is left");
    }

    @Test
    void wbs_additions_follow_under_names_the_original_does_not_use() throws IOException {
        plan("ABC-1")
                .cite("src/app.py", 4, "return a + b")
                .file("src/app.py", "edit")
                .writeTo(repo);

        SddAudit.Result result = audit();

        JsonNode view = auditJson();
        List<String> additions = names(view).subList(ORIGINAL_FIELDS.size(), view.size());
        assertTrue(
                additions.containsAll(List.of(
                        "note",
                        "task",
                        "event",
                        "version",
                        "time",
                        "actor",
                        "hash",
                        "mode",
                        "planDigest",
                        "head",
                        "files",
                        "zones",
                        "citations",
                        "fileChecks")),
                additions.toString());
        assertEquals(result.appended().get(0).eventId(), view.get("event").textValue());
        assertEquals(result.planDigest(), view.get("planDigest").textValue());
    }

    @Test
    void a_plan_that_is_not_json_is_still_rendered_without_plan_sha256() throws IOException {
        repo.write(".workflow/ABC-1/sdd.json", "{\"key\": ");

        audit();

        JsonNode view = auditJson();
        assertEquals("fail", view.get("verdict").textValue());
        assertEquals("ABC-1", view.get("key").textValue());
        assertFalse(view.has("plan_sha256"));
        assertTrue(view.get("structure").get(0).textValue().contains("not JSON"), view.toString());
    }

    @ParameterizedTest(name = "{0}")
    @CsvSource(
            delimiter = '|',
            value = {
                "light, one file            | {\"tier\":\"light\",\"files\":[{\"path\":\"a.py\",\"change\":\"edit\"}],\"zones\":[]}      | {}                        | 1 file(s), no critical zone",
                "three files                | {\"tier\":\"standard\",\"files\":[{\"path\":\"a\",\"change\":\"edit\"},{\"path\":\"b\",\"change\":\"edit\"},{\"path\":\"c\",\"change\":\"edit\"}],\"zones\":[]} | {} | 3 files (light is up to 2)",
                "a critical zone            | {\"tier\":\"standard\",\"files\":[{\"path\":\"src/auth.py\",\"change\":\"edit\"}],\"zones\":[\"auth\",\"billing\"]} | {} | touches auth, billing",
                "a handover ticket          | {\"tier\":\"standard\",\"files\":[{\"path\":\"a.py\",\"change\":\"edit\"}],\"zones\":[]}   | {\"ticket_type\":\"Bug\"}    | Bug work has a non-engineering audience",
                "handover_required          | {\"tier\":\"standard\",\"files\":[{\"path\":\"a.py\",\"change\":\"edit\"}],\"zones\":[]}   | {\"handover_required\":true} | support work has a non-engineering audience",
                "no files                   | {\"tier\":\"standard\",\"files\":[],\"zones\":[]}                      | {}                        | no files listed",
                "a folder entry             | {\"tier\":\"standard\",\"files\":[{\"path\":\"src/new/\",\"change\":\"edit\"}],\"zones\":[]} | {}                      | files lists a folder (src/new/), which may hold any zone"
            })
    void tier_reason_says_why_in_the_originals_words(String name, String audited, String plan, String reason) {
        assertEquals(
                reason,
                TierReason.of(
                        PlanAudited.TYPE.read((ObjectNode) CanonicalJson.parse(audited.getBytes(UTF_8))),
                        CanonicalJson.parse(plan.getBytes(UTF_8))));
    }

    static List<String> leftovers(Path dir) throws IOException {
        try (var files = Files.list(dir)) {
            return files.map(p -> p.getFileName().toString())
                    .filter(n -> n.endsWith(".tmp"))
                    .toList();
        }
    }
}
