package dev.wb.projections.events.run;

import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.wb.engine.json.CanonicalJson;
import dev.wb.projections.events.EventType;
import dev.wb.projections.events.WbEvent;
import java.util.List;

/**
 * A run ended.
 *
 * @param status {@code done}, {@code failed} or {@code manual_action_required}
 * @param reason why, in words
 */
public record RunFinished(String status, String reason) implements WbEvent {

    public static final String DONE = "done";
    public static final String FAILED = "failed";
    public static final String MANUAL = "manual_action_required";

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
        p.put(STATUS, status);
        p.put(REASON, reason);
        return p;
    }

    private static RunFinished read(ObjectNode p) {
        return new RunFinished(RunReads.text(p.path(STATUS)), RunReads.text(p.path(REASON)));
    }
}
