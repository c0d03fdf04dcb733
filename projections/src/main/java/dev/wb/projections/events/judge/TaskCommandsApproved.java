package dev.wb.projections.events.judge;

import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.wb.engine.json.CanonicalJson;
import dev.wb.projections.events.EventType;
import dev.wb.projections.events.WbEvent;
import dev.wb.projections.events.WireName;
import java.util.List;

/**
 * {@code wb task approve-commands} stored a task-bound approval of the declared validation list.
 *
 * @param commands the normalised commands, in declared order
 * @param listDigest the digest bound to the task and the exact ordered list
 * @param how how consent was given ({@link CommandsApproval#STORED}: a stored preapproval); an unknown
 *     wire name reads as {@link CommandsApproval#STORED}
 */
public record TaskCommandsApproved(List<String> commands, String listDigest, CommandsApproval how) implements WbEvent {

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
        p.put(HOW, how.wireName());
        return p;
    }

    private static TaskCommandsApproved read(ObjectNode p) {
        return new TaskCommandsApproved(
                Reads.texts(p.path(COMMANDS)),
                Reads.text(p.path(LIST_DIGEST)),
                WireName.of(CommandsApproval.class, Reads.text(p.path(HOW)), CommandsApproval.STORED));
    }
}
