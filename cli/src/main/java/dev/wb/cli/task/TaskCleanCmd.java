package dev.wb.cli.task;

import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.wb.cli.core.Console;
import dev.wb.cli.core.Exit;
import dev.wb.cli.core.Exits;
import dev.wb.cli.core.LeafCmd;
import dev.wb.cli.core.Specs;
import dev.wb.cli.core.WbCommand;
import dev.wb.commands.Session;
import dev.wb.commands.task.DoneTasks;
import dev.wb.commands.task.DoneTasks.Finished;
import dev.wb.engine.EventEnvelope;
import dev.wb.engine.json.CanonicalJson;
import java.util.ArrayList;
import java.util.List;
import java.util.Set;
import picocli.CommandLine.Model.CommandSpec;

/** {@code wb task clean [--execute]}: lists the done tasks' folders; removes them only with --execute. */
public final class TaskCleanCmd extends LeafCmd {

    private static final Exits EXITS = Exits.of(
            Exit.OK.as("listed, or removed with --execute"),
            Exit.USAGE.as("outside a git repository"),
            Exit.CONFIG.as("a file could not be removed (what was removed is recorded)"));

    /** Files a person wrote by hand: listed with a note, since nothing can write them again. */
    static final Set<String> HAND_WRITTEN =
            Set.of("task.md", "context.md", "plan.md", "acceptance-criteria.md", "frame.md", "handover.md");

    boolean execute;

    private TaskCleanCmd(WbCommand root) {
        super(root, EXITS);
    }

    public static CommandSpec spec(WbCommand root) {
        TaskCleanCmd cmd = new TaskCleanCmd(root);
        CommandSpec spec = cmd.command(
                "clean",
                "The folders (.workflow/KEY/) of the tasks marked done (wb task done), listed; removed only with"
                        + " --execute, each removal recorded as a task.cleaned event. The log is never edited: every"
                        + " event of a cleaned task stays.");
        spec.addOption(Specs.flag("--execute", "Remove the folders listed.", on -> cmd.execute = on));
        return Specs.withJson(root, spec);
    }

    @Override
    protected Exit run() {
        try (Session session = context().session()) {
            List<Finished> finished = DoneTasks.finished(session);
            List<EventEnvelope> events = new ArrayList<>();
            if (execute) {
                for (Finished task : finished) {
                    events.add(DoneTasks.clean(session, task));
                }
            }
            if (json()) {
                console().json(json(finished, events));
            } else {
                text(console(), finished);
            }
            return Exit.OK;
        }
    }

    private void text(Console console, List<Finished> finished) {
        if (finished.isEmpty()) {
            console.line("no done task has a folder to clean (mark one with: wb task done KEY)");
            return;
        }
        int total = 0;
        for (Finished task : finished) {
            console.line((execute ? "removed .workflow/" : ".workflow/") + task.key() + "/");
            for (String file : task.files()) {
                String name = file.substring(file.lastIndexOf('/') + 1);
                console.line("  " + file + (HAND_WRITTEN.contains(name) ? "   hand-written, not regenerable" : ""));
            }
            total += task.files().size();
        }
        console.line("");
        if (execute) {
            console.line(finished.size() + " task(s), " + total + " file(s) removed; their events stay in the log");
        } else {
            console.line(finished.size() + " task(s), " + total + " file(s), nothing removed");
            console.line("remove them: wb task clean --execute");
        }
    }

    private ObjectNode json(List<Finished> finished, List<EventEnvelope> events) {
        ObjectNode doc = CanonicalJson.objectNode();
        doc.put("executed", execute);
        ArrayNode tasks = doc.putArray("tasks");
        for (int i = 0; i < finished.size(); i++) {
            ObjectNode task = tasks.addObject();
            task.put("taskId", finished.get(i).key().value());
            finished.get(i).files().forEach(task.putArray("files")::add);
            if (execute) {
                task.put("version", events.get(i).version());
            }
        }
        return doc;
    }
}
