package dev.wb.cli.route;

import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.wb.cli.core.Columns;
import dev.wb.cli.core.Console;
import dev.wb.cli.core.Exit;
import dev.wb.cli.core.Exits;
import dev.wb.cli.core.LeafCmd;
import dev.wb.cli.core.Specs;
import dev.wb.cli.core.WbCommand;
import dev.wb.commands.Keys;
import dev.wb.commands.Session;
import dev.wb.commands.base.Failure;
import dev.wb.commands.next.NextStep;
import dev.wb.commands.route.Route;
import dev.wb.engine.TaskKey;
import dev.wb.engine.json.CanonicalJson;
import dev.wb.projections.events.audit.AuditTier;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import picocli.CommandLine.Model.CommandSpec;

/** {@code wb route [KEY] [--file PATH]…}: the light or full route of a change. Rendering only: {@link Route} decides. */
public final class RouteCmd extends LeafCmd {

    private static final Exits EXITS = Exits.of(
            Exit.OK.as("shown"),
            Exit.USAGE.as("malformed key, no task named and none in flight, or outside a git repository"),
            Exit.CONFIG.as("config.json is invalid (its critical zones decide the tier)"),
            Exit.CHECK_FAILED.as("sdd.json is no plan wb reads (a link out of the repository, too large, not UTF-8)"));

    String key;
    List<String> files = new ArrayList<>();

    private RouteCmd(WbCommand root) {
        super(root, EXITS);
    }

    public static CommandSpec spec(WbCommand root) {
        RouteCmd cmd = new RouteCmd(root);
        CommandSpec spec = cmd.command(
                "route",
                "The steps this change needs, in order: the light route (5 steps) or the full one (8), by the tier"
                        + " rule the audit applies (up to 2 files, no critical zone, no handover owed: light).");
        spec.addPositional(Specs.positional(
                "KEY", "0..1", "This task; omit to use the one wb next chooses.", value -> cmd.key = value));
        spec.addOption(Specs.repeatable(
                "--file",
                "PATH",
                "A path the change will touch, when there is no plan yet; repeatable.",
                values -> cmd.files = new ArrayList<>(values)));
        return Specs.withJson(root, spec);
    }

    @Override
    protected Exit run() {
        try (Session session = context().session()) {
            TaskKey task = key != null ? Keys.task(key) : inFlight(session);
            Route.Result route = Route.of(session, task, files);
            if (json()) {
                console().json(json(route));
            } else {
                print(console(), route);
            }
            return Exit.OK;
        }
    }

    private static TaskKey inFlight(Session session) {
        try {
            return NextStep.pick(session, Optional.empty()).key();
        } catch (Failure e) {
            throw Failure.usage(
                    "no task named and none in flight",
                    "name one: wb route ABC-123",
                    "or start one: wb task new ABC-123");
        }
    }

    private static void print(Console console, Route.Result route) {
        console.line(route.key() + "  " + route.tier().wireName() + " route  (" + route.reason() + ")");
        int index = 1;
        for (Route.Step step : route.steps()) {
            String line = Columns.left("  " + index + ". " + Columns.left(step.word(), 10) + " " + step.skill(), 44);
            console.line((line + step.check(route.key())).stripTrailing());
            index++;
        }
        if (route.tier() == AuditTier.LIGHT) {
            console.line("");
            console.line("waived by the light tier: " + String.join(", ", Route.LIGHT_WAIVES));
            console.line("the floor is not waived: citations, the file list, verify and rollback still apply");
        }
    }

    private static ObjectNode json(Route.Result route) {
        ObjectNode doc = CanonicalJson.objectNode();
        doc.put("schema", 1);
        doc.put("key", route.key().value());
        doc.put("tier", route.tier().wireName());
        doc.put("reason", route.reason());
        ArrayNode steps = doc.putArray("steps");
        for (Route.Step step : route.steps()) {
            steps.addObject()
                    .put("step", step.word())
                    .put("skill", step.skill())
                    .put("check", step.check(route.key()));
        }
        return doc;
    }
}
