package dev.wb.cli.next;

import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.wb.cli.core.Console;
import dev.wb.cli.core.Exit;
import dev.wb.cli.core.Exits;
import dev.wb.cli.core.LeafCmd;
import dev.wb.cli.core.Specs;
import dev.wb.cli.core.WbCommand;
import dev.wb.commands.Session;
import dev.wb.commands.next.NextStep;
import dev.wb.commands.next.NextStep.Pick;
import dev.wb.commands.next.NextStep.State;
import dev.wb.engine.json.CanonicalJson;
import java.util.Optional;
import picocli.CommandLine.Model.CommandSpec;

/** {@code wb next [KEY]}: which task and which step, in two lines. Rendering only: {@link NextStep} chooses. */
public final class NextCmd extends LeafCmd {

    private static final Exits EXITS = Exits.of(
            Exit.OK.as("shown"),
            Exit.USAGE.as("malformed key or outside a git repository"),
            Exit.MISSING.as("no task named, none with history, and the branch names none"));

    String key;

    private NextCmd(WbCommand root) {
        super(root, EXITS);
    }

    public static CommandSpec spec(WbCommand root) {
        NextCmd cmd = new NextCmd(root);
        CommandSpec spec = cmd.command(
                "next",
                "The one step to take now: which task (the key named, else the task the branch names, else the"
                        + " one touched last, else a key in the branch's name) and the command that moves it on.");
        spec.addPositional(
                Specs.positional("KEY", "0..1", "This task; omit to choose as above.", value -> cmd.key = value));
        return Specs.withJson(root, spec);
    }

    @Override
    protected Exit run() {
        try (Session session = context().session()) {
            Pick pick = NextStep.pick(session, Optional.ofNullable(key));
            Console console = console();
            if (json()) {
                console.json(json(pick));
            } else {
                console.line(head(pick));
                console.line("  next: " + command(pick));
            }
            return Exit.OK;
        }
    }

    /** {@code ABC-1  (branch)  scope BLOCKED  deviation: …}; the origin is left out for a named key. */
    static String head(Pick pick) {
        StringBuilder line = new StringBuilder(pick.key().value());
        if (pick.origin() != NextStep.Origin.NAMED) {
            line.append("  (").append(pick.origin().word()).append(')');
        }
        if (pick.state() == State.COMPLETE || pick.state() == State.DONE) {
            return line.append("  ").append(pick.state().word()).toString();
        }
        line.append("  ").append(pick.step().orElseThrow().stage().word()).append(' ');
        line.append(pick.state() == State.BLOCKED ? "BLOCKED" : pick.state().word());
        String detail = pick.step().orElseThrow().detail();
        if (!detail.isEmpty()) {
            line.append("  ").append(detail);
        }
        return line.toString();
    }

    private static String command(Pick pick) {
        if (pick.state() == State.COMPLETE || pick.state() == State.DONE) {
            return "nothing outstanding";
        }
        return pick.command() + "   (" + pick.skill() + ")";
    }

    private static ObjectNode json(Pick pick) {
        ObjectNode doc = CanonicalJson.objectNode();
        doc.put("schema", 1);
        doc.put("key", pick.key().value());
        doc.put("origin", pick.origin().word());
        boolean done = pick.state() == State.DONE;
        doc.put("stage", done ? "" : pick.step().map(s -> s.stage().word()).orElse(""));
        doc.put("state", pick.state().word());
        doc.put("reason", done ? "" : pick.step().map(s -> s.detail()).orElse(""));
        doc.put("command", pick.command());
        doc.put("skill", pick.skill());
        return doc;
    }
}
