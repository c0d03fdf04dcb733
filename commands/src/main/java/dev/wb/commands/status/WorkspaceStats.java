package dev.wb.commands.status;

import dev.wb.projections.status.Operations;
import dev.wb.projections.status.ReviewRounds;
import dev.wb.projections.status.RunTotals;
import dev.wb.projections.status.StageCounters;
import dev.wb.projections.status.StageCounters.CommandTally;
import dev.wb.projections.status.StageCounters.GitSteps;
import dev.wb.projections.status.StageCounters.Refusal;
import java.math.BigDecimal;
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
 * @param operations the operations commands over the workspace: preflight verdicts and flow validations (the
 *     workspace stream, with the latest preflight's verdict and time), and {@code wb checks} runs over every task
 */
public record WorkspaceStats(
        Map<Stage, Integer> waiting,
        Map<Stage, Integer> failing,
        int done,
        List<CommandStats> commands,
        Optional<CommandStats> mostFailsThenPasses,
        SortedMap<String, Long> citations,
        SortedMap<String, Refusal> refusedCommands,
        SortedMap<String, Refusal> refusedEnv,
        GitSteps gitSteps,
        Reviews reviews,
        Operations operations,
        Runs runs) {

    /**
     * Every stream's {@code wb run}s: the ended ones by status, the latest ones still running or parked, the
     * nodes finished, and the provider usage they reported (tokens; the costs that read as decimals, summed
     * exactly). node.started and node.finished do not name the provider, so usage is a total only.
     */
    public record Runs(
            long done, long failed, long manual, long parked, long running, long nodes, long tokens, BigDecimal cost) {
        public static final Runs NONE = new Runs(0, 0, 0, 0, 0, 0, 0, BigDecimal.ZERO);

        public long total() {
            return done + failed + manual + parked + running;
        }

        Runs plus(RunTotals r) {
            return new Runs(
                    done + r.done(),
                    failed + r.failed(),
                    manual + r.manual(),
                    parked + (r.active().equals(RunTotals.PARKED) ? 1 : 0),
                    running + (r.active().equals(RunTotals.RUNNING) ? 1 : 0),
                    nodes + r.nodes(),
                    tokens + r.tokens(),
                    cost.add(r.cost()));
        }
    }

    /**
     * Review rounds over the workspace (wb judge rounds' rule, folded from judge.record.read events):
     * tasks closed (latest round APPROVED) and open, their rounds, mean and most rounds a task;
     * {@code unknown} tasks cannot be counted (an ambiguous latest round, a record without an instant).
     */
    public record Reviews(Group closed, Group open, int unknown) {
        public static final Reviews NONE = new Reviews(Group.EMPTY, Group.EMPTY, 0);
    }

    /** A group of tasks: how many, their rounds, the mean (empty without tasks) and the most. */
    public record Group(int tasks, long rounds, Optional<Double> mean, Optional<Long> max) {
        public static final Group EMPTY = new Group(0, 0, Optional.empty(), Optional.empty());

        Group plus(long taskRounds) {
            long total = rounds + taskRounds;
            return new Group(
                    tasks + 1,
                    total,
                    Optional.of((double) total / (tasks + 1)),
                    Optional.of(Math.max(max.orElse(0L), taskRounds)));
        }
    }

    /** One verify command over every task. {@code meanMs} is rounded down. */
    public record CommandStats(String command, long runs, long failures, long meanMs, long failsThenPasses) {}

    public static WorkspaceStats of(Collection<TaskStatus> tasks, Collection<StageCounters> streams) {
        return of(tasks, streams, List.of(), List.of(), List.of());
    }

    public static WorkspaceStats of(
            Collection<TaskStatus> tasks,
            Collection<StageCounters> streams,
            Collection<ReviewRounds> reviewed,
            Collection<Operations> operations,
            Collection<RunTotals> runTotals) {
        TreeMap<String, CommandTally> commands = new TreeMap<>();
        TreeMap<String, Long> citations = new TreeMap<>();
        TreeMap<String, Refusal> refused = new TreeMap<>();
        TreeMap<String, Refusal> refusedEnv = new TreeMap<>();
        long gitOk = 0, gitFailed = 0, gitRefused = 0;
        // Plain loops: each lambda here would be a class a cold JVM spins up for one use.
        for (StageCounters c : streams) {
            for (Map.Entry<String, CommandTally> e : c.commands().entrySet()) {
                CommandTally before = commands.get(e.getKey());
                commands.put(e.getKey(), before == null ? e.getValue() : plus(before, e.getValue()));
            }
            for (Map.Entry<String, Long> e : c.citations().entrySet()) {
                Long before = citations.get(e.getKey());
                citations.put(e.getKey(), before == null ? e.getValue() : before + e.getValue());
            }
            add(refused, c.refusedCommands());
            add(refusedEnv, c.refusedEnv());
            gitOk += c.gitSteps().ok();
            gitFailed += c.gitSteps().failed();
            gitRefused += c.gitSteps().refused();
        }
        List<CommandStats> stats = commandStats(commands);
        Optional<CommandStats> flaky = mostFailsThenPasses(stats);
        stats.sort(MOST_RUN_FIRST);
        Operations ops = Operations.NONE;
        for (Operations o : operations) {
            ops = ops.plus(o);
        }
        Runs runs = Runs.NONE;
        for (RunTotals r : runTotals) {
            runs = runs.plus(r);
        }
        return new WorkspaceStats(
                byCurrentStage(tasks, false),
                byCurrentStage(tasks, true),
                done(tasks),
                stats,
                flaky,
                citations,
                refused,
                refusedEnv,
                new GitSteps(gitOk, gitFailed, gitRefused),
                reviews(reviewed),
                ops,
                runs);
    }

    /** Tasks by the first stage that is not ok: those where it failed (FAILED), or those where it waits. */
    private static Map<Stage, Integer> byCurrentStage(Collection<TaskStatus> tasks, boolean failed) {
        Map<Stage, Integer> counts = new EnumMap<>(Stage.class);
        for (Stage stage : Stage.values()) {
            counts.put(stage, 0);
        }
        for (TaskStatus task : tasks) {
            Optional<TaskStatus.StageStatus> current = task.current();
            if (current.isPresent() && (current.get().mark() == Mark.FAIL) == failed) {
                counts.put(current.get().stage(), counts.get(current.get().stage()) + 1);
            }
        }
        return counts;
    }

    /** How many tasks have every stage ok. */
    private static int done(Collection<TaskStatus> tasks) {
        int done = 0;
        for (TaskStatus task : tasks) {
            if (task.current().isEmpty()) {
                done++;
            }
        }
        return done;
    }

    /** Each command's totals as its stats, in name order. */
    private static List<CommandStats> commandStats(SortedMap<String, CommandTally> commands) {
        List<CommandStats> stats = new ArrayList<>(commands.size());
        for (Map.Entry<String, CommandTally> e : commands.entrySet()) {
            CommandTally t = e.getValue();
            stats.add(new CommandStats(
                    e.getKey(),
                    t.runs(),
                    t.failures(),
                    t.runs() == 0 ? 0 : t.durationMs() / t.runs(),
                    t.failsThenPasses()));
        }
        return stats;
    }

    /** The command that most often failed and then passed, if one did; a tie goes to the first in STATS. */
    private static Optional<CommandStats> mostFailsThenPasses(List<CommandStats> stats) {
        Optional<CommandStats> flaky = Optional.empty();
        for (CommandStats command : stats) {
            if (command.failsThenPasses()
                    > flaky.map(CommandStats::failsThenPasses).orElse(0L)) {
                flaky = Optional.of(command);
            }
        }
        return flaky;
    }

    private static Reviews reviews(Collection<ReviewRounds> reviewed) {
        Group closed = Group.EMPTY;
        Group open = Group.EMPTY;
        int unknown = 0;
        for (ReviewRounds r : reviewed) {
            String state = r.state();
            if (state.equals("closed")) {
                closed = closed.plus(r.rounds().size());
            } else if (state.equals("open")) {
                open = open.plus(r.rounds().size());
            } else if (state.equals("unknown")) {
                unknown++;
            }
        }
        return new Reviews(closed, open, unknown);
    }

    private static final Comparator<CommandStats> MOST_RUN_FIRST = (a, b) -> a.runs() != b.runs()
            ? Long.compare(b.runs(), a.runs())
            : a.command().compareTo(b.command());

    private static void add(TreeMap<String, Refusal> into, Map<String, Refusal> more) {
        for (Map.Entry<String, Refusal> e : more.entrySet()) {
            Refusal before = into.get(e.getKey());
            into.put(e.getKey(), before == null ? e.getValue() : plus(before, e.getValue()));
        }
    }

    private static CommandTally plus(CommandTally a, CommandTally b) {
        return new CommandTally(
                a.runs() + b.runs(),
                a.failures() + b.failures(),
                a.durationMs() + b.durationMs(),
                a.failsThenPasses() + b.failsThenPasses(),
                false);
    }

    /** Counts add up; the reason is one of the refusals' own (the same text is refused for the same reason). */
    private static Refusal plus(Refusal a, Refusal b) {
        return new Refusal(a.count() + b.count(), b.reason());
    }
}
