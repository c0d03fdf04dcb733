package dev.wb.cli.judge;

import dev.wb.cli.core.Console;
import dev.wb.cli.core.Exit;
import dev.wb.cli.core.Exits;
import dev.wb.cli.core.LeafCmd;
import dev.wb.cli.core.Specs;
import dev.wb.cli.core.Texts;
import dev.wb.cli.core.WbCommand;
import dev.wb.commands.Keys;
import dev.wb.commands.Session;
import dev.wb.commands.judge.record.JudgeRounds;
import dev.wb.engine.TaskKey;
import java.math.BigDecimal;
import java.math.RoundingMode;
import java.util.Optional;
import picocli.CommandLine.Model.CommandSpec;

/** {@code wb judge rounds [KEY]}: review rounds counted from the local records; a report, read-only. */
public final class JudgeRoundsCmd extends LeafCmd {

    private static final Exits EXITS =
            Exits.of(Exit.OK.as("reported"), Exit.USAGE.as("malformed key"), Exit.CONFIG.as("unusable policy.json"));

    String key;

    private JudgeRoundsCmd(WbCommand root) {
        super(root, EXITS);
    }

    public static CommandSpec spec(WbCommand root) {
        JudgeRoundsCmd cmd = new JudgeRoundsCmd(root);
        CommandSpec spec = cmd.command(
                "rounds",
                "Count review rounds from the local records under"
                        + " .workflow/local/judge/ (<KEY>/ and <KEY>/records/; no other folder, no symbolic link, no blocked"
                        + " path). One round is one distinct (reviewedAt, scopeDigest) pair of a task. Writes, renames and"
                        + " deletes no record.",
                "States are historical: closed (latest round APPROVED), open (NEEDS_CHANGES"
                        + " or BLOCKED), unknown (conflicting or ambiguous latest round, or an uncountable record). They"
                        + " never say an approval matches the live workspace.");
        spec.addPositional(Specs.positional(
                "KEY", "0..1", "Only this task, like TASK-7 (applied before the" + " counts).", v -> cmd.key = v));
        return Specs.withJson(root, spec);
    }

    @Override
    protected Exit run() {
        Optional<TaskKey> only = Optional.ofNullable(key).map(Keys::task);
        JudgeRounds.Report report;
        try (Session session = root.context().session()) {
            report = JudgeRounds.report(session, only);
        }
        Console console = root.context().console();
        if (root.json()) {
            console.json(report.toJson());
            return Exit.OK;
        }
        print(console, report, only);
        return Exit.OK;
    }

    private static void print(Console console, JudgeRounds.Report report, Optional<TaskKey> only) {
        if (report.tasks().isEmpty()) {
            console.line("no review records" + only.map(k -> " of " + k).orElse("") + " under .workflow/local/judge/");
        }
        for (JudgeRounds.Task task : report.tasks()) {
            console.line(task.taskId() + "  " + task.state().label() + "  "
                    + Texts.plural(task.rounds().size(), "round"));
            for (JudgeRounds.Round round : task.rounds()) {
                console.line("  " + round.reviewedAt() + "  verdict "
                        + round.verdict().orElse("null")
                        + "  independent "
                        + round.independent().map(String::valueOf).orElse("null")
                        + "  category " + round.category().wireName() + "  ambiguous " + round.ambiguous());
                console.line("    scopeDigest " + round.scopeDigest());
                round.files().forEach(f -> console.line("    " + f));
            }
        }
        group(console, "closed", report.closed());
        group(console, "open", report.open());
        if (!report.unknown().isEmpty()) {
            console.line("unknown:");
            for (JudgeRounds.Unknown u : report.unknown()) {
                console.line("  " + u.taskId().orElse("(no task)") + ": " + u.reason());
                u.files().forEach(f -> console.line("    " + f));
            }
        }
        if (!report.skipped().isEmpty()) {
            console.line("skipped:");
            report.skipped().forEach(s -> console.line("  " + s.file() + ": " + s.reason()));
        }
    }

    private static void group(Console console, String name, JudgeRounds.Group group) {
        console.line(name + ": " + Texts.plural(group.taskCount(), "task") + ", "
                + Texts.plural(group.roundCount(), "round") + ", mean "
                + (group.mean().isPresent() ? decimal(group.mean().getAsDouble()) : "null") + ", max "
                + (group.max().isPresent() ? String.valueOf(group.max().getAsInt()) : "null"));
    }

    /** Two decimals at most, without the locale machinery String.format would load. */
    static String decimal(double value) {
        return new BigDecimal(value)
                .setScale(2, RoundingMode.HALF_UP)
                .stripTrailingZeros()
                .toPlainString();
    }
}
