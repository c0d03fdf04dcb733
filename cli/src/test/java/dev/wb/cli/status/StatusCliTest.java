package dev.wb.cli.status;

import static dev.wb.cli.testing.CliRun.wb;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import dev.wb.cli.testing.CliRun;
import dev.wb.testkit.SamplePlan;
import dev.wb.testkit.TempGitRepo;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** {@code wb status [KEY] [--stats] [--json]} as a user meets it, after the real commands ran. */
class StatusCliTest {

    @TempDir
    Path tmp;

    TempGitRepo repo;

    @BeforeEach
    void repository() {
        repo = TempGitRepo.create(tmp, "repo");
        repo.write("src/app.py", SamplePlan.APP_PY);
        repo.write("Makefile", "ok:\n\t@echo all good\n");
        repo.git("add", ".");
        repo.git("commit", "-q", "-m", "app");
    }

    static SamplePlan sample(String key) {
        return SamplePlan.of(key).verify("make -s ok", "curl http://example.com");
    }

    void plan(String key, SamplePlan plan) {
        repo.write(".workflow/" + key + "/sdd.json", plan.json());
    }

    /** ABC-1: audited, checked, verified (failing: curl is refused). ABC-2: a failed audit. ABC-3: a plan only. */
    void threeTasks() {
        plan("ABC-1", sample("ABC-1"));
        assertEquals(0, wb(repo.root(), "sdd", "audit", "ABC-1").code());
        assertEquals(0, wb(repo.root(), "impl", "check", "ABC-1").code());
        assertEquals(7, wb(repo.root(), "impl", "verify", "ABC-1").code());
        plan("ABC-2", sample("ABC-2").line(1));
        assertEquals(7, wb(repo.root(), "sdd", "audit", "ABC-2").code());
        plan("ABC-3", sample("ABC-3"));
    }

    @Test
    void a_task_shows_its_latest_checks_and_the_workspace_its_preflights_and_flow_validations() {
        plan("ABC-1", sample("ABC-1"));
        assertEquals(0, wb(repo.root(), "sdd", "audit", "ABC-1").code());
        repo.write("src/app.py", "# app\nvalue = 1\nmore = 2\n");
        repo.write(
                ".workflow/config.json",
                "{\"checks\": {\"command_sets\": {\"repo\": {\"commands\": [[\"make\"," + " \"-s\", \"ok\"]]}}}}");
        CliRun.Result checks = wb(repo.root(), "checks", "ABC-1");
        repo.write(".workflow/flows/broken.yaml", "flow:\n  name: B\n");
        CliRun.Result flows = wb(repo.root(), "validate-flow", "--all");

        CliRun.Result task = wb(repo.root(), "status", "ABC-1");
        CliRun.Result workspace = wb(repo.root(), "status", "workspace");
        CliRun.Result stats = wb(repo.root(), "status", "--stats", "--json");

        assertEquals(0, checks.code(), checks::toString);
        assertEquals(1, flows.code(), flows::toString);
        assertTrue(
                task.out().contains("  checks:        pass (latest of 1 run(s): 1 pass, 0 fail, 0 incomplete)\n"),
                task::toString);
        assertTrue(
                workspace.out().contains("  flows:         1 validation(s), 1 flow(s) checked, 1 invalid\n"),
                workspace::toString);
        assertEquals(1, stats.json().at("/stats/operations/checkRuns/pass").asInt(), stats::toString);
        assertEquals(
                1, stats.json().at("/stats/operations/flowValidations/invalid").asInt(), stats::toString);
    }

    @Test
    void each_task_is_a_row_of_its_stages_its_next_command_and_its_last_activity() {
        threeTasks();

        CliRun.Result result = wb(repo.root(), "status");

        assertEquals(0, result.code(), result::toString);
        List<String> lines = result.out().lines().toList();
        assertTrue(
                lines.get(0)
                        .matches(
                                "TASK\\s+TRIAGE\\s+PLAN\\s+AUDIT\\s+SCOPE\\s+VERIFY\\s+HANDOVER\\s+COMMIT\\s+GIT\\s+PR\\s+NEXT\\s+EVENTS\\s+LAST ACTIVITY\\s+LAST EVENT\\s+BY"),
                result::toString);
        assertTrue(
                lines.get(1)
                        .matches(
                                "ABC-1\\s+n/a\\s+ok\\s+ok\\s+ok\\s+FAIL\\s+n/a\\s+-\\s+-\\s+-\\s+wb impl verify ABC-1\\s+5\\s+\\S+Z\\s+verify\\.finished\\s+\\S.*(@| on )\\S+"),
                result::toString);
        assertTrue(
                lines.get(2)
                        .matches(
                                "ABC-2\\s+n/a\\s+ok\\s+FAIL\\s+-\\s+-\\s+n/a\\s+-\\s+-\\s+-\\s+wb sdd audit ABC-2\\s+1\\s+\\S+Z\\s+plan\\.audited\\s+\\S.*(@| on )\\S+"),
                result::toString);
        assertTrue(
                lines.get(3)
                        .matches(
                                "ABC-3\\s+n/a\\s+ok\\s+-\\s+-\\s+-\\s+n/a\\s+-\\s+-\\s+-\\s+wb sdd audit ABC-3\\s+0\\s+-\\s+-\\s+-"),
                result::toString);
    }

    @Test
    void one_task_shows_each_stage_with_why_and_the_next_command() {
        threeTasks();
        plan("ABC-1", sample("ABC-1").objective("another objective"));

        CliRun.Result result = wb(repo.root(), "status", "abc-1");

        assertEquals(0, result.code(), result::toString);
        assertTrue(result.out().startsWith("""
                task ABC-1
                  triage   n/a    no ticket read: the plan came first
                  plan     ok     sdd.json written
                  audit    -      sdd.json changed since its audit
                  scope    ok     every changed path is in an audited plan
                  verify   FAIL   a command, a test target or a regression check failed, or one was refused (evidence.md says which)
                  handover n/a    not owed: no bug, support or incident work
                  commit   -      no commit message checked yet
                  git      -      nothing committed yet
                  pr       -      no PR description checked yet
                  next:          wb sdd audit ABC-1
                  events:        5 (versions 0 to 4)
                """), result::toString);
    }

    @Test
    void stats_show_where_tasks_wait_or_fail_and_what_the_log_adds_up_to() {
        threeTasks();

        CliRun.Result result = wb(repo.root(), "status", "--stats");

        assertEquals(0, result.code(), result::toString);
        String out = result.out();
        assertTrue(out.contains("workspace: 3 tasks, 6 events"), out);
        assertTrue(out.contains("""
                where tasks are: 0 done
                  STAGE    WAITING FAILING
                  triage         0       0
                  plan           0       0
                  audit          1       1
                  scope          0       0
                  verify         0       1
                  handover       0       0
                  commit         0       0
                  git            0       0
                  pr             0       0
                """), out);
        assertTrue(out.lines().anyMatch(l -> l.matches("\\s+1\\s+0\\s+\\d+ ms  make -s ok")), out);
        assertTrue(out.contains("most often fails, then passes: none\n"), out);
        assertTrue(out.contains("citations: moved 1, ok 1\n"), out);
        assertTrue(
                out.contains("citation trouble: 0 wrong (mismatch, missing_file), 1 drifted (moved, out_of_range)\n"),
                out);
        assertTrue(out.contains("refused commands:\n       1  curl http://example.com: refused: "), out);
        assertTrue(out.contains("refused variables: none\n"), out);
        assertTrue(out.contains("git steps: 0 ran (0 failed), 0 refused\n"), out);
    }

    @Test
    void json_carries_each_tasks_stages_and_next_command_beside_its_activity() {
        threeTasks();

        JsonNode doc = wb(repo.root(), "status", "--json").json();

        JsonNode first = doc.get("streams").get(0);
        assertEquals("ABC-1", first.get("stream").asText());
        assertEquals(5, first.get("events").asInt(), "the activity fields stay");
        assertEquals("verify.finished", first.get("lastType").asText());
        assertEquals("fail", first.get("stages").get("verify").get("mark").asText());
        assertEquals("wb impl verify ABC-1", first.get("next").asText());
        assertEquals("verify", first.get("current").asText());
        assertTrue(doc.get("stats") == null, "stats only with --stats");
    }

    @Test
    void json_stats_list_every_command_refusal_and_count() {
        threeTasks();

        JsonNode stats = wb(repo.root(), "status", "--stats", "--json").json().get("stats");

        assertEquals(1, stats.get("waiting").get("audit").asInt());
        assertEquals(1, stats.get("failing").get("verify").asInt());
        JsonNode command = stats.get("commands").get(0);
        assertEquals("make -s ok", command.get("command").asText());
        assertEquals(
                List.of(1, 0, 0),
                List.of(
                        command.get("runs").asInt(),
                        command.get("failures").asInt(),
                        command.get("failsThenPasses").asInt()));
        assertTrue(command.get("meanMs").isIntegralNumber());
        assertTrue(stats.get("mostFailsThenPasses").isNull());
        assertEquals(1, stats.get("citations").get("moved").asInt());
        assertEquals(0, stats.get("citationGroups").get("wrong").asInt());
        assertEquals(1, stats.get("citationGroups").get("drifted").asInt(), "moved and out_of_range");
        assertEquals(
                "curl http://example.com",
                stats.get("refusedCommands").get(0).get("command").asText());
        assertEquals(0, stats.get("gitSteps").get("ran").asInt());
    }

    @Test
    void a_task_with_every_stage_done_has_no_next_command() {
        plan("ABC-1", sample("ABC-1"));
        wb(repo.root(), "sdd", "audit", "ABC-1");

        JsonNode task = wb(repo.root(), "status", "ABC-1", "--json").json();

        assertEquals("wb impl check ABC-1", task.get("next").asText());
        assertEquals("scope", task.get("current").asText());
        assertEquals(1, task.get("countsByType").get("plan.audited").asInt());
    }
}
