package dev.wb.cli.git;

import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.wb.cli.core.Console;
import dev.wb.cli.core.Exit;
import dev.wb.cli.core.Exits;
import dev.wb.cli.core.LeafCmd;
import dev.wb.cli.core.Specs;
import dev.wb.cli.core.WbCommand;
import dev.wb.commands.Failure;
import dev.wb.commands.Session;
import dev.wb.commands.ci.CiCheck;
import dev.wb.commands.gitflow.GitFlow;
import dev.wb.engine.json.CanonicalJson;
import dev.wb.engine.text.TerminalText;
import dev.wb.gitrun.GitCommandText;
import dev.wb.gitrun.GitRunner;
import dev.wb.gitrun.GitStep;
import dev.wb.gitrun.Precondition;
import dev.wb.gitrun.PreconditionCheck;
import dev.wb.gitrun.StepOutcome;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import picocli.CommandLine.Model.CommandSpec;

/**
 * What {@code wb git start|commit|push|carry} share: each prints its series of git commands; {@code
 * --execute} runs exactly the printed argv with the user's own git, no shell, and records every step.
 */
public abstract class GitSeriesCmd extends LeafCmd {

    private static final Exits EXITS = Exits.bySemicolons(
            Exit.OK.as("printed, or every step ran"),
            Exit.NOT_COMPLETED.as("a step failed or was refused (what did not run is listed)"),
            Exit.USAGE.as("refused (execution disabled, no passing audit)"),
            Exit.MISSING.as("no commit.txt"));

    private final String action;
    String key;
    String to;
    boolean execute;

    GitSeriesCmd(WbCommand root, String action) {
        super(root, EXITS);
        this.action = action;
    }

    /** The series this command prints or runs. */
    abstract GitFlow.Planned plan(Session session);

    /** The spec every series command shares: KEY when it needs one, --execute, --json. */
    static CommandSpec series(GitSeriesCmd cmd, String description, boolean needsKey) {
        CommandSpec spec = cmd.command(cmd.action, description);
        if (needsKey) {
            spec.addPositional(Specs.taskKey(value -> cmd.key = value));
        }
        spec.addOption(Specs.flag(
                "--execute",
                "Run the printed commands with your git (no shell), step by step,"
                        + " each after its preconditions; stop at the first that fails.",
                on -> cmd.execute = on));
        spec.addOption(Specs.json(cmd.root));
        return spec;
    }

    @Override
    protected final Exit run() {
        try (Session session = root.context().session()) {
            GitFlow.Planned planned = plan(session);
            if (!execute || planned.steps().isEmpty()) {
                return print(
                        planned,
                        GitFlow.preconditionsNow(
                                session, planned, root.context().env()),
                        GitFlow.runHooks(session));
            }
            Exit exit =
                    executed(GitFlow.execute(session, planned, root.context().env()));
            for (CiCheck.Check check : afterCommit(session)) {
                root.context()
                        .console()
                        .warning(
                                "wb ci check will not count this commit's " + check.name() + ": "
                                        + TerminalText.escape(check.detail()),
                                check.fix().orElse("wb status " + key));
            }
            return exit;
        }
    }

    /**
     * What {@code wb ci check} would not count once the series ran (docs/CI.md, "Local and CI"): the
     * failing checks, warned of on stderr; none for a series that commits nothing.
     */
    List<CiCheck.Check> afterCommit(Session session) {
        return List.of();
    }

    private Exit print(GitFlow.Planned planned, List<List<PreconditionCheck.Reading>> now, boolean hooks) {
        Console console = root.context().console();
        if (root.json()) {
            ObjectNode doc = CanonicalJson.objectNode();
            doc.put("series", planned.series().wireName());
            doc.put("executed", false);
            doc.put("hooks", hooks);
            ArrayNode steps = doc.putArray("steps");
            for (int i = 0; i < planned.steps().size(); i++) {
                ObjectNode step = steps.addObject();
                step(step, planned.steps().get(i));
                readings(step, planned.steps().get(i), now.get(i));
            }
            if (!planned.note().isEmpty()) {
                doc.put("note", planned.note());
            }
            console.json(doc);
            return Exit.OK;
        }
        if (!planned.note().isEmpty()) {
            console.line("# " + TerminalText.escape(planned.note()));
        }
        for (int i = 0; i < planned.steps().size(); i++) {
            GitStep step = planned.steps().get(i);
            console.line(step.text() + "    # " + TerminalText.escape(step.why()));
            if (!step.preconditions().isEmpty()) {
                console.line("    # checked just before it runs: " + checks(step, now.get(i)));
            }
        }
        if (!planned.steps().isEmpty()) {
            console.line("# from the repository root; or run them with: wb git " + action
                    + (key == null ? "" : " " + key) + (to == null ? "" : " --to " + GitCommandText.quote(to))
                    + " --execute");
            console.line("# " + hooks(hooks));
        }
        return Exit.OK;
    }

    /**
     * A step's preconditions with what they read now ({@code clean-tree (does not hold now: …)}), or,
     * for a step that meets the state the steps before it leave, that they are read when it runs.
     */
    private static String checks(GitStep step, List<PreconditionCheck.Reading> now) {
        if (now.isEmpty()) {
            return String.join(
                            ", ",
                            step.preconditions().stream()
                                    .sorted()
                                    .map(Precondition::label)
                                    .toList()) + " (read when it runs, after the steps above)";
        }
        return String.join(
                ", ",
                now.stream()
                        .map(r -> r.precondition().label()
                                + (r.holds()
                                        ? " (holds now)"
                                        : " (does not hold now: "
                                                + TerminalText.escape(
                                                        r.failing().get()) + ")"))
                        .toList());
    }

    private static void readings(ObjectNode node, GitStep step, List<PreconditionCheck.Reading> now) {
        if (step.preconditions().isEmpty() || now.isEmpty()) {
            return;
        }
        ArrayNode list = node.putArray("preconditionsNow");
        now.forEach(r -> {
            ObjectNode reading = list.addObject()
                    .put("precondition", r.precondition().name())
                    .put("holds", r.holds());
            r.failing().ifPresent(f -> reading.put("failing", f));
        });
    }

    private Exit executed(GitFlow.Executed executed) {
        Console console = root.context().console();
        if (root.json()) {
            ObjectNode doc = CanonicalJson.objectNode();
            doc.put("series", executed.planned().series().wireName());
            doc.put("executed", true);
            doc.put("hooks", executed.hooks());
            ArrayNode ran = doc.putArray("ran");
            executed.result().ran().forEach(outcome -> outcome(ran.addObject(), outcome));
            executed.result().failed().ifPresent(outcome -> outcome(doc.putObject("failed"), outcome));
            ArrayNode notRun = doc.putArray("notRun");
            executed.result().notRun().forEach(step -> step(notRun.addObject(), step));
            console.json(doc);
        } else {
            for (StepOutcome outcome : executed.result().ran()) {
                console.line("ok      " + outcome.step().text());
            }
            executed.result()
                    .failed()
                    .ifPresent(f -> console.line((f.status() == StepOutcome.Status.REFUSED ? "REFUSED " : "FAILED  ")
                            + f.step().text()));
            console.line("# " + hooks(executed.hooks()));
        }
        if (executed.result().failed().isPresent()) {
            StepOutcome failed = executed.result().failed().get();
            String why = failed.status() == StepOutcome.Status.REFUSED
                    ? failed.refusal()
                    : "exit " + failed.exitCode() + ": " + TerminalText.escape(lastLine(failed.output()));
            List<String> fixes = new ArrayList<>();
            fixes.add("these did not run, starting at the one that failed:");
            executed.result().notRun().forEach(step -> fixes.add("  " + step.text()));
            throw new Failure(
                    Failure.Kind.NOT_COMPLETED,
                    "wb git " + action + " stopped at " + failed.step().text() + ": " + why,
                    fixes);
        }
        return Exit.OK;
    }

    /** Whether {@code --execute} lets the repository's git hooks run, in words. */
    static String hooks(boolean on) {
        return on
                ? "hooks: on (git.run_hooks in .workflow/config.json): --execute lets this repository's git hooks run"
                : "hooks: off: --execute runs each step as git " + String.join(" ", GitRunner.HOOKS_OFF)
                        + " …, so no hook of this repository runs (git.run_hooks in .workflow/config.json turns them"
                        + " on)";
    }

    private static void step(ObjectNode node, GitStep step) {
        step.argv().forEach(node.putArray("argv")::add);
        node.put("text", step.text());
        node.put("why", step.why());
        step.preconditions().stream().map(Enum::name).sorted().forEach(node.putArray("preconditions")::add);
    }

    private static void outcome(ObjectNode node, StepOutcome outcome) {
        step(node, outcome.step());
        node.put("status", outcome.status().name().toLowerCase(Locale.ROOT));
        node.put("exitCode", outcome.exitCode());
        node.put("output", outcome.output());
        if (!outcome.refusal().isEmpty()) {
            node.put("refusal", outcome.refusal());
        }
    }

    private static String lastLine(String output) {
        String trimmed = output.strip();
        int nl = trimmed.lastIndexOf('\n');
        return nl < 0 ? trimmed : trimmed.substring(nl + 1);
    }
}
