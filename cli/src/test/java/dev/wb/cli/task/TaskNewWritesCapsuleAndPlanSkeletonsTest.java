package dev.wb.cli.task;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import dev.wb.cli.testing.CliRun;
import dev.wb.commands.capsule.Capsule;
import dev.wb.commands.capsule.CapsuleProblem;
import dev.wb.commands.capsule.NewTask;
import dev.wb.commands.capsule.ValidationBlock;
import dev.wb.commands.policy.ReadPolicy;
import dev.wb.engine.TaskKey;
import dev.wb.testkit.TempGitRepo;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** {@code wb task new KEY} writes the capsule and plan skeletons docs/CAPSULE.md promises (issue 13, item 28). */
class TaskNewWritesCapsuleAndPlanSkeletonsTest {

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

    // Issue 19: "idempotent, never overwrites" (a second run once refused with exit 2).
    @Test
    void an_existing_task_md_is_kept_and_the_missing_files_are_written() throws Exception {
        repo.write(".workflow/TASK-7/task.md", "# mine\n");

        CliRun.Result result = wb("task", "new", "TASK-7", "--title", "Round prices");

        assertEquals(0, result.code(), result::toString);
        assertEquals("# mine\n", Files.readString(repo.resolve(".workflow/TASK-7/task.md")));
        assertTrue(result.out().contains("kept    .workflow/TASK-7/task.md (already there)"), result::toString);
        assertTrue(result.out().contains("the title was not applied"), result::toString);
        assertFalse(result.out().contains("created .workflow/TASK-7/task.md"), result::toString);
        assertTrue(result.out().contains("created .workflow/TASK-7/sdd.json"), result::toString);
        assertEquals(FILES.stream().sorted().toList(), listing());
    }

    // Issue 19: a second run writes nothing, records nothing and exits 0.
    @Test
    void a_second_run_writes_nothing_records_nothing_and_keeps_edits() throws Exception {
        assertEquals(0, wb("task", "new", "TASK-7").code());
        repo.write(".workflow/TASK-7/plan.md", "# Plan\n\nedited\n");
        Files.delete(repo.resolve(".workflow/TASK-7/context.md"));

        CliRun.Result again = wb("--json", "task", "new", "TASK-7");

        assertEquals(0, again.code(), again::toString);
        JsonNode doc = again.json();
        assertEquals(List.of(".workflow/TASK-7/context.md"), texts(doc.get("files")), again::toString);
        assertEquals(5, doc.get("kept").size(), again::toString);
        assertEquals("# Plan\n\nedited\n", Files.readString(repo.resolve(".workflow/TASK-7/plan.md")));

        CliRun.Result third = wb("--json", "task", "new", "TASK-7");
        assertEquals(0, third.code(), third::toString);
        assertEquals(0, third.json().get("files").size(), third::toString);
        assertTrue(third.json().get("event").isNull(), third::toString);
        CliRun.Result plain = wb("task", "new", "TASK-7");
        assertTrue(plain.out().contains("TASK-7: the skeleton is complete; nothing written"), plain::toString);
        List<JsonNode> events = wb("replay", "TASK-7", "--json").jsonLines();
        assertEquals(2, events.size(), "the two runs that wrote, not the two that did not");
    }

    // Issue 19: "wb task new KEY [--title T]".
    @Test
    void the_title_is_task_mds_heading_and_the_capsule_still_reads() throws Exception {
        CliRun.Result result = wb("task", "new", "TASK-7", "--title", "Round prices to cents");

        assertEquals(0, result.code(), result::toString);
        assertTrue(Files.readString(repo.resolve(".workflow/TASK-7/task.md"))
                .startsWith("# TASK-7: Round prices to cents\n\n## Goal\n"));
        Capsule capsule = Capsule.read(repo.root(), TaskKey.parse("TASK-7").orElseThrow(), ReadPolicy.none());
        assertEquals(ValidationBlock.Shape.EMPTY, capsule.validation().shape());
    }

    // Issue 19: a title that is not one short line is refused, and nothing is written.
    @Test
    void a_title_with_a_line_break_or_too_long_is_refused_and_nothing_is_written() {
        for (String title : List.of("two\nlines", "x".repeat(NewTask.TITLE_LIMIT + 1), " ")) {
            CliRun.Result result = wb("task", "new", "TASK-7", "--title", title);
            assertEquals(2, result.code(), result::toString);
            assertTrue(result.err().startsWith("error: the title"), result::toString);
            assertTrue(result.err().contains("\n  fix: "), result::toString);
            assertFalse(Files.exists(repo.resolve(".workflow/TASK-7")), "nothing written");
        }
    }

    static List<String> texts(JsonNode array) {
        List<String> values = new ArrayList<>();
        array.forEach(v -> values.add(v.asText()));
        return values;
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
