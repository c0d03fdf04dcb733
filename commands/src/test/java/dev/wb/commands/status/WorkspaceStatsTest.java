package dev.wb.commands.status;

import static org.junit.jupiter.api.Assertions.assertEquals;

import dev.wb.commands.status.WorkspaceStats.CommandStats;
import dev.wb.engine.TaskKey;
import dev.wb.projections.status.Drafts;
import dev.wb.projections.status.Operations;
import dev.wb.projections.status.ReviewRounds;
import dev.wb.projections.status.RunTotals;
import dev.wb.projections.status.StageCounters;
import dev.wb.projections.status.StageCounters.CommandTally;
import dev.wb.projections.status.StageCounters.GitSteps;
import dev.wb.projections.status.StageCounters.Refusal;
import dev.wb.projections.status.TaskStages;
import dev.wb.projections.status.TaskStages.Latest;
import dev.wb.projections.status.TaskStages.State;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.TreeMap;
import org.junit.jupiter.api.Test;

/** The sums of {@code wb status --stats}, from statuses and counters given as values. */
class WorkspaceStatsTest {

    static final String A = "sha256:" + "a".repeat(64);

    static TaskStatus task(String key, Latest audit, String plan) {
        State state = new State(
                audit,
                Latest.NEVER,
                Latest.NEVER,
                Latest.NEVER,
                StageCounters.EMPTY,
                ReviewRounds.NONE,
                Operations.NONE,
                RunTotals.NONE,
                TaskStages.VerifiedOn.UNKNOWN,
                Drafts.NONE);
        return StageRules.of(new TaskKey(key), state, Optional.ofNullable(plan));
    }

    static StageCounters counters(
            Map<String, CommandTally> commands,
            Map<String, Long> citations,
            Map<String, Refusal> refused,
            GitSteps git) {
        return new StageCounters(
                new TreeMap<>(citations), new TreeMap<>(commands), new TreeMap<>(refused), new TreeMap<>(), git);
    }

    @Test
    void each_task_counts_once_where_it_waits_or_fails() {
        List<TaskStatus> tasks = List.of(
                task("A-1", Latest.NEVER, null),
                task("A-2", Latest.NEVER, A),
                task("A-3", new Latest("fail", Optional.of(A)), A),
                task("A-4", new Latest("pass", Optional.of(A)), A));

        WorkspaceStats stats = WorkspaceStats.of(tasks, List.of());

        assertEquals(1, stats.waiting().get(Stage.TRIAGE), "no plan and no ticket read: it waits at triage");
        assertEquals(0, stats.waiting().get(Stage.PLAN));
        assertEquals(1, stats.waiting().get(Stage.AUDIT));
        assertEquals(1, stats.failing().get(Stage.AUDIT));
        assertEquals(1, stats.waiting().get(Stage.SCOPE), "the passed audit waits for its scope check, not for verify");
        assertEquals(0, stats.waiting().get(Stage.VERIFY));
        assertEquals(0, stats.done());
    }

    @Test
    void commands_are_summed_over_streams_most_run_first_with_a_mean_duration() {
        StageCounters one = counters(
                Map.of(
                        "make test",
                        new CommandTally(2, 1, 300, 1, false),
                        "make lint",
                        new CommandTally(1, 0, 50, 0, false)),
                Map.of("ok", 3L),
                Map.of(),
                new GitSteps(1, 0, 0));
        StageCounters two = counters(
                Map.of("make test", new CommandTally(2, 2, 100, 0, true)),
                Map.of("ok", 1L, "mismatch", 2L),
                Map.of(),
                new GitSteps(2, 1, 1));

        WorkspaceStats stats = WorkspaceStats.of(List.of(), List.of(one, two));

        assertEquals(
                List.of(new CommandStats("make test", 4, 3, 100, 1), new CommandStats("make lint", 1, 0, 50, 0)),
                stats.commands());
        assertEquals(Map.of("ok", 4L, "mismatch", 2L), stats.citations());
        assertEquals(new GitSteps(3, 1, 1), stats.gitSteps());
    }

    @Test
    void the_command_that_most_often_fails_then_passes_is_named_and_ties_go_to_the_first_by_name() {
        StageCounters one = counters(
                Map.of(
                        "npm test",
                        new CommandTally(5, 2, 10, 2, false),
                        "make test",
                        new CommandTally(5, 2, 10, 2, false),
                        "make lint",
                        new CommandTally(9, 1, 10, 1, false)),
                Map.of(),
                Map.of(),
                GitSteps.NONE);

        assertEquals(
                "make test",
                WorkspaceStats.of(List.of(), List.of(one))
                        .mostFailsThenPasses()
                        .orElseThrow()
                        .command());
    }

    @Test
    void no_command_that_failed_then_passed_names_none() {
        StageCounters one =
                counters(Map.of("make test", new CommandTally(5, 5, 10, 0, true)), Map.of(), Map.of(), GitSteps.NONE);

        assertEquals(
                Optional.empty(), WorkspaceStats.of(List.of(), List.of(one)).mostFailsThenPasses());
    }

    @Test
    void refusals_add_up_over_streams() {
        StageCounters one =
                counters(Map.of(), Map.of(), Map.of("curl x", new Refusal(2, "unknown runner")), GitSteps.NONE);
        StageCounters two =
                counters(Map.of(), Map.of(), Map.of("curl x", new Refusal(1, "unknown runner")), GitSteps.NONE);

        assertEquals(
                Map.of("curl x", new Refusal(3, "unknown runner")),
                WorkspaceStats.of(List.of(), List.of(one, two)).refusedCommands());
    }
}
