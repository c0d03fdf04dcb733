package dev.wb.cli.task;

import static dev.wb.cli.testing.CliRun.wb;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import dev.wb.cli.testing.CliRun;
import dev.wb.testkit.SamplePlan;
import dev.wb.testkit.TempGitRepo;
import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** {@code wb task done KEY} and {@code wb task clean [--execute]}, on a real repository and log. */
class TaskDoneCleanCliTest {

    @TempDir
    Path tmp;

    TempGitRepo repo;

    @BeforeEach
    void repository() {
        repo = TempGitRepo.create(tmp, "repo");
        repo.write("src/app.py", SamplePlan.APP_PY);
        repo.write("src/lib.py", SamplePlan.APP_PY);
        repo.git("add", ".");
        repo.git("commit", "-q", "-m", "app and lib");
    }

    /** ABC-1 plans src/app.py, ABC-2 plans src/lib.py; both audited and passing. */
    void twoAuditedPlans() {
        repo.write(
                ".workflow/ABC-1/sdd.json",
                SamplePlan.of("ABC-1").verify("make -s ok").json());
        repo.write(
                ".workflow/ABC-2/sdd.json",
                SamplePlan.of("ABC-2").verify("make -s ok").json().replace("src/app.py", "src/lib.py"));
        for (String key : new String[] {"ABC-1", "ABC-2"}) {
            CliRun.Result audit = wb(repo.root(), "sdd", "audit", key);
            assertEquals(0, audit.code(), audit::toString);
        }
    }

    @Test
    void a_done_task_claims_nothing_so_its_files_are_no_longer_other() {
        twoAuditedPlans();
        repo.write("src/lib.py", "# lib\nvalue = 2\n");

        CliRun.Result before = wb(repo.root(), "impl", "check", "ABC-1");
        CliRun.Result done = wb(repo.root(), "task", "done", "ABC-2", "--reason", "merged");
        CliRun.Result after = wb(repo.root(), "impl", "check", "ABC-1");

        assertEquals(0, before.code(), before::toString);
        assertTrue(before.out().contains("  other     src/lib.py  (claimed by ABC-2)\n"), before::toString);
        assertEquals(0, done.code(), done::toString);
        assertTrue(done.out().startsWith("ABC-2: done (recorded as event "), done::toString);
        assertEquals(7, after.code(), after::toString);
        assertTrue(after.out().contains("  deviation src/lib.py"), after::toString);
        assertFalse(after.out().contains("(ABC-2)"), after::toString);
    }

    @Test
    void marking_a_done_task_again_records_nothing() {
        assertEquals(0, wb(repo.root(), "task", "done", "ABC-3").code());

        CliRun.Result again = wb(repo.root(), "task", "done", "ABC-3", "--json");

        assertEquals(0, again.code(), again::toString);
        assertTrue(again.json().get("alreadyDone").booleanValue(), again::toString);
        CliRun.Result replay = wb(repo.root(), "replay", "ABC-3");
        assertEquals(1, replay.out().split("task\\.done", -1).length - 1, replay::toString);
    }

    @Test
    void clean_lists_the_done_tasks_folders_and_removes_nothing_without_execute() {
        twoAuditedPlans();
        assertEquals(0, wb(repo.root(), "task", "done", "ABC-2").code());

        CliRun.Result listed = wb(repo.root(), "task", "clean");

        assertEquals(0, listed.code(), listed::toString);
        assertTrue(listed.out().startsWith(".workflow/ABC-2/\n  .workflow/ABC-2/"), listed::toString);
        assertFalse(listed.out().contains("ABC-1"), listed::toString);
        assertTrue(listed.out().endsWith("nothing removed\nremove them: wb task clean --execute\n"), listed::toString);
        assertTrue(Files.exists(repo.resolve(".workflow/ABC-2/sdd.json")));
    }

    @Test
    void clean_execute_removes_the_folder_records_it_and_keeps_every_event() {
        twoAuditedPlans();
        assertEquals(0, wb(repo.root(), "task", "done", "ABC-2").code());
        int eventsBefore = wb(repo.root(), "status", "ABC-2", "--json")
                .json()
                .get("events")
                .asInt();

        CliRun.Result cleaned = wb(repo.root(), "task", "clean", "--execute", "--json");

        assertEquals(0, cleaned.code(), cleaned::toString);
        JsonNode task = cleaned.json().get("tasks").get(0);
        assertEquals("ABC-2", task.get("taskId").textValue());
        assertTrue(task.get("files").toString().contains(".workflow/ABC-2/sdd.json"), cleaned::toString);
        assertFalse(Files.exists(repo.resolve(".workflow/ABC-2")));
        assertTrue(Files.exists(repo.resolve(".workflow/ABC-1/sdd.json")));
        JsonNode status = wb(repo.root(), "status", "ABC-2", "--json").json();
        assertEquals(eventsBefore + 1, status.get("events").asInt(), status::toString);
        assertEquals(1, status.at("/countsByType/task.cleaned").asInt(), status::toString);
        CliRun.Result again = wb(repo.root(), "task", "clean");
        assertEquals("no done task has a folder to clean (mark one with: wb task done KEY)\n", again.out());
    }

    @Test
    void a_malformed_key_exits_2() {
        CliRun.Result result = wb(repo.root(), "task", "done", "nope");

        assertEquals(2, result.code(), result::toString);
        assertTrue(result.err().startsWith("error: malformed key: nope\n  fix: "), result::toString);
    }
}
