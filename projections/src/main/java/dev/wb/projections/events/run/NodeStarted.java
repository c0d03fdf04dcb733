package dev.wb.projections.events.run;

import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.wb.engine.json.CanonicalJson;
import dev.wb.projections.events.EventType;
import dev.wb.projections.events.WbEvent;
import java.util.List;
import java.util.Optional;

/**
 * A run began one node. Until its {@code node.finished} the node is in flight; the process that
 * drives it is named so that a second {@code wb run} can tell a live run from a crashed one.
 *
 * @param node the node's id
 * @param kind its kind
 * @param attempt 1 the first time the run enters the node, 2 the second, and so on
 * @param pid the process id of the {@code wb run} that drives it
 * @param boot the machine's boot id then (empty where the platform does not tell)
 */
public record NodeStarted(String node, NodeKind kind, int attempt, long pid, Optional<String> boot) implements WbEvent {

    static final String NODE = "node";
    static final String KIND = "kind";
    static final String ATTEMPT = "attempt";
    static final String PID = "pid";
    static final String BOOT = "boot";

    public static final EventType<NodeStarted> TYPE =
            EventType.of("node.started", List.of(NODE, KIND, ATTEMPT, PID, BOOT), NodeStarted::read);

    @Override
    public EventType<NodeStarted> eventType() {
        return TYPE;
    }

    @Override
    public ObjectNode payload() {
        ObjectNode p = CanonicalJson.objectNode();
        p.put(NODE, node);
        p.put(KIND, kind.wireName());
        p.put(ATTEMPT, attempt);
        p.put(PID, pid);
        RunReads.putOptional(p, BOOT, boot);
        return p;
    }

    private static NodeStarted read(ObjectNode p) {
        return new NodeStarted(
                RunReads.text(p.path(NODE)),
                NodeKind.of(RunReads.text(p.path(KIND))),
                p.path(ATTEMPT).asInt(),
                p.path(PID).asLong(),
                RunReads.optionalText(p.path(BOOT)));
    }
}
