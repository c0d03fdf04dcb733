package dev.wb.cli.ops;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.wb.cli.testing.CliRun;
import dev.wb.cli.testing.RunFixture;
import dev.wb.commands.Session;
import dev.wb.commands.base.Workspace;
import dev.wb.engine.BootId;
import dev.wb.engine.ExpectedVersion;
import dev.wb.engine.StreamId;
import dev.wb.engine.TaskKey;
import dev.wb.projections.events.WbEvent;
import dev.wb.projections.events.run.NodeFinished;
import dev.wb.projections.events.run.NodeKind;
import dev.wb.projections.events.run.NodeStarted;
import dev.wb.projections.events.run.RunBudgetExhausted;
import dev.wb.projections.events.run.RunParked;
import dev.wb.projections.events.run.RunStarted;
import java.nio.file.Path;
import java.time.Clock;
import java.time.Instant;
import java.time.ZoneOffset;
import java.util.List;
import java.util.Optional;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * {@code wb run}'s wall time limit ({@code agents.max_run_seconds}, {@code --max-seconds}): spent between
 * nodes, spent while a node runs, parked time left out; and {@code wb status}'s run usage.
 */
class RunLimitsCliTest {

    static final String TIMED = """
            flow:
              name: timed
              task_type: timed
              permission_ceiling: read-only
              output_policy: code_change
              publishing: none
              nodes:
                - {id: first, kind: tool, tool: first}
                - {id: second, kind: tool, tool: second}
              edges:
                - {from: first, to: second, outcome: pass}
            """;

    static final String ASKING = """
            flow:
              name: asking
              task_type: asking
              permission_ceiling: read-only
              output_policy: code_change
              publishing: none
              nodes:
                - {id: ask, kind: hitl, signal: question}
                - {id: work, kind: tool, tool: first}
              edges:
                - {from: ask, to: work}
            """;

    static final String JUDGED = """
            flow:
              name: judged
              task_type: judged
              permission_ceiling: read-only
              output_policy: code_change
              publishing: none
              nodes:
                - {id: one, kind: evaluator, role: reviewer, role_file: roles/review.md}
                - {id: two, kind: evaluator, role: reviewer, role_file: roles/review.md}
                - {id: out, kind: publish, policy: none}
              edges:
                - {from: one, to: two, outcome: accept}
                - {from: two, to: out, outcome: accept}
            """;

    @TempDir
    Path tmp;

    RunFixture f;

    @BeforeEach
    void setUp() {
        f = new RunFixture(tmp);
        f.flow("timed", TIMED);
        f.flow("asking", ASKING);
        f.script(".workflow/tools/first", "echo first");
        f.script(".workflow/tools/second", "echo second");
    }

    /** Appends events stamped {@code secondsAgo} before now, as a run that began then would have left them. */
    private void appendAt(long secondsAgo, WbEvent... events) {
        Clock then = Clock.fixed(Instant.now().minusSeconds(secondsAgo), ZoneOffset.UTC);
        try (Session session = Session.open(new Workspace(f.repo.root()), f.env, then)) {
            session.log()
                    .append(
                            StreamId.task(new TaskKey(RunFixture.KEY)),
                            ExpectedVersion.any(),
                            List.of(events).stream().map(WbEvent::toNewEvent).toList(),
                            session.invocation());
        }
    }

    private List<RunBudgetExhausted> exhausted() {
        return f.events().stream()
                .filter(RunBudgetExhausted.TYPE::matches)
                .map(RunBudgetExhausted.TYPE::read)
                .toList();
    }

    @Test
    void a_wall_limit_spent_between_nodes_ends_the_run_for_a_person_before_the_next_starts() {
        appendAt(120, new RunStarted("timed", f.digest("timed"), "0".repeat(64), "timed", Optional.of(60)));

        CliRun.Result run = f.wb("run", RunFixture.KEY);

        assertEquals(2, run.code(), run.toString());
        assertEquals(List.of(new RunBudgetExhausted("wall_seconds", 60)), exhausted());
        assertFalse(f.types().contains("node.started"), "no node starts once the wall is spent: " + f.types());
        assertEquals("manual_action_required", f.state().status());
        assertTrue(f.state().reason().orElseThrow().contains("wall time limit of 60 s before 'first'"), run::toString);
    }

    @Test
    void a_node_still_running_when_the_wall_runs_out_is_killed_and_the_run_ends() {
        f.script(".workflow/tools/first", "/bin/sleep 30; echo late");
        long began = System.nanoTime();

        CliRun.Result run = f.wb("run", RunFixture.KEY, "--flow", "timed", "--max-seconds", "2");

        long seconds = (System.nanoTime() - began) / 1_000_000_000L;
        assertEquals(2, run.code(), run.toString());
        assertTrue(seconds < 20, "killed at the wall, not after its own 3600 s or the sleep: " + seconds);
        NodeFinished first = f.events().stream()
                .filter(NodeFinished.TYPE::matches)
                .map(NodeFinished.TYPE::read)
                .findFirst()
                .orElseThrow();
        assertEquals("manual", first.outcome());
        assertTrue(first.reason().orElseThrow().contains("the run's wall time limit ran out"), first::toString);
        assertEquals(List.of(new RunBudgetExhausted("wall_seconds", 2)), exhausted());
        List<String> types = f.types();
        assertEquals(
                List.of("node.finished", "run.budget_exhausted", "run.finished"),
                types.subList(types.size() - 3, types.size()));
        assertEquals(
                Optional.of(2),
                f.events().stream()
                        .filter(RunStarted.TYPE::matches)
                        .map(e -> RunStarted.TYPE.read(e).maxSeconds())
                        .findFirst()
                        .orElseThrow(),
                "run.started records the limit");
    }

    @Test
    void time_parked_for_a_person_is_not_counted_and_an_ended_run_shows_its_time() throws InterruptedException {
        // began 1000 s ago with a 60 s limit, and parked at once: the person took ~1000 s to answer
        appendAt(
                1000,
                new RunStarted("asking", f.digest("asking"), "0".repeat(64), "asking", Optional.of(60)),
                new NodeStarted("ask", NodeKind.HITL, 1, RunResumeCliTest.DEAD, BootId.current()),
                new RunParked(RunParked.Reason.QUESTION, "ask", Optional.of("which?"), Optional.empty(), List.of()));

        CliRun.Result answered = f.wb("run", RunFixture.KEY, "--answer", "this one");

        assertEquals(0, answered.code(), answered.toString());
        assertEquals(List.of(), exhausted());
        assertTrue(f.state().wall().parkedMs() >= 999_000, f.state()::toString);
        assertTrue(
                f.state().wall().activeMillis(Instant.now()) < 60_000,
                "active time is the run's own: " + f.state().wall());

        // the ended run's time: its own (parked time left out) and its duration (~1000 s)
        CliRun.Result text = f.wb("status", RunFixture.KEY);
        CliRun.Result json = f.wb("status", RunFixture.KEY, "--json");

        assertEquals("done", f.state().status());
        long active = json.json().at("/run/wall/activeSeconds").longValue();
        long duration = json.json().at("/run/wall/durationSeconds").longValue();
        assertTrue(active < 60, json::toString);
        assertTrue(duration >= 999 && duration < 1100, json::toString);
        assertEquals(
                f.state().wall().ended().orElseThrow().toString(),
                json.json().at("/run/wall/ended").asText(),
                json::toString);
        assertTrue(
                text.out().contains(" · took " + active + " s (" + duration + " s in all, parked time included)"),
                text::toString);
        Thread.sleep(1100);
        assertEquals(
                active,
                f.wb("status", RunFixture.KEY, "--json")
                        .json()
                        .at("/run/wall/activeSeconds")
                        .longValue(),
                "an ended run's time no longer grows");
    }

    @Test
    void max_seconds_above_the_config_is_clamped_to_it_and_zero_is_refused() {
        f.repo.write(".workflow/config.json", "{\"agents\": {\"max_run_seconds\": 30}}\n");

        CliRun.Result zero = f.wb("run", RunFixture.KEY, "--flow", "timed", "--max-seconds", "0");
        assertEquals(2, zero.code(), zero.toString());
        assertTrue(zero.err().contains("error: --max-seconds must be a whole number"), zero::toString);
        assertTrue(zero.err().contains("fix: "), zero::toString);
        assertEquals(List.of(), f.types(), "nothing recorded");

        CliRun.Result run = f.wb("run", RunFixture.KEY, "--flow", "timed", "--max-seconds", "500");

        assertEquals(0, run.code(), run.toString());
        assertTrue(run.out().contains("--max-seconds 500 is above agents.max_run_seconds 30"), run::toString);
        assertEquals(Optional.of(30), f.state().wall().limit(), "clamped to the config, never raised");
    }

    @Test
    void a_config_max_run_seconds_that_is_not_a_positive_whole_number_exits_3() {
        for (String bad : List.of("0", "-5", "\"600\"", "1.5")) {
            f.repo.write(".workflow/config.json", "{\"agents\": {\"max_run_seconds\": " + bad + "}}\n");

            CliRun.Result run = f.wb("run", RunFixture.KEY, "--flow", "timed");

            assertEquals(3, run.code(), bad + ": " + run);
            assertTrue(
                    run.err()
                            .contains("error: .workflow/config.json line 1: agents.max_run_seconds must be a whole"
                                    + " number from 1 to 31536000, not "),
                    run::toString);
            assertTrue(run.err().contains("fix: "), run::toString);
            assertFalse(run.err().contains("Exception"), run::toString);
        }
        assertEquals(List.of(), f.types(), "nothing recorded");
        f.repo.write(".workflow/config.json", "{}\n");
        CliRun.Result set = f.wb("config", "set", "agents.max_run_seconds", "600");
        CliRun.Result refused = f.wb("config", "set", "agents.max_run_seconds", "0");
        CliRun.Result shown = f.wb("config", "show", "--json");
        assertEquals(0, set.code(), set.toString());
        assertEquals(2, refused.code(), refused.toString());
        assertEquals(600, shown.json().at("/config/agents/max_run_seconds").intValue(), shown::toString);
    }

    @Test
    void stats_sum_runs_nodes_tokens_and_exact_costs_over_tasks() {
        f.flow("judged", JUDGED);
        f.agent("one", "echo '{\"verdict\": \"accept\", \"usage\": {\"tokens\": 100, \"cost\": \"0.1\"}}'");
        f.agent("two", "echo '{\"verdict\": \"accept\", \"usage\": {\"tokens\": 20, \"cost\": \"0.2\"}}'");

        CliRun.Result a = f.wb("run", "ABC-1", "--flow", "judged");
        CliRun.Result b = f.wb("run", "ABC-2", "--flow", "judged");
        CliRun.Result c = f.wb("run", "ABC-3", "--flow", "asking");
        CliRun.Result text = f.wb("status", "--stats");
        CliRun.Result json = f.wb("status", "--stats", "--json");
        CliRun.Result one = f.wb("status", "ABC-1");
        CliRun.Result oneJson = f.wb("status", "ABC-1", "--json");

        assertEquals(0, a.code(), a.toString());
        assertEquals(0, b.code(), b.toString());
        assertEquals(3, c.code(), c.toString());
        assertTrue(
                text.out()
                        .contains("runs: 3 (2 done, 0 failed, 0 manual_action_required, 1 parked, 0 running);"
                                + " 6 node(s) run; usage 240 tokens, cost 0.6\n"),
                text::toString);
        assertEquals("0.6", json.json().at("/stats/runs/usage/cost").asText(), json::toString);
        assertEquals(240, json.json().at("/stats/runs/usage/tokens").longValue());
        assertEquals(2, json.json().at("/stats/runs/byStatus/done").longValue());
        assertEquals(1, json.json().at("/stats/runs/byStatus/parked").longValue());
        assertEquals(6, json.json().at("/stats/runs/nodes").longValue());
        assertTrue(one.out().contains("120 tokens · cost 0.3"), one::toString);
        assertEquals("done", oneJson.json().at("/run/status").asText(), oneJson::toString);
        assertEquals("0.3", oneJson.json().at("/run/usage/cost").asText(), oneJson::toString);
        assertEquals(120, oneJson.json().at("/run/usage/tokens").longValue());
        assertEquals(3, oneJson.json().at("/run/nodesFinished").intValue());
        assertEquals(86_400, oneJson.json().at("/run/wall/limit").intValue(), "the default limit, recorded");
    }
}
