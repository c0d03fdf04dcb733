package dev.wb.cli.judge;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.wb.cli.testing.CliRun;
import dev.wb.engine.json.CanonicalJson;
import dev.wb.testkit.TempGitRepo;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The judge as a user meets it: every {@code --json} run prints one JSON document, a refusal too, and
 * {@code wb judge current} names the paths behind NEWER_CHANGES (hardened in issue 13, items 38 and 25).
 */
class JudgeJsonPrintsOneDocumentTest {

    private static final String RAN = "mkdir -p build/ran";

    @TempDir
    Path tmp;

    TempGitRepo repo;

    @BeforeEach
    void repository() {
        repo = TempGitRepo.create(tmp, "repo");
        repo.write("src/App.java", "class App {}\n");
        repo.write(".gitignore", "build/\n");
        repo.write(".workflow/.gitignore", "local/\n.env\n");
        repo.commitAll("base");
        String dir = ".workflow/TASK-1/";
        repo.write(dir + "task.md", "# Task\n\n## Validation\n\n```\n" + RAN + "\n```\n");
        repo.write(dir + "context.md", "# Context\n");
        repo.write(dir + "plan.md", "# Plan\n");
        repo.write(dir + "acceptance-criteria.md", "- AC-1: it works\n");
        repo.write(dir + "review-checklist.md", "# Checklist\n");
        repo.write("src/App.java", "class App { int x; }\n");
    }

    CliRun.Result wb(String... args) {
        return CliRun.wb(repo.root(), TempGitRepo.gitEnvironment(), args);
    }

    /** A refusal under --json: its exit code, its error: line on stderr, and exactly one JSON document naming it. */
    static JsonNode refusedWithOneDocument(int code, String error, CliRun.Result result) {
        assertEquals(code, result.code(), result::toString);
        assertTrue(result.err().contains("error: " + error), result::toString);
        JsonNode doc = JudgeCliTest.one(result);
        assertTrue(doc.path("error").asText().startsWith(error), result::toString);
        assertEquals(code, doc.path("exitCode").asInt(), result::toString);
        assertTrue(doc.path("fixes").isArray() && doc.path("fixes").size() > 0, result::toString);
        return doc;
    }

    String snapshot() {
        CliRun.Result result = wb("judge", "snapshot", "TASK-1", "--base", "main", "--json");
        assertEquals(0, result.code(), result::toString);
        return JudgeCliTest.one(result).get("id").asText();
    }

    /** An APPROVED record of {@code candidate}'s scope, saved where a caller saves it. */
    Path record(String candidate) throws IOException {
        CliRun.Result scope = wb("judge", "scope", "TASK-1", "--base", "main", "--candidate", candidate, "--json");
        assertEquals(0, scope.code(), scope::toString);
        ObjectNode doc = CanonicalJson.objectNode();
        doc.put("schemaVersion", 6);
        doc.put("taskId", "TASK-1");
        doc.set("scope", CanonicalJson.parse(scope.out().getBytes(java.nio.charset.StandardCharsets.UTF_8)));
        doc.put("verdict", "APPROVED");
        doc.putArray("tests").addObject().put("command", RAN).put("status", "passed");
        doc.putArray("criteria")
                .addObject()
                .put("id", "AC-1")
                .put("status", "pass")
                .put("evidence", "read it");
        doc.putArray("observations");
        doc.put("reviewedAt", "2026-12-01T10:00:00Z");
        Path file = repo.resolve(".workflow/local/judge/TASK-1/review.json");
        Files.createDirectories(file.getParent());
        Files.writeString(file, CanonicalJson.text(doc, true));
        return file;
    }

    // ---- item 38 ------------------------------------------------------------------------------------

    @Test
    void item38_a_snapshot_of_an_empty_boundary_under_json_prints_one_error_document() {
        // Defect: wb judge snapshot --json on an empty boundary printed nothing on stdout.
        repo.commitAll("the change");

        refusedWithOneDocument(
                2, "the review boundary is empty", wb("judge", "snapshot", "TASK-1", "--base", "HEAD", "--json"));
    }

    @Test
    void item38_run_tests_on_a_worktree_record_under_json_prints_one_error_document() throws IOException {
        // Defect: wb judge verify --run-tests --json on a WORKTREE record printed nothing on stdout.
        Path record = record("WORKTREE");

        refusedWithOneDocument(
                2,
                "--run-tests needs a snapshot candidate",
                wb("judge", "verify", record.toString(), "--run-tests", "--approve-commands", RAN, "--json"));
    }

    @Test
    void item38_an_isolated_run_without_a_lockfile_under_json_prints_one_error_document() {
        // Defect: wb judge run --isolated --json with dependencies and no lockfile printed nothing on stdout.
        repo.write("package.json", "{\"dependencies\": {\"left-pad\": \"1.3.0\"}}\n");
        String id = snapshot();

        refusedWithOneDocument(
                7,
                "no lockfile: package.json declares dependencies",
                wb(
                        "judge",
                        "run",
                        "TASK-1",
                        "--candidate",
                        "SNAPSHOT:" + id,
                        "--isolated",
                        "--approve-commands",
                        RAN,
                        "--json"));
    }

    @Test
    void item38_every_judge_subcommand_refusal_under_json_prints_one_error_document() {
        // Defect: the judge's refusals under --json left stdout empty; each must print one document.
        List<String[]> refusals = new ArrayList<>();
        refusals.add(new String[] {"judge", "snapshot", "TASK", "--json"});
        refusals.add(new String[] {"judge", "scope", "TASK-1", "--base", "no-such-branch", "--json"});
        refusals.add(new String[] {"judge", "run", "TASK-1", "--candidate", "WORKTREE", "--json"});
        refusals.add(new String[] {"judge", "run", "TASK-1", "--candidate", "SNAPSHOT:" + "0".repeat(20), "--json"});
        refusals.add(new String[] {"judge", "verify", "no-such-record.json", "--json"});
        refusals.add(
                new String[] {"judge", "verify", "r.json", "--run-tests", "--receipt-digest", "sha256:x", "--json"});
        refusals.add(new String[] {"judge", "current", "no-such-record.json", "--json"});
        refusals.add(new String[] {"judge", "rounds", "not a key", "--json"});
        refusals.add(new String[] {"judge", "prune", "--keep", "-1", "--json"});
        refusals.add(
                new String[] {"judge", "reproduce", "TASK-1", "--base", "main", "--candidate", "WORKTREE", "--json"});
        refusals.add(new String[] {"judge", "verify", "--json"});
        refusals.add(new String[] {"judge", "snapshot", "TASK-1", "--no-such-option", "--json"});
        for (String[] args : refusals) {
            CliRun.Result result = wb(args);

            assertTrue(result.code() != 0, result::toString);
            JsonNode doc = JudgeCliTest.one(result);
            assertEquals(result.code(), doc.path("exitCode").asInt(), result::toString);
            assertTrue(result.err().contains("error: " + doc.path("error").asText()), result::toString);
        }
    }

    @Test
    void item38_a_command_that_printed_its_own_document_prints_no_second_one() throws IOException {
        // A rejected record has its own document (valid: false, its reasons); the error is not added to it.
        String id = snapshot();
        Path record = record("SNAPSHOT:" + id);
        ObjectNode doc = (ObjectNode) CanonicalJson.parse(Files.readAllBytes(record));
        doc.put("verdict", "LGTM");
        Files.writeString(record, CanonicalJson.text(doc, true));

        CliRun.Result result = wb("judge", "verify", record.toString(), "--json");

        assertEquals(7, result.code(), result::toString);
        JsonNode one = JudgeCliTest.one(result);
        assertFalse(one.path("valid").asBoolean(true), result::toString);
        assertFalse(one.has("error"), result::toString);
    }

    @Test
    void item38_without_json_a_refusal_prints_nothing_on_stdout() {
        // The JSON error document is for --json only: stdout stays data.
        CliRun.Result result = wb("judge", "scope", "TASK-1", "--base", "no-such-branch");

        assertEquals(2, result.code(), result::toString);
        assertEquals("", result.out(), result::toString);
    }

    // ---- item 25 ------------------------------------------------------------------------------------

    @Test
    void item25_judge_current_names_the_newer_paths_with_control_characters_escaped() throws IOException {
        // Defect: judge current said NEWER_CHANGES without naming the paths.
        String id = snapshot();
        assertEquals(
                0,
                wb("judge", "run", "TASK-1", "--candidate", "SNAPSHOT:" + id, "--approve-commands", RAN)
                        .code());
        Path record = record("SNAPSHOT:" + id);
        repo.write("src/App.java", "class App { int x; int y; }\n");
        repo.write("src/evil\r\u001b[2Kname.java", "class Evil {}\n");

        CliRun.Result text = wb("judge", "current", record.toString());
        CliRun.Result json = wb("judge", "current", record.toString(), "--json");

        assertEquals(0, text.code(), text::toString);
        assertTrue(text.out().contains("NEWER_CHANGES"), text::toString);
        assertTrue(text.out().contains("src/App.java"), text::toString);
        assertTrue(text.out().contains("src/evil\\r\\x1b[2Kname.java"), text::toString);
        assertFalse(text.out().contains("\r") || text.out().contains("\u001b"), text::toString);
        JsonNode doc = JudgeCliTest.one(json);
        assertEquals("NEWER_CHANGES", doc.path("status").asText());
        assertEquals(
                List.of("src/App.java", "src/evil\r\u001b[2Kname.java"), JudgeCliTest.texts(doc.path("changedFiles")));
    }

    @Test
    void item25_a_current_workspace_lists_no_changed_path() throws IOException {
        // The list is the difference: empty when the workspace is the snapshot.
        String id = snapshot();
        assertEquals(
                0,
                wb("judge", "run", "TASK-1", "--candidate", "SNAPSHOT:" + id, "--approve-commands", RAN)
                        .code());
        Path record = record("SNAPSHOT:" + id);

        JsonNode doc = JudgeCliTest.one(wb("judge", "current", record.toString(), "--json"));

        assertEquals("CURRENT", doc.path("status").asText());
        assertEquals(0, doc.path("changedFiles").size());
    }
}
