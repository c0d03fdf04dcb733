package dev.wb.cli.ops;

import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.wb.cli.core.Columns;
import dev.wb.cli.core.Console;
import dev.wb.cli.core.Exit;
import dev.wb.cli.core.Exits;
import dev.wb.cli.core.LeafCmd;
import dev.wb.cli.core.Specs;
import dev.wb.cli.core.Texts;
import dev.wb.cli.core.WbCommand;
import dev.wb.commands.Keys;
import dev.wb.commands.Session;
import dev.wb.commands.base.Failure;
import dev.wb.commands.checks.ChecksRun;
import dev.wb.commands.checks.ChecksVerdict;
import dev.wb.commands.checks.CommandSetSelection;
import dev.wb.commands.checks.CommandSetSummary;
import dev.wb.commands.checks.Mutation;
import dev.wb.commands.checks.SkippedSet;
import dev.wb.commands.process.ExecutableLookup;
import dev.wb.engine.TaskKey;
import dev.wb.projections.events.CheckOutcome;
import dev.wb.projections.events.ChecksRan;
import java.io.PrintWriter;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Optional;
import java.util.stream.Collectors;
import picocli.CommandLine.Model.CommandSpec;

/**
 * {@code wb checks KEY}: the operator's command sets ({@code checks.command_sets}) that the task's diff
 * selects, run and recorded; the verdict is the gate's: pass, fail (back to fixing) or incomplete
 * (manual).
 */
public final class ChecksCmd extends LeafCmd {

    private static final Exits EXITS = Exits.of(
            Exit.OK.as("pass"),
            Exit.CHECK_FAILED.as("fail (a command failed, timed out or was refused)"),
            Exit.NOT_COMPLETED.as(
                    "incomplete (a required toolchain is missing, every check was skipped, or a check changed the working tree)"),
            Exit.USAGE.as("no passing current audit"),
            Exit.CONFIG.as("configuration"),
            Exit.MISSING.as("no sdd.json"));

    String key;

    private ChecksCmd(WbCommand root) {
        super(root, EXITS);
    }

    public static CommandSpec spec(WbCommand root) {
        ChecksCmd cmd = new ChecksCmd(root);
        CommandSpec spec = cmd.command(
                "checks",
                "Run the command sets of .workflow/config.json"
                        + " (checks.command_sets) that the task's diff selects: a set whose paths match a changed path, and"
                        + " every set without paths. Each command runs as written, no shell, in the repository root. Needs a"
                        + " passing, current audit of KEY.",
                "A skip_if_unavailable set whose program cannot launch is skipped, said"
                        + " loudly, and blocks git.auto_merge even when the checks pass.");
        spec.addPositional(Specs.taskKey(value -> cmd.key = value));
        return Specs.withJson(root, spec);
    }

    @Override
    protected Exit run() {
        TaskKey task = Keys.task(key);
        Console console = root.context().console();
        ChecksRun.Progress progress = root.json() ? ChecksRun.Progress.NONE : new ProgressLines(console.err());
        ChecksRun.Report report;
        try (Session session = root.context().session()) {
            report = ChecksRun.run(session, task, root.context().env(), progress);
        }
        if (root.json()) {
            console.json(json(report));
        } else {
            text(console, report);
        }
        if (report.verdict() == ChecksVerdict.FAIL) {
            throw new Failure(
                    Failure.Kind.CHECK_FAILED,
                    "the checks of " + task + " failed: "
                            + firstOf(report, CheckOutcome.FAILED, CheckOutcome.TIMED_OUT),
                    List.of("fix what failed (its output: wb replay " + task
                            + " --json, the last checks.ran event), then: wb checks " + task));
        }
        if (report.verdict() == ChecksVerdict.INCOMPLETE) {
            throw new Failure(
                    Failure.Kind.NOT_COMPLETED,
                    "the checks of " + task + " are incomplete: " + incomplete(report),
                    incompleteFix(report, task));
        }
        return Exit.OK;
    }

    static ObjectNode json(ChecksRun.Report report) {
        ObjectNode doc = report.event().payload().json().deepCopy();
        doc.put("task", report.key().value());
        doc.put("configuredSets", report.configuredSets());
        doc.put("eventVersion", report.event().version());
        return doc;
    }

    private static void text(Console console, ChecksRun.Report report) {
        String head = "checks " + report.key() + ": ";
        if (report.configuredSets() == 0) {
            console.line(CommandSetSummary.NONE);
        } else if (report.changedPaths().isEmpty()) {
            console.line(head + "no changed paths: nothing to run");
        } else {
            console.line(head + Texts.plural(report.changedPaths().size(), "changed path") + ", "
                    + report.selected().size() + " of " + Texts.plural(report.configuredSets(), "command set")
                    + " selected");
            for (CommandSetSelection.Selected s : report.selected()) {
                console.line("  " + s.set().name() + ": "
                        + s.path()
                                .map(p -> p + " (" + s.glob().orElseThrow() + ")")
                                .orElse(CommandSetSelection.ALWAYS));
            }
        }
        int width =
                report.results().stream().mapToInt(r -> r.set().length()).max().orElse(0) + 2;
        for (ChecksRan.Command r : report.results()) {
            console.line("  " + Columns.left(r.set(), width) + Columns.left(label(r), 13) + r.command() + "  ("
                    + detail(r) + ")");
        }
        report.skipped().stream().map(SkippedSet::line).forEach(console::line);
        report.mutations().stream().map(Mutation::line).forEach(console::line);
        console.line(head + report.verdict().label());
    }

    private static String label(ChecksRan.Command r) {
        String word = r.outcome().wireName();
        return r.outcome() == CheckOutcome.PASSED || r.outcome() == CheckOutcome.SKIPPED
                ? word
                : word.toUpperCase(Locale.ROOT);
    }

    private static String detail(ChecksRan.Command r) {
        if (r.exitCode() >= 0) {
            return "exit " + r.exitCode() + ", " + r.durationMillis() + " ms";
        }
        if (r.outcome() == CheckOutcome.TIMED_OUT) {
            return "killed after " + r.durationMillis() + " ms, past the set's time limit";
        }
        if (r.durationMillis() > 0) {
            return "interrupted after " + r.durationMillis() + " ms";
        }
        return r.output();
    }

    private static String firstOf(ChecksRun.Report report, CheckOutcome... outcomes) {
        List<CheckOutcome> wanted = List.of(outcomes);
        return report.results().stream()
                .filter(r -> wanted.contains(r.outcome()))
                .findFirst()
                .map(r -> r.command() + " (set " + r.set() + ") "
                        + (r.outcome() == CheckOutcome.TIMED_OUT
                                ? "timed out"
                                : r.exitCode() >= 0 ? "exited " + r.exitCode() : "was not run: " + r.output()))
                .orElse("a command failed");
    }

    private static String incomplete(ChecksRun.Report report) {
        for (ChecksRan.Command r : report.results()) {
            if (r.outcome() == CheckOutcome.UNAVAILABLE) {
                return r.command() + " (set " + r.set() + ") cannot launch: " + r.output();
            }
        }
        if (!report.results().isEmpty()
                && report.results().stream().allMatch(r -> r.outcome() == CheckOutcome.SKIPPED)) {
            return "every check was skipped (no selected toolchain is on this host)";
        }
        if (!report.mutations().isEmpty()) {
            return "a check mutated the working tree: "
                    + report.mutations().stream().map(Mutation::sentence).collect(Collectors.joining("; "));
        }
        return "wb was stopped before every selected command had run";
    }

    /**
     * What to do about an incomplete run: make a script that lacks +x executable; install a missing
     * required toolchain or mark its set skip_if_unavailable; when every check was skipped (each set is
     * skip_if_unavailable already), install the toolchain or run where it exists; after a stop, run again.
     */
    static List<String> incompleteFix(ChecksRun.Report report, TaskKey task) {
        String again = "then: wb checks " + task;
        for (ChecksRan.Command r : report.results()) {
            if (r.outcome() == CheckOutcome.UNAVAILABLE) {
                return List.of(notExecutable(r)
                        .map(p -> "make " + p + " executable: chmod +x " + p + " (and commit"
                                + " the mode: git update-index --chmod=+x " + p + "); " + again)
                        .orElse("install "
                                + r.argv().get(0) + " on this host (an agent cannot), or mark set " + r.set()
                                + " \"skip_if_unavailable\": true in .workflow/config.json; " + again));
            }
        }
        if (!report.results().isEmpty()
                && report.results().stream().allMatch(r -> r.outcome() == CheckOutcome.SKIPPED)) {
            List<String> fixes = new ArrayList<>();
            for (SkippedSet s : report.skipped()) {
                fixes.add(
                        s.why().contains(ExecutableLookup.NOT_EXECUTABLE)
                                ? "make " + s.program() + " executable: chmod +x " + s.program() + " (set " + s.set()
                                        + ")"
                                : "install " + s.program()
                                        + " on this host (an agent cannot), or run wb checks " + task
                                        + " on a host that has it"
                                        + " (set " + s.set() + ")");
            }
            if (fixes.isEmpty()) {
                fixes.add("install the selected sets' toolchains on this host, or run wb checks " + task
                        + " on a host that has them");
            }
            fixes.add(again);
            return fixes;
        }
        if (!report.mutations().isEmpty()) {
            return List.of(
                    "make each check read-only: run the tool in its check mode (a formatter's --check), or"
                            + " move it out of checks.command_sets in .workflow/config.json",
                    "look at what it changed (git status, git diff), keep or restore it, " + again);
        }
        return List.of("run it again, to the end: wb checks " + task);
    }

    private static Optional<String> notExecutable(ChecksRan.Command r) {
        return r.output().contains(ExecutableLookup.NOT_EXECUTABLE)
                ? Optional.of(r.argv().get(0))
                : Optional.empty();
    }

    /** Which command runs now, one plain line each on stderr: stdout stays the report. */
    static final class ProgressLines implements ChecksRun.Progress {
        private final PrintWriter err;

        ProgressLines(PrintWriter err) {
            this.err = err;
        }

        @Override
        public void started(String set, String command) {
            err.println("running " + set + ": " + command);
            err.flush();
        }

        @Override
        public void finished(ChecksRan.Command result) {}
    }
}
