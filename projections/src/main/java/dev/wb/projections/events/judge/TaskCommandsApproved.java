package dev.wb.projections.events.judge;

import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.wb.engine.json.CanonicalJson;
import dev.wb.projections.events.EventType;
import dev.wb.projections.events.WbEvent;
import java.util.List;

/**
 * {@code wb task approve-commands} stored a task-bound approval of the declared validation list.
 *
 * @param commands the normalised commands, in declared order
 * @param listDigest the digest bound to the task and the exact ordered list
 * @param how how consent was given ({@code stored}: a stored preapproval)
 */
public record TaskCommandsApproved(List<String> commands, String listDigest, String how) implements WbEvent {

    static final String COMMANDS = "commands";
    static final String LIST_DIGEST = "listDigest";
    static final String HOW = "how";

    public static final EventType<TaskCommandsApproved> TYPE =
            EventType.of("task.commands.approved", List.of(COMMANDS, LIST_DIGEST, HOW), TaskCommandsApproved::read);

    public TaskCommandsApproved {
        commands = List.copyOf(commands);
    }

    @Override
    public EventType<TaskCommandsApproved> eventType() {
        return TYPE;
    }

    @Override
    public ObjectNode payload() {
        ObjectNode p = CanonicalJson.objectNode();
        Reads.putTexts(p, COMMANDS, commands);
        p.put(LIST_DIGEST, listDigest);
        p.put(HOW, how);
        return p;
    }

    private static TaskCommandsApproved read(ObjectNode p) {
        return new TaskCommandsApproved(
                Reads.texts(p.path(COMMANDS)), Reads.text(p.path(LIST_DIGEST)), Reads.text(p.path(HOW)));
    }
}
