package dev.wb.cli.sdd;

import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.wb.cli.core.Console;
import dev.wb.cli.core.Exit;
import dev.wb.cli.core.Exits;
import dev.wb.cli.core.LeafCmd;
import dev.wb.cli.core.Specs;
import dev.wb.cli.core.WbCommand;
import dev.wb.commands.Keys;
import dev.wb.commands.Session;
import dev.wb.commands.handover.TaskNotes;
import dev.wb.commands.handover.TaskNotes.Written;
import dev.wb.engine.TaskKey;
import dev.wb.engine.json.CanonicalJson;
import java.util.function.BiFunction;
import picocli.CommandLine.Model.CommandSpec;

/**
 * {@code wb sdd render KEY} (sdd.md, the plan for people) and {@code wb sdd handover KEY}
 * (handover.md, the note for QA and the reporter): one leaf each, the same shape.
 */
public final class SddNoteCmd extends LeafCmd {

    private final BiFunction<Session, TaskKey, Written> writer;
    String key;

    private SddNoteCmd(WbCommand root, Exits exits, BiFunction<Session, TaskKey, Written> writer) {
        super(root, exits);
        this.writer = writer;
    }

    public static CommandSpec render(WbCommand root) {
        SddNoteCmd cmd = new SddNoteCmd(
                root,
                Exits.of(
                        Exit.OK.as("written"),
                        Exit.USAGE.as(
                                "malformed key, or a task folder that leads out of the repository (nothing written)"),
                        Exit.MISSING.as("no sdd.json"),
                        Exit.CONFIG.as("sdd.json is not a JSON object, or cannot write")),
                TaskNotes::render);
        return cmd.spec(
                "render",
                "Write .workflow/KEY/sdd.md from sdd.json: the plan in Markdown, for people"
                        + " (sdd.json stays the source). Records plan.rendered.");
    }

    public static CommandSpec handover(WbCommand root) {
        SddNoteCmd cmd = new SddNoteCmd(
                root,
                Exits.of(
                        Exit.OK.as("written"),
                        Exit.USAGE.as(
                                "malformed key, the plan has no handover section, or a task folder that leads out of"
                                        + " the repository (nothing written)"),
                        Exit.MISSING.as("no sdd.json"),
                        Exit.CONFIG.as("sdd.json is not a JSON object, or cannot write")),
                TaskNotes::handover);
        return cmd.spec(
                "handover",
                "Write .workflow/KEY/handover.md from the plan's handover section: the note for QA and the"
                        + " reporter, in plain words. Records handover.written.");
    }

    private CommandSpec spec(String name, String description) {
        CommandSpec spec = command(name, description);
        spec.addPositional(Specs.taskKey(value -> key = value));
        return Specs.withJson(root, spec);
    }

    @Override
    protected Exit run() {
        TaskKey task = Keys.task(key);
        try (Session session = root.context().session()) {
            Written written = writer.apply(session, task);
            Console console = root.context().console();
            if (root.json()) {
                ObjectNode doc = CanonicalJson.objectNode();
                doc.put("task", task.value());
                doc.put("file", written.file());
                doc.put("sha256", written.sha256());
                doc.put("event", written.event().type());
                console.json(doc);
            } else {
                console.line("wrote " + written.file());
            }
            return Exit.OK;
        }
    }
}
