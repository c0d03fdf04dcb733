package dev.wb.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import dev.wb.commands.capsule.Capsule;
import dev.wb.commands.capsule.CapsuleProblem;
import dev.wb.commands.capsule.ValidationBlock;
import dev.wb.commands.policy.ReadPolicy;
import dev.wb.engine.TaskKey;
import dev.wb.testkit.TempGitRepo;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** Issue 13, item 28: {@code wb task new KEY} writes the capsule and plan skeletons docs/CAPSULE.md promises. */
class Issue13TaskNewTest {

    static final List<String> FILES =
            List.of("task.md", "context.md", "plan.md", "acceptance-criteria.md", "review-checklist.md", "sdd.json");

    @TempDir
    Path tmp;

    TempGitRepo repo;

    @BeforeEach
    void repository() {
        repo = TempGitRepo.create(tmp, "repo");
        repo.write("README.md", "hello\n");
        repo.commitAll("base");
        assertEquals(0, wb("init").code());
    }

    CliRun.Result wb(String... args) {
        return CliRun.wb(repo.root(), TempGitRepo.gitEnvironment(), args);
    }

    // "docs/CAPSULE.md describes a `wb task` that writes the capsule; no such command exists"
    @Test
    void item28_task_new_writes_a_capsule_that_wbs_own_parser_reads_as_unfilled() {
        CliRun.Result result = wb("task", "new", "TASK-7");

        assertEquals(0, result.code(), result::toString);
        for (String file : FILES) {
            assertTrue(Files.isRegularFile(repo.resolve(".workflow/TASK-7/" + file)), file);
            assertTrue(result.out().contains("created .workflow/TASK-7/" + file), result::toString);
        }
        Capsule capsule = Capsule.read(repo.root(), TaskKey.parse("TASK-7").orElseThrow(), ReadPolicy.none());
        assertEquals(ValidationBlock.Shape.EMPTY, capsule.validation().shape(), "the block waits to be filled");
        assertEquals(List.of("AC-1"), capsule.criteria().ids());
        List<String> problems =
                capsule.problems().stream().map(CapsuleProblem::render).toList();
        assertEquals(1, problems.size(), problems::toString);
        assertTrue(problems.get(0).startsWith("acceptance-criteria.md line "), problems::toString);
        assertTrue(capsule.text("task.md").startsWith("# TASK-7\n"), capsule.text("task.md"));
    }

    // "docs/CAPSULE.md describes a `wb task` that writes the capsule; no such command exists"
    @Test
    void item28_the_fresh_plan_fails_the_audit_with_findings_and_no_stack_trace() {
        assertEquals(0, wb("task", "new", "TASK-7").code());

        CliRun.Result audit = wb("sdd", "audit", "TASK-7");

        assertEquals(7, audit.code(), audit::toString);
        assertTrue(audit.out().contains("objective"), audit::toString);
        assertTrue(audit.out().contains("rollback"), audit::toString);
        assertFalse((audit.out() + audit.err()).contains("\tat "), audit::toString);
        assertFalse((audit.out() + audit.err()).contains("Exception"), audit::toString);
    }

    // "docs/CAPSULE.md describes a `wb task` that writes the capsule; no such command exists"
    @Test
    void item28_an_existing_task_md_is_refused_and_nothing_is_written() throws Exception {
        repo.write(".workflow/TASK-7/task.md", "# mine\n");

        CliRun.Result result = wb("task", "new", "TASK-7");

        assertEquals(2, result.code(), result::toString);
        assertTrue(
                result.err().startsWith("error: the task TASK-7 already has .workflow/TASK-7/task.md"),
                result::toString);
        assertTrue(result.err().contains("\n  fix: "), result::toString);
        assertEquals("# mine\n", Files.readString(repo.resolve(".workflow/TASK-7/task.md")));
        assertFalse(Files.exists(repo.resolve(".workflow/TASK-7/sdd.json")), "sdd.json not written");
        assertEquals(List.of("task.md"), listing());
    }

    // "docs/CAPSULE.md describes a `wb task` that writes the capsule; no such command exists"
    @Test
    void item28_an_existing_sdd_json_is_refused_and_nothing_is_written() throws Exception {
        repo.write(".workflow/TASK-7/sdd.json", "{}\n");

        CliRun.Result result = wb("--json", "task", "new", "TASK-7");

        assertEquals(2, result.code(), result::toString);
        assertTrue(result.json().get("error").asText().contains(".workflow/TASK-7/sdd.json"), result::toString);
        assertEquals("{}\n", Files.readString(repo.resolve(".workflow/TASK-7/sdd.json")));
        assertEquals(List.of("sdd.json"), listing());
    }

    // "docs/CAPSULE.md describes a `wb task` that writes the capsule; no such command exists"
    @Test
    void item28_a_malformed_key_exits_2_and_writes_nothing() {
        CliRun.Result result = wb("task", "new", "not a key");

        assertEquals(2, result.code(), result::toString);
        assertTrue(result.err().startsWith("error: malformed key"), result::toString);
        assertFalse(result.err().contains("\tat "), result::toString);
    }

    // "docs/CAPSULE.md describes a `wb task` that writes the capsule; no such command exists"
    @Test
    void item28_json_prints_one_document_and_the_event_is_in_the_tasks_log() {
        CliRun.Result result = wb("--json", "task", "new", "TASK-7");

        assertEquals(0, result.code(), result::toString);
        JsonNode doc = result.json();
        assertEquals("TASK-7", doc.get("taskId").asText());
        assertEquals(FILES.size(), doc.get("files").size(), result::toString);
        CliRun.Result replay = wb("replay", "TASK-7", "--json");
        assertEquals(0, replay.code(), replay::toString);
        List<JsonNode> events = replay.jsonLines();
        assertEquals(1, events.size(), replay::toString);
        assertEquals("task.created", events.get(0).get("type").asText(), replay.out());
        assertEquals(doc.get("version").asLong(), events.get(0).get("version").asLong(), replay.out());
        assertEquals(
                ".workflow/TASK-7/task.md",
                events.get(0).path("payload").path("files").get(0).asText(),
                replay.out());
    }

    List<String> listing() throws Exception {
        try (var files = Files.list(repo.resolve(".workflow/TASK-7"))) {
            return files.map(p -> p.getFileName().toString()).sorted().toList();
        }
    }

    // Review of issue 13 item 28: a task folder linked out of the repository received the skeleton.
    @Test
    void item28_a_task_folder_linked_out_of_the_repository_is_refused_and_nothing_is_written(@TempDir Path outside)
            throws Exception {
        java.nio.file.Files.createSymbolicLink(repo.root().resolve(".workflow/TASK-9"), outside);
        CliRun.Result result = wb("task", "new", "TASK-9");
        assertEquals(2, result.code(), result.toString());
        org.junit.jupiter.api.Assertions.assertTrue(
                result.err().contains("resolves outside the repository"), result.toString());
        try (var files = java.nio.file.Files.list(outside)) {
            assertEquals(0, files.count(), "nothing written outside");
        }
    }
}
