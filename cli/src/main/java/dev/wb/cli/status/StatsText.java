package dev.wb.cli.status;

import dev.wb.cli.core.Columns;
import dev.wb.cli.core.Console;
import dev.wb.commands.status.CitationGroup;
import dev.wb.commands.status.Stage;
import dev.wb.commands.status.WorkspaceStats;
import dev.wb.commands.status.WorkspaceStats.CommandStats;
import dev.wb.projections.status.Operations;
import dev.wb.projections.status.StageCounters.Refusal;
import java.util.Locale;
import java.util.Map;
import java.util.Optional;
import java.util.SortedMap;

/** The {@code --stats} sections as text. */
final class StatsText {

    static void print(Console console, WorkspaceStats stats) {
        stages(console, stats);
        commands(console, stats);
        citations(console, stats);
        refusals(console, "refused commands", stats.refusedCommands());
        refusals(console, "refused variables", stats.refusedEnv());
        gitAndReviews(console, stats);
        operations(console, stats.operations());
        runs(console, stats.runs());
    }

    /** Where tasks are: how many are done, and how many wait at or fail each stage. */
    private static void stages(Console console, WorkspaceStats stats) {
        console.line("");
        console.line(StatusCmd.join("where tasks are: ", stats.done(), " done"));
        console.line(StatusCmd.join(
                "  ", Columns.left("STAGE", 8), " ", Columns.right("WAITING", 7), " ", Columns.right("FAILING", 7)));
        for (Stage stage : Stage.values()) {
            console.line(StatusCmd.join(
                    "  ",
                    Columns.left(stage.word(), 8),
                    " ",
                    Columns.right(stats.waiting().get(stage), 7),
                    " ",
                    Columns.right(stats.failing().get(stage), 7)));
        }
    }

    /** The verify commands run, the most run first, with their failures and mean time. */
    private static void commands(Console console, WorkspaceStats stats) {
        console.line("");
        console.line(StatusCmd.join("verify commands: ", stats.commands().size()));
        if (!stats.commands().isEmpty()) {
            console.line(StatusCmd.join(
                    "  ",
                    Columns.right("RUNS", 6),
                    " ",
                    Columns.right("FAILED", 6),
                    " ",
                    Columns.right("MEAN", 9),
                    "  COMMAND"));
            for (CommandStats c : stats.commands()
                    .subList(
                            0,
                            Math.min(StatusCmd.COMMANDS_SHOWN, stats.commands().size()))) {
                console.line(StatusCmd.join(
                        "  ",
                        Columns.right(c.runs(), 6),
                        " ",
                        Columns.right(c.failures(), 6),
                        " ",
                        Columns.right(StatusCmd.join(c.meanMs(), " ms"), 9),
                        "  ",
                        c.command()));
            }
            if (stats.commands().size() > StatusCmd.COMMANDS_SHOWN) {
                console.line(StatusCmd.join(
                        "  … ", stats.commands().size() - StatusCmd.COMMANDS_SHOWN, " more (--json lists every one)"));
            }
        }
    }

    /** The command that most often fails and then passes, and the citations' verdicts. */
    private static void citations(Console console, WorkspaceStats stats) {
        Optional<CommandStats> flaky = stats.mostFailsThenPasses();
        console.line(StatusCmd.join(
                "most often fails, then passes: ",
                flaky.isEmpty()
                        ? "none"
                        : StatusCmd.join(
                                flaky.get().command(), " (", flaky.get().failsThenPasses(), " times)")));
        console.line(StatusCmd.join("citations: ", counts(stats.citations())));
        console.line(StatusCmd.join(
                "citation trouble: ",
                CitationGroup.WRONG.count(stats.citations()),
                " wrong (mismatch, missing_file), ",
                CitationGroup.DRIFTED.count(stats.citations()),
                " drifted (moved, out_of_range)"));
    }

    /** The git steps run and refused, and the review rounds of closed and open tasks. */
    private static void gitAndReviews(Console console, WorkspaceStats stats) {
        var git = stats.gitSteps();
        console.line(StatusCmd.join(
                "git steps: ",
                git.ok() + git.failed(),
                " ran (",
                git.failed(),
                " failed), ",
                git.refused(),
                " refused"));
        WorkspaceStats.Reviews reviews = stats.reviews();
        console.line(StatusCmd.join(
                "review rounds: closed ",
                group(reviews.closed()),
                "; open ",
                group(reviews.open()),
                "; unknown ",
                reviews.unknown(),
                reviews.unknown() == 1 ? " task" : " tasks"));
    }

    /** Preflights, flow validations and check runs. */
    private static void operations(Console console, Operations ops) {
        console.line(StatusCmd.join(
                "preflight: ",
                ops.preflight().runs(),
                " run(s), ",
                ops.preflight().ready(),
                " ready",
                ops.preflight().latest().isEmpty()
                        ? ""
                        : StatusCmd.join(
                                "; latest ",
                                ops.preflight().latest(),
                                " at ",
                                ops.preflight().latestTime())));
        console.line(StatusCmd.join(
                "flow validations: ",
                ops.flows().runs(),
                " run(s), ",
                ops.flows().checked(),
                " flow(s) checked, ",
                ops.flows().invalid(),
                " invalid"));
        console.line(StatusCmd.join(
                "check runs: ",
                ops.checks().runs(),
                " (",
                ops.checks().passed(),
                " pass, ",
                ops.checks().failed(),
                " fail, ",
                ops.checks().incomplete(),
                " incomplete); ",
                ops.checks().autoMergeBlocked(),
                " blocked auto-merge (a set skipped)"));
    }

    /** The runs by how they stand or ended, their nodes and their usage. */
    private static void runs(Console console, WorkspaceStats.Runs runs) {
        console.line(StatusCmd.join(
                "runs: ",
                runs.total(),
                " (",
                runs.done(),
                " done, ",
                runs.failed(),
                " failed, ",
                runs.manual(),
                " manual_action_required, ",
                runs.parked(),
                " parked, ",
                runs.running(),
                " running); ",
                runs.nodes(),
                " node(s) run; usage ",
                runs.tokens(),
                " tokens, cost ",
                runs.cost().toPlainString()));
    }

    private static String group(WorkspaceStats.Group g) {
        return StatusCmd.join(
                g.tasks(),
                g.tasks() == 1 ? " task, " : " tasks, ",
                g.rounds(),
                g.rounds() == 1 ? " round" : " rounds",
                g.mean()
                        .map(m -> StatusCmd.join(
                                " (mean ",
                                String.format(Locale.ROOT, "%.2f", m),
                                ", max ",
                                g.max().orElse(0L),
                                ")"))
                        .orElse(""));
    }

    private static String counts(SortedMap<String, Long> counts) {
        if (counts.isEmpty()) {
            return "none";
        }
        StringBuilder text = new StringBuilder();
        for (Map.Entry<String, Long> count : counts.entrySet()) {
            text.append(text.length() == 0 ? "" : ", ")
                    .append(count.getKey())
                    .append(' ')
                    .append(count.getValue());
        }
        return text.toString();
    }

    private static void refusals(Console console, String title, SortedMap<String, Refusal> refusals) {
        console.line(StatusCmd.join(title, refusals.isEmpty() ? ": none" : ":"));
        for (Map.Entry<String, Refusal> r : refusals.entrySet()) {
            console.line(StatusCmd.join(
                    "  ",
                    Columns.right(r.getValue().count(), 6),
                    "  ",
                    r.getKey(),
                    ": ",
                    r.getValue().reason()));
        }
    }
}
