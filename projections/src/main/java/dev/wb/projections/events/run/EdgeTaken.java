package dev.wb.projections.events.run;

import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.wb.engine.json.CanonicalJson;
import dev.wb.projections.events.EventType;
import dev.wb.projections.events.WbEvent;
import java.util.List;
import java.util.Optional;

/**
 * A run followed an edge.
 *
 * @param outcome the outcome the edge matched; empty for an unconditional edge
 * @param loop the budget the edge charges (a loop's name, or {@code inline:<from>-><to>} for an
 *     inline budget); empty when it charges none
 * @param counter the loop's count after this edge (0 when it charges none)
 */
public record EdgeTaken(String from, String to, Optional<String> outcome, Optional<String> loop, int counter)
        implements WbEvent {

    static final String FROM = "from";
    static final String TO = "to";
    static final String OUTCOME = "outcome";
    static final String LOOP = "loop";
    static final String COUNTER = "counter";

    public static final EventType<EdgeTaken> TYPE =
            EventType.of("edge.taken", List.of(FROM, TO, OUTCOME, LOOP, COUNTER), EdgeTaken::read);

    @Override
    public EventType<EdgeTaken> eventType() {
        return TYPE;
    }

    @Override
    public ObjectNode payload() {
        ObjectNode p = CanonicalJson.objectNode();
        p.put(FROM, from);
        p.put(TO, to);
        RunReads.putOptional(p, OUTCOME, outcome);
        RunReads.putOptional(p, LOOP, loop);
        p.put(COUNTER, counter);
        return p;
    }

    private static EdgeTaken read(ObjectNode p) {
        return new EdgeTaken(
                RunReads.text(p.path(FROM)),
                RunReads.text(p.path(TO)),
                RunReads.optionalText(p.path(OUTCOME)),
                RunReads.optionalText(p.path(LOOP)),
                p.path(COUNTER).asInt());
    }
}
