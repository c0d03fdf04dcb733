package dev.wb.cli;

import dev.wb.engine.json.CanonicalJson;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.wb.commands.Keys;
import dev.wb.commands.Session;
import dev.wb.commands.status.StatusQuery;
import dev.wb.commands.status.StatusQuery.StreamStatus;
import dev.wb.commands.status.StatusQuery.WorkspaceStatus;
import dev.wb.projections.activity.Activity;
import java.util.Map;
import java.util.concurrent.Callable;
import picocli.CommandLine.Model.CommandSpec;

final class StatusCmd implements Callable<Integer> {

    private final WbCommand root;
    String key;
    boolean stats;

    private StatusCmd(WbCommand root) {
        this.root = root;
    }

    static CommandSpec spec(WbCommand root) {
        StatusCmd cmd = new StatusCmd(root);
        CommandSpec spec = Specs.command(cmd, "status",
                "Each task's last activity and its events by type; --stats adds the workspace's totals.");
        spec.addPositional(Specs.positional("KEY", "0..1", "Only this task.", value -> cmd.key = value));
        spec.addOption(Specs.flag("--stats", "Totals by event type over the whole workspace.", on -> cmd.stats = on));
        spec.addOption(Specs.json(root));
        return spec;
    }

    @Override
    public Integer call() {
        try (Session session = root.context.session()) {
            StatusQuery query = new StatusQuery(session);
            if (key != null) {
                show(query.one(Keys.stream(key)));
            } else {
                show(query.all());
            }
            return ExitCodes.OK;
        }
    }

    private void show(StreamStatus status) {
        Console console = root.context.console();
        if (root.json) {
            console.json(json(status));
            return;
        }
        Activity.State a = status.activity();
        console.line(status.stream().describe());
        console.line("  events:        " + a.events() + " (versions 0 to " + a.lastVersion() + ")");
        console.line("  last activity: " + a.lastTime().map(Object::toString).orElse("-") + "  "
                + a.lastType().orElse("-") + "  by " + a.lastActor().orElse("-"));
        console.line("  by type:");
        a.countsByType().forEach((type, n) -> console.line("    " + Columns.left(type, 30) + " " + n));
    }

    private void show(WorkspaceStatus status) {
        Console console = root.context.console();
        if (root.json) {
            ObjectNode doc = CanonicalJson.objectNode();
            var streams = doc.putArray("streams");
            status.streams().forEach(s -> streams.add(json(s)));
            if (stats) {
                ObjectNode totals = doc.putObject("totals");
                totals.put("tasks", status.tasks());
                totals.put("events", status.totalEvents());
                ObjectNode byType = totals.putObject("byType");
                status.totalsByType().forEach(byType::put);
            }
            console.json(doc);
            return;
        }
        if (status.streams().isEmpty()) {
            console.line("no history yet: wb records an event for every command it runs (try: wb init)");
        } else {
            console.line(row("TASK", "EVENTS", "LAST ACTIVITY", "LAST EVENT", "BY"));
            for (StreamStatus s : status.streams()) {
                Activity.State a = s.activity();
                console.line(row(s.stream().name(), a.events(), a.lastTime().map(Object::toString).orElse("-"),
                        a.lastType().orElse("-"), a.lastActor().orElse("-")));
            }
        }
        if (stats) {
            console.line("");
            console.line("workspace: " + status.tasks() + " tasks, " + status.totalEvents() + " events");
            for (Map.Entry<String, Long> entry : status.totalsByType().entrySet()) {
                console.line("  " + Columns.left(entry.getKey(), 30) + " " + entry.getValue());
            }
        }
    }

    private static String row(Object task, Object events, Object last, Object type, Object by) {
        return Columns.left(task, 12) + " " + Columns.right(events, 7) + "  " + Columns.left(last, 25) + " "
                + Columns.left(type, 28) + " " + by;
    }

    private static ObjectNode json(StreamStatus status) {
        ObjectNode node = CanonicalJson.objectNode();
        node.put("stream", status.stream().name());
        node.setAll((ObjectNode) Activity.INSTANCE.toJson(status.activity()));
        return node;
    }
}
