package dev.wb.commands.status;

import dev.wb.projections.status.StageCounters;
import dev.wb.projections.status.StageCounters.CommandTally;
import dev.wb.projections.status.StageCounters.GitSteps;
import dev.wb.projections.status.StageCounters.Refusal;
import java.util.ArrayList;
import java.util.Collection;
import java.util.Comparator;
import java.util.EnumMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.SortedMap;
import java.util.TreeMap;

/**
 * {@code wb status --stats}: where tasks wait or fail, and what the whole log adds up to. Pure sums
 * of the tasks' statuses and every stream's {@link StageCounters}.
 *
 * @param waiting tasks whose first stage that is not ok is pending, by that stage
 * @param failing tasks whose first stage that is not ok failed, by that stage
 * @param done tasks with every stage ok
 * @param commands every verify command, most run first
 * @param mostFailsThenPasses the command that most often failed in one run and passed in the next
 */
public record WorkspaceStats(Map<Stage, Integer> waiting, Map<Stage, Integer> failing, int done,
        List<CommandStats> commands, Optional<CommandStats> mostFailsThenPasses, SortedMap<String, Long> citations,
        SortedMap<String, Refusal> refusedCommands, SortedMap<String, Refusal> refusedEnv, GitSteps gitSteps) {

    /** One verify command over every task. {@code meanMs} is rounded down. */
    public record CommandStats(String command, long runs, long failures, long meanMs, long failsThenPasses) {}

    public static WorkspaceStats of(Collection<TaskStatus> tasks, Collection<StageCounters> streams) {
        Map<Stage, Integer> waiting = new EnumMap<>(Stage.class);
        Map<Stage, Integer> failing = new EnumMap<>(Stage.class);
        for (Stage stage : Stage.values()) {
            waiting.put(stage, 0);
            failing.put(stage, 0);
        }
        int done = 0;
        for (TaskStatus task : tasks) {
            Optional<TaskStatus.StageStatus> current = task.current();
            if (current.isEmpty()) {
                done++;
            } else {
                (current.get().mark() == Mark.FAIL ? failing : waiting).merge(current.get().stage(), 1, Integer::sum);
            }
        }
        TreeMap<String, CommandTally> commands = new TreeMap<>();
        TreeMap<String, Long> citations = new TreeMap<>();
        TreeMap<String, Refusal> refused = new TreeMap<>();
        TreeMap<String, Refusal> refusedEnv = new TreeMap<>();
        GitSteps git = GitSteps.NONE;
        for (StageCounters c : streams) {
            c.commands().forEach((text, t) -> commands.merge(text, t, WorkspaceStats::plus));
            c.citations().forEach((verdict, n) -> citations.merge(verdict, n, Long::sum));
            c.refusedCommands().forEach((text, r) -> refused.merge(text, r, WorkspaceStats::plus));
            c.refusedEnv().forEach((name, r) -> refusedEnv.merge(name, r, WorkspaceStats::plus));
            git = new GitSteps(git.ok() + c.gitSteps().ok(), git.failed() + c.gitSteps().failed(),
                    git.refused() + c.gitSteps().refused());
        }
        List<CommandStats> stats = new ArrayList<>();
        commands.forEach((text, t) -> stats.add(new CommandStats(text, t.runs(), t.failures(),
                t.runs() == 0 ? 0 : t.durationMs() / t.runs(), t.failsThenPasses())));
        stats.sort(Comparator.comparingLong(CommandStats::runs).reversed().thenComparing(CommandStats::command));
        Optional<CommandStats> flaky = stats.stream().filter(c -> c.failsThenPasses() > 0)
                .max(Comparator.comparingLong(CommandStats::failsThenPasses)
                        .thenComparing(CommandStats::command, Comparator.reverseOrder()));
        return new WorkspaceStats(waiting, failing, done, stats, flaky, citations, refused, refusedEnv, git);
    }

    private static CommandTally plus(CommandTally a, CommandTally b) {
        return new CommandTally(a.runs() + b.runs(), a.failures() + b.failures(), a.durationMs() + b.durationMs(),
                a.failsThenPasses() + b.failsThenPasses(), false);
    }

    /** Counts add up; the reason is one of the refusals' own (the same text is refused for the same reason). */
    private static Refusal plus(Refusal a, Refusal b) {
        return new Refusal(a.count() + b.count(), b.reason());
    }
}
