package dev.wb.cli.review;

import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.wb.cli.core.Console;
import dev.wb.cli.core.Exit;
import dev.wb.cli.core.Exits;
import dev.wb.cli.core.LeafCmd;
import dev.wb.cli.core.Specs;
import dev.wb.cli.core.WbCommand;
import dev.wb.commands.Keys;
import dev.wb.commands.Session;
import dev.wb.commands.review.ReviewContext;
import dev.wb.engine.json.CanonicalJson;
import dev.wb.engine.text.TerminalText;
import java.util.List;
import picocli.CommandLine.Model.CommandSpec;

/** {@code wb review context [KEY] [--staged] [--base REF] [--json]}: the computed facts about the diff. */
public final class ReviewContextCmd extends LeafCmd {

    private static final Exits EXITS = Exits.of(
            Exit.OK.as("done"),
            Exit.USAGE.as("malformed key, outside a repository, a --base that is no commit, or --staged with --base"),
            Exit.CONFIG.as("unusable config.json"));

    String key;
    final ReviewGroup.DiffChoice choice = new ReviewGroup.DiffChoice();

    private ReviewContextCmd(WbCommand root) {
        super(root, EXITS);
    }

    public static CommandSpec spec(WbCommand root) {
        ReviewContextCmd cmd = new ReviewContextCmd(root);
        CommandSpec spec = cmd.command(
                "context",
                "What the branch's diff changed, the critical zones it touches, the sources that changed with no"
                        + " test alongside, and the gates that apply. A read: records nothing.");
        spec.addPositional(Specs.positional(
                "KEY", "0..1", "The task key, like ABC-12 (optional: the facts are the diff's).", v -> cmd.key = v));
        ReviewGroup.diffOptions(spec, cmd.choice);
        return Specs.withJson(root, spec);
    }

    @Override
    protected Exit run() {
        if (key != null) {
            Keys.task(key);
        }
        try (Session session = root.context().session()) {
            ReviewContext context = ReviewContext.read(session, choice.request());
            if (root.json()) {
                root.context().console().json(json(context));
            } else {
                text(context);
            }
            return Exit.OK;
        }
    }

    private void text(ReviewContext context) {
        Console console = root.context().console();
        console.line(ReviewText.diffLine(context.diff()));
        if (context.diff().changed().isEmpty()) {
            console.line("no changes" + (context.diff().staged() ? " staged" : ""));
            return;
        }
        console.line("preset    "
                + (context.preset().isEmpty()
                        ? "none recorded (the floor applies; wb config set preset startup records one)"
                        : context.preset()));
        console.line("changed   " + context.diff().changed().size() + " file(s)");
        for (String path : context.diff().changed()) {
            console.line("  " + (ReviewContext.isTest(path) ? "T" : " ") + " " + TerminalText.escape(path));
        }
        if (!context.zones().isEmpty()) {
            console.line("");
            console.line("critical zones touched -- the bar rises here regardless of preset:");
            context.zones()
                    .forEach((zone, paths) ->
                            console.line("  " + zone + ": " + TerminalText.escape(String.join(", ", paths))));
        }
        section(console, "source changed with no test changed alongside (heuristic, verify each):", context.untested());
        console.line("");
        console.line("gates:");
        context.gates().forEach(g -> console.line("  - " + g));
    }

    private static void section(Console console, String title, List<String> paths) {
        if (!paths.isEmpty()) {
            console.line("");
            console.line(title);
            paths.forEach(p -> console.line("  " + TerminalText.escape(p)));
        }
    }

    private static ObjectNode json(ReviewContext context) {
        ObjectNode doc = CanonicalJson.objectNode();
        ReviewText.diffJson(doc, context.diff());
        doc.put("preset", context.preset());
        context.diff().changed().forEach(doc.putArray("changed")::add);
        ObjectNode zones = doc.putObject("zones");
        context.zones().forEach((zone, paths) -> paths.forEach(zones.putArray(zone)::add));
        context.untested().forEach(doc.putArray("untested")::add);
        context.gates().forEach(doc.putArray("gates")::add);
        return doc;
    }
}
