package dev.wb.commands.verify;

import static dev.wb.commands.PlanFixture.plan;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ArrayNode;
import dev.wb.commands.PlanFixture;
import dev.wb.commands.Session;
import dev.wb.commands.base.Workspace;
import dev.wb.commands.sdd.SddAudit;
import dev.wb.engine.TaskKey;
import dev.wb.engine.TestEvents;
import dev.wb.engine.json.CanonicalJson;
import dev.wb.testkit.TempGitRepo;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * evidence.json and evidence.md carry the original's fields and layout (wb-plans reference §4): a real
 * repository, real processes, the real log.
 */
class OriginalsEvidenceTest {

    static final TaskKey KEY = new TaskKey("ABC-1");

    @TempDir
    Path tmp;

    TempGitRepo repo;

    @BeforeEach
    void repository() {
        repo = TempGitRepo.create(tmp, "repo");
        repo.write("Makefile", """
                ok:
                \t@echo all good
                long:
                \t@for i in $$(seq 1 700); do echo line-$$i-of-a-long-log; done
                bad:
                \t@echo broken
                \t@false
                """);
        repo.write("src/app.py", "# app\nvalue = 1\n");
        repo.commitAll("app");
    }

    ImplVerify.Result verify(String... commands) {
        PlanFixture plan = plan(KEY.value()).cite("src/app.py", 2, "value = 1").file("src/app.py", "edit");
        ArrayNode verify = plan.json().putArray("verify");
        for (String command : commands) {
            verify.add(command);
        }
        plan.json().putObject("verify_env").put("PYTHONPATH", "src-secret-path").put("CI", "1");
        plan.writeTo(repo);
        try (Session session = new Session(Workspace.require(repo.root()), System.getenv(), TestEvents.invocation())) {
            assertTrue(SddAudit.run(session, KEY, false).passed(), "the plan passes its audit");
            return ImplVerify.run(session, KEY, System.getenv(), ImplVerify.Progress.NONE);
        }
    }

    static List<String> names(JsonNode object) {
        List<String> names = new ArrayList<>();
        object.fieldNames().forEachRemaining(names::add);
        return names;
    }

    @Test
    void evidence_json_has_the_originals_fields_in_its_order_and_wbs_after() throws IOException {
        ImplVerify.Result result = verify("make -s ok", "make -s long", "make -s bad", "curl http://example.com");

        String written = Files.readString(result.evidenceJson());
        JsonNode doc = CanonicalJson.parse(written.getBytes(StandardCharsets.UTF_8));
        assertEquals(
                List.of("schema", "key", "verdict", "results", "refused", "env"),
                names(doc).subList(0, 6));
        assertEquals(1, doc.get("schema").intValue());
        assertEquals("ABC-1", doc.get("key").textValue());
        assertEquals("fail", doc.get("verdict").textValue());
        assertEquals(3, doc.get("results").size());
        for (JsonNode r : doc.get("results")) {
            assertEquals(List.of("command", "exit_code", "duration_ms", "output"), names(r).subList(0, 4));
            assertTrue(
                    r.get("command").isTextual()
                            && r.get("exit_code").isInt()
                            && r.get("duration_ms").isIntegralNumber()
                            && r.get("output").isTextual(),
                    r.toString());
        }
        JsonNode ok = doc.get("results").get(0);
        assertEquals("make -s ok", ok.get("command").textValue());
        assertEquals(0, ok.get("exit_code").intValue());
        assertEquals("all good", ok.get("output").textValue(), "stripped, as the original keeps it");
        assertFalse(ok.has("truncated"), "truncated appears only when true");
        JsonNode bad = doc.get("results").get(2);
        assertTrue(bad.get("exit_code").intValue() != 0);
        assertEquals(List.of("refused"), List.of(names(doc).get(4)));
        assertEquals(
                "curl http://example.com",
                doc.get("refused").get(0).get("command").textValue());
        assertEquals(List.of("command", "reason"), names(doc.get("refused").get(0)));
        assertEquals("[\"CI\",\"PYTHONPATH\"]", doc.get("env").toString(), "names only, sorted");
        assertFalse(written.contains("src-secret-path"), "a verify_env value is never written");
        assertEquals("fail", doc.get("runVerdict").textValue());
        assertTrue(doc.get("commands").isArray() && doc.has("started") && doc.has("finished"));
        assertTrue(written.startsWith("{\n  \"schema\": 1,\n  \"key\": \"ABC-1\",\n") && written.endsWith("}\n"));
    }

    @Test
    void a_long_output_is_kept_head_and_tail_with_the_originals_marker_and_truncated_true() throws IOException {
        ImplVerify.Result result = verify("make -s long");

        JsonNode r = CanonicalJson.parse(Files.readAllBytes(result.evidenceJson()))
                .get("results")
                .get(0);
        assertTrue(r.get("truncated").booleanValue());
        String output = r.get("output").textValue();
        assertTrue(output.startsWith("line-1-of-a-long-log\n"), output);
        assertTrue(output.matches("(?s).*\n\n\\[\\.\\.\\. \\d+ chars omitted \\.\\.\\.\\]\n\n.*"), output);
        assertTrue(output.endsWith("line-700-of-a-long-log"), output);
    }

    @Test
    void evidence_md_follows_the_originals_layout() throws IOException {
        ImplVerify.Result result = verify("make -s ok", "make -s bad", "curl http://example.com");

        String md = Files.readString(result.evidenceMarkdown());
        assertTrue(md.startsWith("""
                              # ABC-1 \u2014 verification evidence

                              **Verdict:** fail

                              **Environment:** CI, PYTHONPATH

                              ## `make -s ok` \u2014 pass

                              ```
                              all good
                              ```

                              ## `make -s bad` \u2014 FAIL (exit 2)

                              ```
                              broken
                              """), md);
        assertTrue(
                md.contains("\n## Not run\n\nThese were refused and must be run manually:\n\n"
                        + "- `curl http://example.com` — "),
                md);
        assertFalse(md.contains("src-secret-path"));
    }

    @Test
    void a_passing_run_has_no_environment_line_when_none_is_set_and_no_not_run_section() throws IOException {
        PlanFixture plan = plan(KEY.value()).cite("src/app.py", 2, "value = 1").file("src/app.py", "edit");
        plan.json().putArray("verify").add("make -s ok");
        plan.writeTo(repo);
        ImplVerify.Result result;
        try (Session session = new Session(Workspace.require(repo.root()), System.getenv(), TestEvents.invocation())) {
            assertTrue(SddAudit.run(session, KEY, false).passed());
            result = ImplVerify.run(session, KEY, System.getenv(), ImplVerify.Progress.NONE);
        }

        String md = Files.readString(result.evidenceMarkdown());
        JsonNode doc = CanonicalJson.parse(Files.readAllBytes(result.evidenceJson()));
        assertEquals("pass", doc.get("verdict").textValue());
        assertEquals("[]", doc.get("refused").toString());
        assertEquals("[]", doc.get("env").toString());
        assertTrue(
                md.startsWith("# ABC-1 — verification evidence\n\n**Verdict:** pass\n\n## `make -s ok` — pass\n"), md);
        assertFalse(md.contains("## Not run"));
    }
}
