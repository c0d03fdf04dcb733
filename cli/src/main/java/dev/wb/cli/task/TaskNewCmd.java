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
import java.util.Optional;
import picocli.CommandLine.Model.CommandSpec;

/** {@code wb task new KEY}: the skeleton of a task's capsule and plan. */
public final class TaskNewCmd extends LeafCmd {

    private static final Exits EXITS = Exits.of(
            Exit.OK.as("written"),
            Exit.USAGE.as("malformed key or title, or the task folder leads out of the repository (nothing written)"),
            Exit.CONFIG.as("cannot write"));

    String key;
    String title;

    private TaskNewCmd(WbCommand root) {
        super(root, EXITS);
    }

    @Override
    protected Exit run() {
        TaskKey task = Keys.task(key);
        try (Session session = root.context().session()) {
            NewTask.Result result = NewTask.run(session, task, Optional.ofNullable(title));
            Console console = root.context().console();
            if (root.json()) {
                ObjectNode doc = CanonicalJson.objectNode();
                doc.put("taskId", task.value());
                result.files().forEach(doc.putArray("files")::add);
                result.kept().forEach(doc.putArray("kept")::add);
                result.event()
                        .ifPresentOrElse(
                                event -> {
                                    doc.put("event", event.eventId());
                                    doc.put("version", event.version());
                                },
                                () -> {
                                    doc.putNull("event");
                                    doc.putNull("version");
                                });
                console.json(doc);
            } else {
                result.files().forEach(file -> console.line("created " + file));
                result.kept().forEach(file -> console.line("kept    " + file + " (already there)"));
                if (title != null && result.kept().contains(".workflow/" + task + "/task.md")) {
                    console.line("the title was not applied: task.md was already there");
                }
                console.line(
                        result.files().isEmpty()
                                ? task + ": the skeleton is complete; nothing written"
                                : task + ": fill in the capsule and the plan, then check them with: wb sdd audit "
                                        + task);
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
                        + " plan (sdd.json) into .workflow/KEY/, to be filled in. Writes only what is missing and never"
                        + " replaces a file, so running it again is safe.");
        spec.addPositional(Specs.positional("KEY", "1", "The task key, like TASK-7.", value -> cmd.key = value));
        spec.addOption(Specs.option(
                "--title",
                "T",
                String.class,
                "The task's title, one line: task.md's heading reads \"# KEY: T\".",
                value -> cmd.title = (String) value));
        return Specs.withJson(root, spec);
    }
}
