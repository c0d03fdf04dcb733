package dev.wb.commands.judge.run;

import dev.wb.commands.Session;
import dev.wb.commands.base.Failure;
import dev.wb.commands.capsule.Capsule;
import dev.wb.commands.capsule.ValidationBlock;
import dev.wb.commands.judge.snapshot.JudgeEvents;
import dev.wb.commands.policy.ReadPolicy;
import dev.wb.engine.EventEnvelope;
import dev.wb.engine.TaskKey;
import dev.wb.engine.text.TerminalText;
import dev.wb.projections.events.judge.CommandsApproval;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;

/**
 * {@code wb task approve-commands KEY}: stores a task-bound approval of the validation commands the
 * live capsule declares, so that later runs of exactly that list need no prompt. A changed list (a
 * command added, removed, edited or moved) is a different digest and needs approval again. The file
 * authenticates neither the content nor who wrote it: it records consent, which the event keeps too.
 */
public final class ApproveCommands {

    public record Result(TaskKey key, List<String> commands, String listDigest, Path file, EventEnvelope event) {}

    private ApproveCommands() {}

    public static Result run(Session session, TaskKey key) {
        Capsule capsule = Capsule.read(session.workspace().root(), key, ReadPolicy.load(session.workspace()));
        ValidationBlock validation = capsule.validation();
        if (validation.shape() == ValidationBlock.Shape.DOCUMENTATION) {
            throw Failure.usage(
                    key + " declares no runtime validation ("
                            + TerminalText.escape(validation.noRuntimeReason().orElse(""))
                            + "): there is nothing to approve",
                    "wb judge run needs no approval for it");
        }
        if (validation.shape() != ValidationBlock.Shape.REQUIRED
                && validation.shape() != ValidationBlock.Shape.OPTIONAL_ONLY) {
            List<String> problems = new ArrayList<>();
            validation.problems().forEach(p -> problems.add(p.render()));
            throw Failure.usage(
                    key + " declares no commands to approve ("
                            + validation.shape().name().toLowerCase(Locale.ROOT).replace('_', '-') + " validation"
                            + (problems.isEmpty() ? "" : ": " + String.join("; ", problems)) + ")",
                    validation.shape() == ValidationBlock.Shape.MALFORMED
                            ? "correct the lines named above in .workflow/" + key + "/task.md (docs/CAPSULE.md), then"
                                    + " run wb task approve-commands " + key + " again"
                            : "declare them in a fenced block under ## Validation in .workflow/" + key + "/task.md"
                                    + " (docs/CAPSULE.md)");
        }
        List<String> commands = validation.normalizedCommands();
        CommandApprovals approvals = new CommandApprovals(session.workspace());
        Path file = approvals.store(key, commands);
        String digest = CommandApprovals.listDigest(key, commands);
        EventEnvelope event = JudgeEvents.append(
                session, key, JudgeEvents.commandsApproved(commands, digest, CommandsApproval.STORED));
        return new Result(key, commands, digest, file, event);
    }
}
