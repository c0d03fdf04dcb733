package dev.wb.projections.events;

import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.wb.engine.json.CanonicalJson;
import java.util.List;

/**
 * {@code wb task done KEY} marked the task done: from this event on it claims no file in another
 * task's scope check ({@code wb impl check}), and {@code wb task clean} may remove its folder.
 *
 * @param reason why, in the user's words; empty when none was given
 */
public record TaskDone(String reason) implements WbEvent {

    static final String REASON = "reason";

    public static final EventType<TaskDone> TYPE = EventType.of("task.done", List.of(REASON), TaskDone::read);

    @Override
    public EventType<TaskDone> eventType() {
        return TYPE;
    }

    @Override
    public ObjectNode payload() {
        ObjectNode p = CanonicalJson.objectNode();
        p.put(REASON, reason);
        return p;
    }

    private static TaskDone read(ObjectNode p) {
        return new TaskDone(p.path(REASON).asText(""));
    }
}
