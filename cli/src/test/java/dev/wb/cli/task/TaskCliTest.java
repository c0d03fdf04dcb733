package dev.wb.cli.task;

import static dev.wb.cli.testing.CliRun.wb;
import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import dev.wb.cli.testing.CliRun;
import dev.wb.testkit.TempGitRepo;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** {@code wb task migrate-criteria} as a user meets it: output, exit codes, errors, the file on disk. */
class TaskCliTest {

    @TempDir
    Path tmp;

    TempGitRepo repo;

    @BeforeEach
    void repository() {
        repo = TempGitRepo.create(tmp, "repo");
    }

    String criteria(String key) throws IOException {
        return Files.readString(repo.resolve(".workflow/" + key + "/acceptance-criteria.md"));
    }

    @Test
    void a_key_numbers_its_criteria_and_exits_0() throws IOException {
        repo.write(".workflow/ABC-12/acceptance-criteria.md", "# Criteria\r\n\r\n- AC-1: a\r\n- b\r\n- c\r\n");

        CliRun.Result result = wb(repo.root(), "task", "migrate-criteria", "abc-12");

        assertEquals(0, result.code(), result::toString);
        assertEquals("ABC-12: numbered 2 criteria (AC-2 on line 4, AC-3 on line 5)\n", result.out());
        assertEquals("# Criteria\r\n\r\n- AC-1: a\r\n- AC-2: b\r\n- AC-3: c\r\n", criteria("ABC-12"));
    }

    @Test
    void a_dry_run_says_what_would_change_and_writes_nothing() throws IOException {
        repo.write(".workflow/ABC-12/acceptance-criteria.md", "- a\n");

        CliRun.Result result = wb(repo.root(), "task", "migrate-criteria", "ABC-12", "--dry-run");

        assertEquals(0, result.code(), result::toString);
        assertEquals("ABC-12: would number 1 criterion (AC-1 on line 1)\n", result.out());
        assertEquals("- a\n", criteria("ABC-12"));
    }

    @Test
    void an_identity_defect_leaves_the_file_untouched_and_exits_1_with_its_lines() throws IOException {
        byte[] before = "- AC-2: a\n- b\n- AC-2: c\n".getBytes(StandardCharsets.UTF_8);
        repo.write(".workflow/ABC-12/acceptance-criteria.md", new String(before, StandardCharsets.UTF_8));

        CliRun.Result result = wb(repo.root(), "task", "migrate-criteria", "ABC-12");

        assertEquals(1, result.code(), result::toString);
        assertTrue(
                result.out()
                        .startsWith("ABC-12: left untouched; 2 problems\n"
                                + "  acceptance-criteria.md line 2: missing identifier"),
                result::toString);
        assertTrue(
                result.out()
                        .contains("\n  acceptance-criteria.md line 3: duplicate identifier AC-2 (first on line 1)\n"),
                result::toString);
        assertTrue(
                result.err().startsWith("error: acceptance criteria with problems: ABC-12\n  fix: "), result::toString);
        assertTrue(result.err().contains("wb task migrate-criteria ABC-12"), result::toString);
        assertArrayEquals(before, Files.readAllBytes(repo.resolve(".workflow/ABC-12/acceptance-criteria.md")));
    }

    @Test
    void without_a_key_every_capsule_gets_one_line() throws IOException {
        repo.write(".workflow/ABC-2/acceptance-criteria.md", "- AC-1: a\n");
        repo.write(".workflow/ABC-10/acceptance-criteria.md", "- a\n");

        CliRun.Result result = wb(repo.root(), "task", "migrate-criteria");

        assertEquals(0, result.code(), result::toString);
        assertEquals("ABC-2: unchanged\nABC-10: numbered 1 criterion (AC-1 on line 1)\n", result.out());
        assertEquals("- AC-1: a\n", criteria("ABC-10"));
    }

    @Test
    void json_is_one_document_with_every_capsule() throws IOException {
        repo.write(".workflow/ABC-2/acceptance-criteria.md", "- a\n  proof-url: x\n");

        CliRun.Result result = wb(repo.root(), "--json", "task", "migrate-criteria", "--dry-run");

        assertEquals(1, result.code(), result::toString);
        JsonNode doc = result.json();
        assertEquals(true, doc.get("dryRun").booleanValue());
        JsonNode capsule = doc.get("capsules").get(0);
        assertEquals("ABC-2", capsule.get("task").textValue());
        assertEquals(
                ".workflow/ABC-2/acceptance-criteria.md", capsule.get("file").textValue());
        assertEquals("numbered", capsule.get("status").textValue());
        assertEquals(false, capsule.get("written").booleanValue());
        assertEquals("AC-1", capsule.get("numbered").get(0).get("id").textValue());
        assertEquals(2, capsule.get("problems").get(0).get("line").intValue());
        assertEquals("- a\n  proof-url: x\n", criteria("ABC-2"));
        assertTrue(result.err().startsWith("error: "), result::toString);
    }

    @Test
    void a_missing_file_for_the_key_exits_6() {
        CliRun.Result result = wb(repo.root(), "task", "migrate-criteria", "ABC-12");

        assertEquals(6, result.code(), result::toString);
        assertTrue(
                result.err().startsWith("error: .workflow/ABC-12/acceptance-criteria.md is missing\n  fix: "),
                result::toString);
    }

    @Test
    void a_malformed_key_exits_2() {
        CliRun.Result result = wb(repo.root(), "task", "migrate-criteria", "not-a-key");

        assertEquals(2, result.code(), result::toString);
        assertTrue(result.err().startsWith("error: malformed key: not-a-key\n  fix: "), result::toString);
    }

    @Test
    void a_proof_doc_withheld_by_the_policy_is_a_problem() throws IOException {
        repo.write(".workflow/policy.json", "{\"blockedReadPatterns\": [\"secret/**\"]}\n");
        repo.write(".workflow/ABC-12/acceptance-criteria.md", "- AC-1: a\n  proof-doc: secret/plan.md\n");

        CliRun.Result result = wb(repo.root(), "task", "migrate-criteria", "ABC-12");

        assertEquals(1, result.code(), result::toString);
        assertTrue(
                result.out().contains("line 2: proof-doc secret/plan.md is withheld by blockedReadPatterns"),
                result::toString);
    }

    @Test
    void an_invalid_policy_exits_3() {
        repo.write(".workflow/policy.json", "{\"blockedReadPatterns\": 7}\n");
        repo.write(".workflow/ABC-12/acceptance-criteria.md", "- AC-1: a\n");

        CliRun.Result result = wb(repo.root(), "task", "migrate-criteria", "ABC-12");

        assertEquals(3, result.code(), result::toString);
    }

    @Test
    void the_group_alone_prints_its_help_with_its_subcommands() {
        CliRun.Result result = wb(repo.root(), "task");

        assertEquals(0, result.code(), result::toString);
        assertTrue(result.out().startsWith("Usage: wb task "), result::toString);
        for (String member : List.of("new", "approve-commands", "migrate-criteria")) {
            assertTrue(result.out().contains("\n  " + member + " "), result::toString);
        }
        assertEquals("", result.err());
    }

    @Test
    void nothing_to_migrate_exits_0() {
        CliRun.Result result = wb(repo.root(), "task", "migrate-criteria");

        assertEquals(0, result.code(), result::toString);
        assertEquals("no .workflow/<KEY>/acceptance-criteria.md to migrate\n", result.out());
    }
}
