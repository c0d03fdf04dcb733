package dev.wb.projections.events.run;

import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.wb.engine.json.CanonicalJson;
import dev.wb.projections.events.EventType;
import dev.wb.projections.events.WbEvent;
import java.util.List;

/**
 * A person answered a parked run ({@code wb run KEY --answer …}).
 *
 * @param answer {@code approve}, {@code deny} or free text
 */
public record RunAnswered(String answer) implements WbEvent {

    static final String ANSWER = "answer";

    public static final EventType<RunAnswered> TYPE = EventType.of("run.answered", List.of(ANSWER), RunAnswered::read);

    @Override
    public EventType<RunAnswered> eventType() {
        return TYPE;
    }

    @Override
    public ObjectNode payload() {
        ObjectNode p = CanonicalJson.objectNode();
        p.put(ANSWER, answer);
        return p;
    }

    private static RunAnswered read(ObjectNode p) {
        return new RunAnswered(RunReads.text(p.path(ANSWER)));
    }
}
