package dev.wb.projections.events.run;

import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.wb.engine.json.CanonicalJson;
import dev.wb.projections.events.EventType;
import dev.wb.projections.events.WbEvent;
import dev.wb.projections.events.WireName;
import java.util.List;

/**
 * A run ended.
 *
 * @param status how it ended
 * @param reason why, in words
 */
public record RunFinished(Status status, String reason) implements WbEvent {

    /**
     * How a run ended. A status this wb does not know reads as {@link #MANUAL}: failing closed, a run
     * whose end cannot be read never counts as done, and a person looks at it (as wb treated any status
     * other than done or failed before the set was typed).
     */
    public enum Status implements WireName {
        /** The flow reached its end on a good outcome. */
        DONE("done"),
        /** The flow ended on a bad outcome, or no edge led on. */
        FAILED("failed"),
        /** A budget or limit ran out, or a node's work needs a person's look. */
        MANUAL("manual_action_required");

        private final String wire;

        Status(String wire) {
            this.wire = wire;
        }

        @Override
        public String wireName() {
            return wire;
        }
    }

    static final String STATUS = "status";
    static final String REASON = "reason";

    public static final EventType<RunFinished> TYPE =
            EventType.of("run.finished", List.of(STATUS, REASON), RunFinished::read);

    @Override
    public EventType<RunFinished> eventType() {
        return TYPE;
    }

    @Override
    public ObjectNode payload() {
        ObjectNode p = CanonicalJson.objectNode();
        p.put(STATUS, status.wireName());
        p.put(REASON, reason);
        return p;
    }

    private static RunFinished read(ObjectNode p) {
        return new RunFinished(
                WireName.of(Status.class, RunReads.text(p.path(STATUS)), Status.MANUAL), RunReads.text(p.path(REASON)));
    }
}
