package dev.wb.cli.task;

import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.wb.cli.core.Console;
import dev.wb.cli.core.Exit;
import dev.wb.cli.core.Exits;
import dev.wb.cli.core.LeafCmd;
import dev.wb.cli.core.Specs;
import dev.wb.cli.core.Texts;
import dev.wb.cli.core.WbCommand;
import dev.wb.commands.Keys;
import dev.wb.commands.Session;
import dev.wb.commands.judge.run.ApproveCommands;
import dev.wb.engine.TaskKey;
import dev.wb.engine.json.CanonicalJson;
import dev.wb.engine.text.TerminalText;
import picocli.CommandLine.Model.CommandSpec;

/** {@code wb task approve-commands KEY}: consent to the capsule's declared validation commands. */
public final class TaskApproveCommandsCmd extends LeafCmd {

    private static final Exits EXITS = Exits.of(
            Exit.OK.as("approved"),
            Exit.USAGE.as("nothing declared to approve or malformed key"),
            Exit.CONFIG.as("invalid policy.json"),
            Exit.MISSING.as("a capsule document is missing"));

    String key;

    private TaskApproveCommandsCmd(WbCommand root) {
        super(root, EXITS);
    }

    @Override
    protected Exit run() {
        TaskKey task = Keys.task(key);
        try (Session session = root.context().session()) {
            ApproveCommands.Result result = ApproveCommands.run(session, task);
            if (root.json()) {
                ObjectNode doc = CanonicalJson.objectNode();
                doc.put("taskId", task.value());
                result.commands().forEach(doc.putArray("commands")::add);
                doc.put("listDigest", result.listDigest());
                doc.put(
                        "file",
                        session.workspace().root().relativize(result.file()).toString());
                doc.put("event", result.event().eventId());
                doc.put("version", result.event().version());
                root.context().console().json(doc);
            } else {
                Console console = root.context().console();
                console.line(
                        task + ": approved " + Texts.plural(result.commands().size(), "command") + ", in this order:");
                for (int i = 0; i < result.commands().size(); i++) {
                    console.line("  " + (i + 1) + ". "
                            + TerminalText.escape(result.commands().get(i)));
                }
                console.line("  " + result.listDigest() + " · recorded as event "
                        + result.event().version() + " of " + task);
            }
            return Exit.OK;
        }
    }

    public static CommandSpec spec(WbCommand root) {
        TaskApproveCommandsCmd cmd = new TaskApproveCommandsCmd(root);
        CommandSpec spec = cmd.command(
                "approve-commands",
                "Record consent to the validation commands the"
                        + " capsule declares under ## Validation, bound to this task and this exact list: wb judge run then"
                        + " runs them without asking. Any change to the list needs approval again.");
        spec.addPositional(Specs.positional("KEY", "1", "The task key, like TASK-7.", value -> cmd.key = value));
        return Specs.withJson(root, spec);
    }
}
