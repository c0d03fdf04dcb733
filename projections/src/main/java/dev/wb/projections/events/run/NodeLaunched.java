package dev.wb.projections.events.run;

import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.wb.engine.json.CanonicalJson;
import dev.wb.projections.events.EventType;
import dev.wb.projections.events.WbEvent;
import java.time.Instant;
import java.time.format.DateTimeParseException;
import java.util.List;
import java.util.Optional;

/**
 * A node's process started: appended right after the launch, while the node is in flight, so that a
 * {@code wb run} killed outright ({@code kill -9}) leaves in the log what it started. The next
 * {@code wb run KEY} refuses to resume while anything of that process group still runs on this boot.
 *
 * @param node the node's id
 * @param attempt the node's attempt (its {@code node.started}'s)
 * @param pid the process id of the node's program
 * @param group its process group, when wb started it in a session and group of its own (then equal to
 *     {@code pid}); empty when it shares wb's
 * @param started when the process started, as the platform tells (it guards against a reused pid)
 */
public record NodeLaunched(String node, int attempt, long pid, Optional<Long> group, Optional<Instant> started)
        implements WbEvent {

    static final String NODE = "node";
    static final String ATTEMPT = "attempt";
    static final String PID = "pid";
    static final String GROUP = "group";
    static final String STARTED = "started";

    public static final EventType<NodeLaunched> TYPE =
            EventType.of("node.launched", List.of(NODE, ATTEMPT, PID, GROUP, STARTED), NodeLaunched::read);

    @Override
    public EventType<NodeLaunched> eventType() {
        return TYPE;
    }

    @Override
    public ObjectNode payload() {
        ObjectNode p = CanonicalJson.objectNode();
        p.put(NODE, node);
        p.put(ATTEMPT, attempt);
        p.put(PID, pid);
        if (group.isPresent()) {
            p.put(GROUP, group.get());
        } else {
            p.putNull(GROUP);
        }
        RunReads.putOptional(p, STARTED, started.map(Instant::toString));
        return p;
    }

    private static NodeLaunched read(ObjectNode p) {
        return new NodeLaunched(
                RunReads.text(p.path(NODE)),
                p.path(ATTEMPT).asInt(),
                p.path(PID).asLong(),
                p.path(GROUP).isIntegralNumber() ? Optional.of(p.path(GROUP).asLong()) : Optional.empty(),
                RunReads.optionalText(p.path(STARTED)).flatMap(NodeLaunched::instant));
    }

    private static Optional<Instant> instant(String text) {
        try {
            return Optional.of(Instant.parse(text));
        } catch (DateTimeParseException e) {
            return Optional.empty();
        }
    }
}
