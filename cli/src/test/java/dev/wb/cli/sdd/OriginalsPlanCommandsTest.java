package dev.wb.cli.sdd;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import dev.wb.cli.testing.CliRun;
import dev.wb.testkit.TempGitRepo;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * The original's plan commands people script against: {@code wb sdd blank KEY} (its {@code sdd.blank}) and
 * {@code wb sdd get KEY --section X} (its {@code sdd.section}), through the real command line. Expected
 * outputs were produced by CPython's {@code json.dumps(…, indent=2, ensure_ascii=False)}.
 */
class OriginalsPlanCommandsTest {

    /** The reference's example plan, byte for byte (wb-plans reference §1). */
    static final String EXAMPLE =
            "{\"schema\":1,\"key\":\"ABC-1\",\"preset\":\"scaleup\",\"persona\":\"fullstack-specialist\",\n"
                    + " \"objective\":\"Validate the coupon before charging.\",\n"
                    + " \"evidence\":[{\"claim\":\"the charge is created before validation\",\"file\":\"src/checkout.py\",\"line\":2,"
                    + "\"quote\":\"charge = create_charge(total)\"}],\n"
                    + " \"files\":[{\"path\":\"src/checkout.py\",\"change\":\"edit\",\"why\":\"reorder\"}],\"zones\":{},\n"
                    + " \"steps\":[{\"do\":\"move validation above the charge\"}],\n"
                    + " \"tests\":[{\"kind\":\"regression\",\"target\":\"tests/test_checkout.py\",\"asserts\":\"expired coupon returns 422\"}],\n"
                    + " \"verify\":[\"pytest -q\"],\"rollback\":\"revert the commit\",\"product\":{},\"questions\":[]}\n";

    @TempDir
    Path tmp;

    TempGitRepo repo;

    @BeforeEach
    void repository() {
        repo = TempGitRepo.create(tmp, "repo");
        repo.write("src/checkout.py", "def checkout(total):\n    charge = create_charge(total)\n    return charge\n");
        repo.commitAll("base");
    }

    CliRun.Result wb(String... args) {
        return CliRun.wb(repo.root(), TempGitRepo.gitEnvironment(), args);
    }

    @Test
    void blank_writes_the_originals_skeleton_key_for_key_in_its_order() throws IOException {
        CliRun.Result result = wb("sdd", "blank", "abc-1", "--preset", "scaleup", "--persona", "fullstack-specialist");

        assertEquals(0, result.code(), result::toString);
        assertTrue(result.out().startsWith("wrote .workflow/ABC-1/sdd.json\n"), result::toString);
        assertEquals("""
                {
                  "$schema": "../schemas/sdd.schema.json",
                  "schema": 1,
                  "key": "ABC-1",
                  "preset": "scaleup",
                  "persona": "fullstack-specialist",
                  "objective": "",
                  "evidence": [],
                  "files": [],
                  "zones": {},
                  "steps": [],
                  "tests": [],
                  "verify": [],
                  "verify_env": {},
                  "rollback": "",
                  "product": {},
                  "handover": {},
                  "questions": []
                }
                """, Files.readString(repo.resolve(".workflow/ABC-1/sdd.json")));
    }

    @Test
    void a_blank_plan_fails_its_audit_on_content_and_never_crashes() {
        assertEquals(0, wb("sdd", "blank", "ABC-1").code());

        CliRun.Result audit = wb("sdd", "audit", "ABC-1");

        assertEquals(7, audit.code(), audit::toString);
        assertTrue(audit.out().contains("objective is empty"), audit::toString);
        assertTrue(audit.out().contains("evidence is empty"), audit::toString);
        assertFalse((audit.out() + audit.err()).contains("Exception"), audit::toString);
    }

    @Test
    void blank_never_replaces_a_plan_exit_2_nothing_written() throws IOException {
        repo.write(".workflow/ABC-1/sdd.json", "{\"mine\": true}\n");

        CliRun.Result result = wb("sdd", "blank", "ABC-1");

        assertEquals(2, result.code(), result::toString);
        assertTrue(result.err().startsWith("error: .workflow/ABC-1/sdd.json already exists"), result::toString);
        assertTrue(result.err().contains("\n  fix: "), result::toString);
        assertEquals("{\"mine\": true}\n", Files.readString(repo.resolve(".workflow/ABC-1/sdd.json")));
    }

    @Test
    void blank_refuses_a_task_folder_that_links_out_of_the_repository() throws IOException {
        Path outside = Files.createDirectories(tmp.resolve("outside"));
        Files.createDirectories(repo.resolve(".workflow"));
        Files.createSymbolicLink(repo.resolve(".workflow/ABC-1"), outside);

        CliRun.Result result = wb("sdd", "blank", "ABC-1");

        assertEquals(2, result.code(), result::toString);
        assertTrue(
                result.err().contains("resolves outside the repository; wb sdd blank wrote nothing"), result::toString);
        assertFalse(Files.exists(outside.resolve("sdd.json")));
    }

    @Test
    void blank_refuses_a_malformed_key_and_an_unknown_preset_writing_nothing() {
        CliRun.Result key = wb("sdd", "blank", "../x");
        CliRun.Result preset = wb("sdd", "blank", "ABC-1", "--preset", "huge");

        assertEquals(2, key.code(), key::toString);
        assertTrue(key.err().startsWith("error: malformed key: ../x"), key::toString);
        assertEquals(2, preset.code(), preset::toString);
        assertTrue(
                preset.err().contains("fix: presets: prototype, solo-saas, startup, scaleup, enterprise"),
                preset::toString);
        assertFalse(Files.exists(repo.resolve(".workflow/ABC-1/sdd.json")));
    }

    @Test
    void blank_json_is_one_document_with_the_plan() {
        JsonNode doc = wb("--json", "sdd", "blank", "ABC-1").json();

        assertEquals(".workflow/ABC-1/sdd.json", doc.get("file").asText());
        assertEquals("{}", doc.get("plan").get("zones").toString());
    }

    @Test
    void get_prints_a_section_as_json_dumps_indent_2_writes_it() {
        repo.write(".workflow/ABC-1/sdd.json", EXAMPLE);

        CliRun.Result tests = wb("sdd", "get", "ABC-1", "--section", "tests");
        CliRun.Result rollback = wb("sdd", "get", "ABC-1", "--section", "rollback");

        assertEquals(0, tests.code(), tests::toString);
        assertEquals("""
                [
                  {
                    "kind": "regression",
                    "target": "tests/test_checkout.py",
                    "asserts": "expired coupon returns 422"
                  }
                ]
                """, tests.out());
        assertEquals("\"revert the commit\"\n", rollback.out());
    }

    @Test
    void get_summary_is_key_objective_file_paths_sorted_zone_names_and_rollback() {
        repo.write(".workflow/ABC-1/sdd.json", EXAMPLE);

        CliRun.Result summary = wb("sdd", "get", "ABC-1", "--section", "summary");

        assertEquals("""
                {
                  "key": "ABC-1",
                  "objective": "Validate the coupon before charging.",
                  "files": [
                    "src/checkout.py"
                  ],
                  "zones": [],
                  "rollback": "revert the commit"
                }
                """, summary.out());
    }

    @Test
    void get_summary_lists_zone_names_sorted_and_a_missing_section_is_null() {
        repo.write(
                ".workflow/ABC-1/sdd.json",
                "{\"key\": \"ABC-1\", \"zones\": {\"user-data\": [\"a\"], \"auth\": [\"b\"]},"
                        + " \"files\": [{\"path\": \"b\"}, {\"path\": \"a\"}]}");

        CliRun.Result summary = wb("sdd", "get", "ABC-1", "--section", "summary");
        CliRun.Result env = wb("sdd", "get", "ABC-1", "--section", "verify_env");

        assertEquals("""
                {
                  "key": "ABC-1",
                  "objective": null,
                  "files": [
                    "b",
                    "a"
                  ],
                  "zones": [
                    "auth",
                    "user-data"
                  ],
                  "rollback": null
                }
                """, summary.out());
        assertEquals(0, env.code(), env::toString);
        assertEquals("null\n", env.out());
    }

    @Test
    void get_an_unknown_section_exits_2_and_lists_the_sections() {
        repo.write(".workflow/ABC-1/sdd.json", EXAMPLE);

        CliRun.Result result = wb("sdd", "get", "ABC-1", "--section", "tier");

        assertEquals(2, result.code(), result::toString);
        assertTrue(result.err().startsWith("error: unknown section: tier\n"), result::toString);
        assertTrue(
                result.err()
                        .contains("fix: sections: objective, evidence, files, zones, steps, tests, verify,"
                                + " verify_env, rollback, product, handover, questions, summary"),
                result::toString);
        assertEquals("", result.out());
    }

    @Test
    void get_without_a_plan_exits_6() {
        CliRun.Result result = wb("sdd", "get", "ABC-1", "--section", "objective");

        assertEquals(6, result.code(), result::toString);
        assertTrue(result.err().startsWith("error: no plan for ABC-1"), result::toString);
        assertTrue(result.err().contains("fix: write one: wb sdd blank ABC-1"), result::toString);
    }

    @ParameterizedTest
    @ValueSource(strings = {"{\"key\": ", "[1, 2]", "", "\"text\""})
    void get_of_a_plan_that_is_not_a_json_object_exits_3_as_the_originals_config_error(String text) {
        repo.write(".workflow/ABC-1/sdd.json", text);

        CliRun.Result result = wb("sdd", "get", "ABC-1", "--section", "objective");

        assertEquals(3, result.code(), result::toString);
        assertTrue(result.err().startsWith("error: .workflow/ABC-1/sdd.json is not"), result::toString);
        assertTrue(result.err().contains("\n  fix: "), result::toString);
        assertFalse(result.err().contains("\tat "), result::toString);
    }

    @Test
    void get_refuses_a_plan_that_links_out_of_the_repository() throws IOException {
        Path secret = Files.writeString(tmp.resolve("secret.json"), "{\"objective\": \"not yours\"}");
        Files.createDirectories(repo.resolve(".workflow/ABC-1"));
        Files.createSymbolicLink(repo.resolve(".workflow/ABC-1/sdd.json"), secret);

        CliRun.Result result = wb("sdd", "get", "ABC-1", "--section", "objective");

        assertEquals(3, result.code(), result::toString);
        assertTrue(result.err().contains("resolves outside the repository"), result::toString);
        assertFalse(result.out().contains("not yours"));
    }

    @Test
    void get_under_json_prints_the_same_one_document() {
        repo.write(".workflow/ABC-1/sdd.json", EXAMPLE);

        CliRun.Result result = wb("--json", "sdd", "get", "ABC-1", "--section", "files");

        assertEquals("src/checkout.py", result.json().get(0).get("path").asText());
    }

    @Test
    void audit_under_json_prints_the_audit_json_document_with_wbs_fields() throws IOException {
        repo.write(".workflow/ABC-1/sdd.json", EXAMPLE);

        CliRun.Result result = wb("--json", "sdd", "audit", "ABC-1");

        JsonNode doc = result.json();
        JsonNode file = new com.fasterxml.jackson.databind.ObjectMapper()
                .readTree(repo.resolve(".workflow/ABC-1/audit.json").toFile());
        for (String field : java.util.List.of(
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
                "plan_sha256")) {
            assertEquals(file.get(field), doc.get(field), field);
        }
        assertEquals(
                "223590d749593e1274197ea3e73e7f2af1aaa5dbb7df4562888ceb02cee2c1ba",
                doc.get("plan_sha256").asText());
        assertTrue(
                doc.has("auditJson") && doc.has("details") && doc.has("citations") && doc.has("event"), doc::toString);
    }
}
