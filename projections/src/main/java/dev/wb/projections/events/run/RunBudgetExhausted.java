package dev.wb.projections.events.run;

import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.wb.engine.json.CanonicalJson;
import dev.wb.projections.events.EventType;
import dev.wb.projections.events.WbEvent;
import java.util.List;

/**
 * A loop of the run used its whole budget: a blocking loop then ends the run for a person.
 *
 * @param loop the loop's name, {@code inline:<from>-><to>}, or {@code fix_iterations} for the global backstop
 * @param limit the clamped budget it reached
 */
public record RunBudgetExhausted(String loop, int limit) implements WbEvent {

    static final String LOOP = "loop";
    static final String LIMIT = "limit";

    public static final EventType<RunBudgetExhausted> TYPE =
            EventType.of("run.budget_exhausted", List.of(LOOP, LIMIT), RunBudgetExhausted::read);

    @Override
    public EventType<RunBudgetExhausted> eventType() {
        return TYPE;
    }

    @Override
    public ObjectNode payload() {
        ObjectNode p = CanonicalJson.objectNode();
        p.put(LOOP, loop);
        p.put(LIMIT, limit);
        return p;
    }

    private static RunBudgetExhausted read(ObjectNode p) {
        return new RunBudgetExhausted(RunReads.text(p.path(LOOP)), p.path(LIMIT).asInt());
    }
}
