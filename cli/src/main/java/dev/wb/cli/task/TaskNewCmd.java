package dev.wb.cli.task;

import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.wb.cli.core.Console;
import dev.wb.cli.core.Exit;
import dev.wb.cli.core.Exits;
import dev.wb.cli.core.LeafCmd;
import dev.wb.cli.core.Specs;
import dev.wb.cli.core.WbCommand;
import dev.wb.commands.Keys;
import dev.wb.commands.Session;
import dev.wb.commands.capsule.NewTask;
import dev.wb.engine.TaskKey;
import dev.wb.engine.json.CanonicalJson;
import picocli.CommandLine.Model.CommandSpec;

/** {@code wb task new KEY}: the skeleton of a task's capsule and plan. */
public final class TaskNewCmd extends LeafCmd {

    private static final Exits EXITS = Exits.of(
            Exit.OK.as("written"),
            Exit.USAGE.as("malformed key or a file of the skeleton already exists (nothing written)"),
            Exit.CONFIG.as("cannot write"));

    @Override
    public Exits exits() {
        return EXITS;
    }

    String key;

    private TaskNewCmd(WbCommand root) {
        super(root);
    }

    @Override
    protected Exit run() {
        TaskKey task = Keys.task(key);
        try (Session session = root.context().session()) {
            NewTask.Result result = NewTask.run(session, task);
            Console console = root.context().console();
            if (root.json()) {
                ObjectNode doc = CanonicalJson.objectNode();
                doc.put("taskId", task.value());
                result.files().forEach(doc.putArray("files")::add);
                doc.put("event", result.event().eventId());
                doc.put("version", result.event().version());
                console.json(doc);
            } else {
                result.files().forEach(file -> console.line("created " + file));
                console.line(task + ": fill in the capsule and the plan, then check them with: wb sdd audit " + task);
            }
            return Exit.OK;
        }
    }

    public static CommandSpec spec(WbCommand root) {
        TaskNewCmd cmd = new TaskNewCmd(root);
        CommandSpec spec = cmd.command(
                "new",
                "Write the skeleton of a task's capsule (task.md with an empty"
                        + " ## Validation block, context.md, plan.md, acceptance-criteria.md, review-checklist.md) and of its"
                        + " plan (sdd.json) into .workflow/KEY/, to be filled in. Never replaces a file: if any is there,"
                        + " nothing is written.");
        spec.addPositional(Specs.positional("KEY", "1", "The task key, like TASK-7.", value -> cmd.key = value));
        spec.addOption(Specs.json(root));
        return spec;
    }
}
