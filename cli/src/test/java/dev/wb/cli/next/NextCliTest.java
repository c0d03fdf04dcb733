package dev.wb.cli.next;

import static dev.wb.cli.testing.CliRun.wb;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import dev.wb.cli.testing.CliRun;
import dev.wb.testkit.SamplePlan;
import dev.wb.testkit.TempGitRepo;
import java.nio.file.Path;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** {@code wb next [KEY] [--json]}: which task and which step, after the real commands ran. */
class NextCliTest {

    @TempDir
    Path tmp;

    TempGitRepo repo;

    @BeforeEach
    void repository() {
        repo = TempGitRepo.create(tmp, "repo");
        repo.write("src/app.py", SamplePlan.APP_PY);
        repo.git("add", ".");
        repo.git("commit", "-q", "-m", "app");
    }

    void audited(String key) {
        repo.write(
                ".workflow/" + key + "/sdd.json",
                SamplePlan.of(key).verify("make -s ok").json());
        CliRun.Result audit = wb(repo.root(), "sdd", "audit", key);
        assertEquals(0, audit.code(), audit::toString);
    }

    @Test
    void a_branch_naming_a_task_chooses_it_over_the_one_touched_last() {
        audited("ABC-1");
        audited("ABC-2");
        repo.git("checkout", "-q", "-b", "task/ABC-1");

        CliRun.Result result = wb(repo.root(), "next");

        assertEquals(0, result.code(), result::toString);
        assertEquals("""
                ABC-1  (branch)  scope pending  not checked yet
                  next: wb impl check ABC-1   (implement-change)
                """, result.out());
    }

    @Test
    void without_a_branch_naming_one_the_task_touched_last_is_chosen() {
        audited("ABC-1");
        audited("ABC-2");

        CliRun.Result result = wb(repo.root(), "next");

        assertEquals(0, result.code(), result::toString);
        assertTrue(result.out().startsWith("ABC-2  (most recent)  scope pending"), result::toString);
    }

    @Test
    void a_path_outside_the_plan_reads_blocked_at_scope() {
        audited("ABC-1");
        repo.write("src/other.py", "x = 1\n");
        wb(repo.root(), "impl", "check", "ABC-1");

        CliRun.Result result = wb(repo.root(), "next", "ABC-1");

        assertEquals(0, result.code(), result::toString);
        assertEquals("""
                ABC-1  scope BLOCKED  live: 1 changed path outside every audited plan; last check found a deviation
                  next: wb impl check ABC-1   (implement-change)
                """, result.out());
    }

    @Test
    void a_named_task_without_history_or_a_ticket_starts_at_triage() {
        CliRun.Result result = wb(repo.root(), "next", "abc-9");

        assertEquals(0, result.code(), result::toString);
        assertEquals("""
                ABC-9  triage pending  no triage.json: read the ticket, or frame the idea
                  next: wb task get ABC-9   (triage-task)
                """, result.out());
    }

    @Test
    void a_key_in_the_branch_name_is_the_last_resort() {
        repo.git("checkout", "-q", "-b", "feature/abc-12-login");

        CliRun.Result result = wb(repo.root(), "next");

        assertEquals(0, result.code(), result::toString);
        assertTrue(result.out().startsWith("ABC-12  (branch)  triage pending"), result::toString);
    }

    @Test
    void nothing_to_choose_from_exits_6_with_a_fix() {
        CliRun.Result result = wb(repo.root(), "next");

        assertEquals(6, result.code(), result::toString);
        assertTrue(result.err().startsWith("error: no work in progress in this checkout"), result::toString);
        assertTrue(result.err().contains("\n  fix: "), result::toString);
        assertEquals("", result.out());
    }

    @Test
    void json_has_the_originals_fields() {
        audited("ABC-1");

        CliRun.Result result = wb(repo.root(), "next", "--json");

        assertEquals(0, result.code(), result::toString);
        JsonNode doc = result.json();
        assertEquals(1, doc.get("schema").asInt());
        assertEquals("ABC-1", doc.get("key").textValue());
        assertEquals("most recent", doc.get("origin").textValue());
        assertEquals("scope", doc.get("stage").textValue());
        assertEquals("pending", doc.get("state").textValue());
        assertEquals("not checked yet", doc.get("reason").textValue());
        assertEquals("wb impl check ABC-1", doc.get("command").textValue());
        assertEquals("implement-change", doc.get("skill").textValue());
    }

    @Test
    void a_malformed_key_exits_2() {
        CliRun.Result result = wb(repo.root(), "next", "not-a-key");

        assertEquals(2, result.code(), result::toString);
        assertTrue(result.err().startsWith("error: malformed key: not-a-key\n  fix: "), result::toString);
    }

    @Test
    void a_task_marked_done_reads_as_done_and_is_not_chosen_unless_named() {
        audited("ABC-1");
        audited("ABC-2");
        assertEquals(0, wb(repo.root(), "task", "done", "ABC-2").code());

        CliRun.Result chosen = wb(repo.root(), "next");
        CliRun.Result named = wb(repo.root(), "next", "ABC-2", "--json");

        assertEquals(0, chosen.code(), chosen::toString);
        assertTrue(chosen.out().startsWith("ABC-1  (most recent)  scope pending"), chosen::toString);
        assertEquals(0, named.code(), named::toString);
        assertEquals("done", named.json().get("state").textValue(), named::toString);
        assertEquals("", named.json().get("command").textValue(), named::toString);
        assertEquals(
                "ABC-2  done\n  next: nothing outstanding\n",
                wb(repo.root(), "next", "ABC-2").out());
    }
}
