package dev.wb.cli.ops;

import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.wb.cli.core.Console;
import dev.wb.cli.core.Exit;
import dev.wb.cli.core.Exits;
import dev.wb.cli.core.LeafCmd;
import dev.wb.cli.core.Specs;
import dev.wb.cli.core.WbCommand;
import dev.wb.commands.Keys;
import dev.wb.commands.Session;
import dev.wb.commands.run.FlowRun;
import dev.wb.commands.run.Orphans;
import dev.wb.engine.TaskKey;
import dev.wb.engine.json.CanonicalJson;
import java.util.List;
import java.util.Optional;
import java.util.function.Consumer;
import picocli.CommandLine.Model.CommandSpec;

/**
 * {@code wb run KEY [--flow NAME] [--answer A] [--max-seconds N] [--stop-orphans]}: drives the task through its flow, each step an event of the
 * task's stream; resumes a run under way from the log (docs/RUNS.md).
 */
public final class RunCmd extends LeafCmd {

    private static final Exits EXITS = Exits.of(
            Exit.OK.as("done"),
            Exit.RUN_FAILED.as("failed"),
            Exit.RUN_MANUAL.as("manual action required; also a refusal (another run, a changed flow) or a usage error"),
            Exit.RUN_PARKED.as("parked for a person (answer with --answer); also a flow that fails validation"));

    String key;
    String flow;
    String answer;
    Integer maxSeconds;
    boolean stopOrphans;

    private RunCmd(WbCommand root) {
        super(root, EXITS);
    }

    public static CommandSpec spec(WbCommand root) {
        RunCmd cmd = new RunCmd(root);
        CommandSpec spec = cmd.command(
                "run",
                "Run the task through its flow (.workflow/flows/NAME.yaml, validated first): every node"
                        + " started and finished, every edge taken, every budget spent is an event of the task's"
                        + " stream. A run under way resumes from the log: finished nodes are not run again.",
                "Format and run model: docs/FLOWS.md, docs/RUNS.md.");
        spec.addPositional(Specs.taskKey(value -> cmd.key = value));
        spec.addOption(Specs.option(
                "--flow",
                "NAME",
                String.class,
                "The flow for a new run (default: implementation).",
                value -> cmd.flow = (String) value));
        spec.addOption(Specs.option(
                "--answer",
                "A",
                String.class,
                "Answer a parked run: approve, deny, rerun (an interrupted node) or a text (a question).",
                value -> cmd.answer = (String) value));
        spec.addOption(Specs.option(
                "--max-seconds",
                "N",
                Integer.class,
                "Lower the run's wall time limit (agents.max_run_seconds; time parked for a person is not"
                        + " counted) for this run; a value above the config is clamped to it.",
                value -> cmd.maxSeconds = (Integer) value));
        spec.addOption(Specs.flag(
                "--stop-orphans",
                "Before resuming, stop what a wb run killed outright (kill -9) left running of its node: its"
                        + " process group gets SIGTERM, then SIGKILL after 10 s.",
                value -> cmd.stopOrphans = value));
        return Specs.withJson(root, spec);
    }

    @Override
    protected Exit run() {
        TaskKey task = Keys.task(key);
        Console console = root.context().console();
        Consumer<String> progress = root.json() ? line -> {} : console::line;
        FlowRun.Result result;
        try (Session session = root.context().session()) {
            if (stopOrphans) {
                Orphans.stop(session, task, progress);
            }
            result = FlowRun.run(
                    session,
                    task,
                    root.context().env(),
                    new FlowRun.Options(
                            Optional.ofNullable(flow), Optional.ofNullable(answer), Optional.ofNullable(maxSeconds)),
                    progress);
        }
        if (root.json()) {
            ObjectNode doc = CanonicalJson.objectNode();
            doc.put("task", task.value());
            doc.put("status", result.status());
            doc.put("exitCode", result.exitCode());
            result.reason().ifPresentOrElse(r -> doc.put("reason", r), () -> doc.putNull("reason"));
            console.json(doc);
        }
        return switch (result.exitCode()) {
            case 0 -> Exit.OK;
            case 1 -> Exit.RUN_FAILED;
            case 3 -> {
                if (!root.json()) {
                    boolean interrupted = result.reason().orElse("").contains("(interrupted)");
                    console.line("answer with: wb run " + task + " --answer "
                            + (interrupted
                                    ? "approve|rerun|deny   (look at the tree first: git status)"
                                    : "approve|deny|TEXT"));
                }
                yield Exit.RUN_PARKED;
            }
            default -> {
                if (!root.json()) {
                    console.error(
                            task + " needs a person: " + result.reason().orElse(result.status()),
                            List.of("wb replay " + task + "    (every step the run took)"));
                }
                yield Exit.RUN_MANUAL;
            }
        };
    }
}
