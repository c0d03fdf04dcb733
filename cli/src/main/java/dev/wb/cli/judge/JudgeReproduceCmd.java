package dev.wb.cli.judge;

import dev.wb.cli.core.Columns;
import dev.wb.cli.core.Console;
import dev.wb.cli.core.Exit;
import dev.wb.cli.core.Exits;
import dev.wb.cli.core.LeafCmd;
import dev.wb.cli.core.Specs;
import dev.wb.cli.core.WbCommand;
import dev.wb.commands.Keys;
import dev.wb.commands.Session;
import dev.wb.commands.judge.reproduce.JudgeReproduce;
import dev.wb.commands.judge.reproduce.ReproduceReport;
import dev.wb.commands.judge.run.CommandApprovals;
import dev.wb.engine.TaskKey;
import dev.wb.engine.text.TerminalText;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import picocli.CommandLine.Model.CommandSpec;

/**
 * {@code wb judge reproduce KEY --base REF --candidate SNAPSHOT:<id> [--include-task K]…
 * [--approve-commands C]…}: re-runs the generator the snapshot's capsule declares under
 * {@code ## Migration} in a disposable copy of the base and compares what it writes with the snapshot.
 */
public final class JudgeReproduceCmd extends LeafCmd {

    private static final Exits EXITS = Exits.of(
            Exit.OK.as("reproduced exactly"),
            Exit.CHECK_FAILED.as(
                    "not reproduced (a declared path differs or is unchanged, a write outside the declared paths, a failed command) or refused (a generator commit that is not an ancestor of the base, a review that is not a verified APPROVED snapshot record, an input that differs between the reviewed content, the generator commit and the base, a failed install)"),
            Exit.APPROVAL_MISSING.as("approval missing (nothing ran)"),
            Exit.USAGE.as(
                    "a malformed ## Migration block, another base than the snapshot's or a foreign capsule without --include-task"),
            Exit.MISSING.as("an unknown or damaged snapshot"));

    String key;
    String base;
    String candidate;
    List<String> include = List.of();
    final JudgeOptions.Approvals approvals = new JudgeOptions.Approvals();

    private JudgeReproduceCmd(WbCommand root) {
        super(root, EXITS);
    }

    public static CommandSpec spec(WbCommand root) {
        JudgeReproduceCmd cmd = new JudgeReproduceCmd(root);
        CommandSpec spec = cmd.command(
                "reproduce",
                "Check that a landed, reviewed generator produces exactly"
                        + " the generated paths of a snapshot. The snapshot's capsule declares it in one fenced JSON object"
                        + " under ## Migration (generator {command, commit, review, inputs, prepare}, paths). After approval"
                        + " of the complete ordered list (a frozen install of the generator's Node dependencies, the prepare"
                        + " commands, the generator), they run in a disposable copy of the base, never the live tree, with"
                        + " WB_GENERATOR_ROOT naming a copy of the generator's inputs. Each declared path is compared with"
                        + " the snapshot by existence, type, executable bit, bytes and link target; a declared path left"
                        + " unchanged and any write outside the declared paths fail, by name. This is process isolation,"
                        + " not an operating-system sandbox: the generator runs with your rights. It does not replace the"
                        + " review of the generator or of the change's other files.");
        spec.addPositional(Specs.positional("KEY", "1", "The task key, like TASK-7.", v -> cmd.key = v));
        spec.addOption(Specs.required(
                "--base",
                "REF",
                "The base, resolved in this repository; it must be the"
                        + " snapshot's, and contain the generator commit.",
                v -> cmd.base = v));
        spec.addOption(Specs.required(
                "--candidate", "SNAPSHOT:<id>", "The snapshot holding the generated change.", v -> cmd.candidate = v));
        spec.addOption(Specs.repeatable(
                "--include-task",
                "KEY",
                "Another task whose capsule the change"
                        + " deliberately touches, as the snapshot was captured; once per task.",
                v -> cmd.include = v));
        spec.addOption(cmd.approvals.option("Approve one command of the list, headless;"
                + " once per command, in order: the install (if any), the prepare commands, the generator."));
        return Specs.withJson(root, spec);
    }

    @Override
    protected Exit run() {
        TaskKey task = Keys.task(key);
        String id = JudgeOptions.snapshotId("reproduce", candidate, "wb judge snapshot " + task + " --base " + base);
        List<TaskKey> includes = new ArrayList<>();
        include.forEach(text -> includes.add(Keys.task(text)));
        Console console = root.context().console();
        try (Session session = root.context().session()) {
            Optional<CommandApprovals.Terminal> terminal =
                    JudgeOptions.terminal(root, commands -> confirm(commands, root.context()));
            JudgeReproduce.Progress progress = root.json()
                    ? JudgeReproduce.Progress.NONE
                    : (index, total, command) -> {
                        console.err().println("[" + index + "/" + total + "] " + command);
                        console.err().flush();
                    };
            JudgeReproduce.Result result = JudgeReproduce.reproduce(
                    session,
                    new JudgeReproduce.Request(task, base, id, includes, approvals.given(), terminal),
                    root.context().env(),
                    progress);
            if (root.json()) {
                console.json(ReproduceReport.json(result));
            } else {
                text(result);
            }
            return exit(result.outcome());
        }
    }

    /** The terminal's consent: the list on stderr, y/N read from stdin. */
    static boolean confirm(List<String> commands, WbCommand.Context run) {
        return Consent.ask(
                "To reproduce the generated paths, these commands run through a shell, in this"
                        + " order, in a disposable copy of the base (process isolation, not a sandbox):",
                commands,
                run);
    }

    /** How a reproduction's outcome exits. */
    static Exit exit(JudgeReproduce.Outcome outcome) {
        return switch (outcome) {
            case REPRODUCED -> Exit.OK;
            case NOT_REPRODUCED -> Exit.CHECK_FAILED;
            case APPROVAL_MISSING -> Exit.APPROVAL_MISSING;
        };
    }

    private void text(JudgeReproduce.Result result) {
        Console console = root.context().console();
        if (result.outcome() == JudgeReproduce.Outcome.APPROVAL_MISSING) {
            console.error(
                    result.message(),
                    List.of("pass one --approve-commands per command, in the order shown:"
                            + " the install (if any), the prepare commands, the generator"));
            return;
        }
        for (JudgeReproduce.CommandResult r : result.results()) {
            console.line("  " + Columns.left(r.status(), 8) + "[" + r.index() + "] " + TerminalText.escape(r.command())
                    + (r.status().equals("not-run") ? "" : "  (" + r.ended() + ")"));
            r.evidence().ifPresent(e -> e.lines().limit(40).forEach(l -> console.line("      " + l)));
        }
        result.details()
                .forEach(d -> console.line("  mismatched " + TerminalText.escape(d.path()) + ": the snapshot has "
                        + d.expected() + ", the generator wrote " + d.actual()));
        result.unchanged()
                .forEach(path -> console.line("  unchanged  " + TerminalText.escape(path)
                        + ": the generator left it as the base" + " has it"));
        result.stray()
                .forEach(path -> console.line(
                        "  stray      " + TerminalText.escape(path) + ": written outside the declared paths"));
        String label = result.snapshot().label() + " from base " + result.base() + " with generator "
                + result.generatorCommit();
        if (result.passed()) {
            console.line("REPRODUCED: " + label + "; " + result.message());
        } else {
            console.line("NOT REPRODUCED: " + label + "; " + result.message());
        }
        console.line("(process isolation, not an operating-system sandbox; review the generator and the other"
                + " changed files as usual)");
    }
}
