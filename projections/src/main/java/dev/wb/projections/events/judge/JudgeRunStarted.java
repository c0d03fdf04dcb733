package dev.wb.projections.events.judge;

import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.wb.projections.events.EventType;
import dev.wb.projections.events.WbEvent;
import dev.wb.projections.events.WireName;
import java.util.ArrayList;
import java.util.List;

/**
 * {@code wb judge run} was approved, took the run lock and (in place) found the live tree equal to
 * the snapshot: the commands are about to run.
 *
 * @param snapshot the snapshot validated
 * @param mode {@link JudgeRunMode#IN_PLACE} or {@link JudgeRunMode#ISOLATED}: where the commands run
 * @param commands the declared commands, in order
 * @param approval how this run was approved; an unknown wire name reads as {@link CommandsApproval#STORED}
 * @param listDigest the approved list's digest
 */
public record JudgeRunStarted(
        String snapshot, JudgeRunMode mode, List<Command> commands, CommandsApproval approval, String listDigest)
        implements WbEvent {

    static final String SNAPSHOT = "snapshot";
    static final String MODE = "mode";
    static final String COMMANDS = "commands";
    static final String APPROVAL = "approval";
    static final String LIST_DIGEST = "listDigest";
    static final String COMMAND = "command";
    static final String OPTIONAL = "optional";

    public static final EventType<JudgeRunStarted> TYPE = EventType.of(
            "judge.run.started", List.of(SNAPSHOT, MODE, COMMANDS, APPROVAL, LIST_DIGEST), JudgeRunStarted::read);

    /** A declared command, normalised, and whether its failure is tolerated. */
    public record Command(String command, boolean optional) {}

    public JudgeRunStarted {
        commands = List.copyOf(commands);
    }

    @Override
    public EventType<JudgeRunStarted> eventType() {
        return TYPE;
    }

    @Override
    public ObjectNode payload() {
        ObjectNode p = Reads.aboutRun(snapshot, mode);
        ArrayNode list = p.putArray(COMMANDS);
        commands.forEach(c -> list.addObject().put(COMMAND, c.command()).put(OPTIONAL, c.optional()));
        p.put(APPROVAL, approval.wireName());
        p.put(LIST_DIGEST, listDigest);
        return p;
    }

    private static JudgeRunStarted read(ObjectNode p) {
        List<Command> commands = new ArrayList<>();
        p.path(COMMANDS)
                .forEach(c -> commands.add(new Command(
                        Reads.text(c.path(COMMAND)), c.path(OPTIONAL).asBoolean())));
        return new JudgeRunStarted(
                Reads.text(p.path(SNAPSHOT)),
                Reads.mode(p.path(MODE)),
                commands,
                WireName.of(CommandsApproval.class, Reads.text(p.path(APPROVAL)), CommandsApproval.STORED),
                Reads.text(p.path(LIST_DIGEST)));
    }
}
