package dev.wb.projections.events.run;

import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.wb.engine.json.CanonicalJson;
import dev.wb.projections.events.EventType;
import dev.wb.projections.events.WbEvent;
import java.util.List;

/**
 * A node's {@code when: {fact, equals}} was evaluated before it started: what the fact read, from what,
 * and so whether the node runs or is skipped. Recorded in the batch of the node's {@code node.started}.
 *
 * @param node the node's id
 * @param fact the fact as the flow names it ({@code derived.needs_refinement}, {@code config.a.b})
 * @param equals the value the node asks for (the flow's {@code equals}, default true)
 * @param value the fact's value (false for a fact wb does not know)
 * @param runs whether the node runs: {@code value == equals}
 * @param basis what the value was read from, in words (the files and what they held): prose naming the
 *     user's files, open text
 */
public record NodeWhen(String node, String fact, boolean equals, boolean value, boolean runs, String basis)
        implements WbEvent {

    static final String NODE = "node";
    static final String FACT = "fact";
    static final String EQUALS = "equals";
    static final String VALUE = "value";
    static final String RUNS = "runs";
    static final String BASIS = "basis";

    public static final EventType<NodeWhen> TYPE =
            EventType.of("node.when", List.of(NODE, FACT, EQUALS, VALUE, RUNS, BASIS), NodeWhen::read);

    @Override
    public EventType<NodeWhen> eventType() {
        return TYPE;
    }

    @Override
    public ObjectNode payload() {
        ObjectNode p = CanonicalJson.objectNode();
        p.put(NODE, node);
        p.put(FACT, fact);
        p.put(EQUALS, equals);
        p.put(VALUE, value);
        p.put(RUNS, runs);
        p.put(BASIS, basis);
        return p;
    }

    private static NodeWhen read(ObjectNode p) {
        return new NodeWhen(
                RunReads.text(p.path(NODE)),
                RunReads.text(p.path(FACT)),
                p.path(EQUALS).asBoolean(true),
                p.path(VALUE).asBoolean(false),
                p.path(RUNS).asBoolean(false),
                RunReads.text(p.path(BASIS)));
    }
}
