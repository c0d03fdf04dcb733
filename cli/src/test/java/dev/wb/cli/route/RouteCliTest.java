package dev.wb.cli.route;

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

/** {@code wb route [KEY] [--file PATH]… [--json]}: the light or the full route, by the audit's tier rule. */
class RouteCliTest {

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

    @Test
    void a_one_file_plan_in_no_zone_takes_the_light_route_of_five_steps() {
        repo.write(".workflow/ABC-1/sdd.json", SamplePlan.of("ABC-1").json());

        CliRun.Result result = wb(repo.root(), "route", "ABC-1");

        assertEquals(0, result.code(), result::toString);
        assertEquals("""
                ABC-1  light route  (1 file(s), no critical zone)
                  1. triage     triage-task                 wb task get ABC-1
                  2. plan       plan-change                 wb sdd audit ABC-1
                  3. implement  implement-change            wb impl check ABC-1
                  4. verify     implement-change            wb impl verify ABC-1
                  5. commit     write-commit                wb git commit ABC-1

                waived by the light tier: steps, product
                the floor is not waived: citations, the file list, verify and rollback still apply
                """, result.out());
    }

    @Test
    void three_files_take_the_full_route_of_eight_steps() {
        CliRun.Result result =
                wb(repo.root(), "route", "ABC-1", "--file", "a.py", "--file", "b.py", "--file", "c.py", "--json");

        assertEquals(0, result.code(), result::toString);
        JsonNode doc = result.json();
        assertEquals("standard", doc.get("tier").textValue());
        assertEquals("3 files (light is up to 2)", doc.get("reason").textValue());
        assertEquals(8, doc.get("steps").size());
        assertEquals("frame", doc.get("steps").get(1).get("step").textValue());
        assertEquals("", doc.get("steps").get(1).get("check").textValue());
        assertEquals("wb git commit ABC-1", doc.get("steps").get(6).get("check").textValue());
    }

    @Test
    void a_file_in_a_critical_zone_is_never_light() {
        CliRun.Result result = wb(repo.root(), "route", "ABC-1", "--file", "src/billing/invoice.py");

        assertEquals(0, result.code(), result::toString);
        assertTrue(result.out().startsWith("ABC-1  standard route  (touches billing)\n"), result::toString);
    }

    @Test
    void no_plan_and_no_files_assume_the_full_route() {
        CliRun.Result result = wb(repo.root(), "route", "ABC-1");

        assertEquals(0, result.code(), result::toString);
        assertTrue(
                result.out()
                        .startsWith("ABC-1  standard route  (no plan and no files named yet; assuming the full"
                                + " route)\n"),
                result::toString);
        assertTrue(result.out().contains("  8. pr "), result::toString);
    }

    @Test
    void a_bug_ticket_owes_a_handover_so_its_route_is_full() {
        repo.write(".workflow/ABC-1/triage.json", "{\"type\": \"bug\"}\n");

        CliRun.Result result = wb(repo.root(), "route", "ABC-1", "--file", "src/app.py");

        assertEquals(0, result.code(), result::toString);
        assertTrue(
                result.out().startsWith("ABC-1  standard route  (bug work has a non-engineering audience)\n"),
                result::toString);
        assertTrue(result.out().contains("  6. handover   write-handover"), result::toString);
    }

    @Test
    void no_key_and_nothing_in_flight_exits_2() {
        CliRun.Result result = wb(repo.root(), "route");

        assertEquals(2, result.code(), result::toString);
        assertTrue(result.err().startsWith("error: no task named and none in flight\n  fix: "), result::toString);
    }
}
