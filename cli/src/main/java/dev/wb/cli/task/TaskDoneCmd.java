package dev.wb.cli.task;

import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.wb.cli.core.Exit;
import dev.wb.cli.core.Exits;
import dev.wb.cli.core.LeafCmd;
import dev.wb.cli.core.Specs;
import dev.wb.cli.core.WbCommand;
import dev.wb.commands.Keys;
import dev.wb.commands.Session;
import dev.wb.commands.task.DoneTasks;
import dev.wb.engine.TaskKey;
import dev.wb.engine.json.CanonicalJson;
import picocli.CommandLine.Model.CommandSpec;

/** {@code wb task done KEY [--reason TEXT]}: marks a task done, as an event. */
public final class TaskDoneCmd extends LeafCmd {

    private static final Exits EXITS = Exits.of(
            Exit.OK.as("marked done, or already done"), Exit.USAGE.as("malformed key or outside a git repository"));

    String key;
    String reason = "";

    private TaskDoneCmd(WbCommand root) {
        super(root, EXITS);
    }

    public static CommandSpec spec(WbCommand root) {
        TaskDoneCmd cmd = new TaskDoneCmd(root);
        CommandSpec spec = cmd.command(
                "done",
                "Mark a task done (a task.done event): from then on it claims no file in another task's"
                        + " wb impl check, and wb task clean may remove its folder. Its history stays.");
        spec.addPositional(Specs.taskKey(value -> cmd.key = value));
        spec.addOption(Specs.option(
                "--reason",
                "TEXT",
                String.class,
                "Why, in a line; recorded with the event.",
                v -> cmd.reason = (String) v));
        return Specs.withJson(root, spec);
    }

    @Override
    protected Exit run() {
        TaskKey task = Keys.task(key);
        try (Session session = context().session()) {
            DoneTasks.Marked marked = DoneTasks.markDone(session, task, reason.strip());
            if (json()) {
                ObjectNode doc = CanonicalJson.objectNode();
                doc.put("taskId", task.value());
                doc.put("alreadyDone", marked.event().isEmpty());
                marked.event().ifPresentOrElse(e -> doc.put("version", e.version()), () -> doc.putNull("version"));
                console().json(doc);
            } else if (marked.event().isPresent()) {
                console()
                        .line(task + ": done (recorded as event "
                                + marked.event().get().version() + " of " + task
                                + "); it claims no file in another task's scope check now");
            } else {
                console().line(task + ": already done; nothing recorded");
            }
            return Exit.OK;
        }
    }
}
