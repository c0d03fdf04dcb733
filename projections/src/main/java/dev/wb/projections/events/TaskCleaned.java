package dev.wb.projections.events;

import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.wb.engine.json.CanonicalJson;
import java.util.List;

/**
 * {@code wb task clean --execute} removed a done task's folder, {@code .workflow/KEY/}. Its events
 * stay: the log is never edited.
 *
 * @param removed the files it removed, relative to the repository root, in name order
 */
public record TaskCleaned(List<String> removed) implements WbEvent {

    static final String REMOVED = "removed";

    public static final EventType<TaskCleaned> TYPE = EventType.of("task.cleaned", List.of(REMOVED), TaskCleaned::read);

    public TaskCleaned {
        removed = List.copyOf(removed);
    }

    @Override
    public EventType<TaskCleaned> eventType() {
        return TYPE;
    }

    @Override
    public ObjectNode payload() {
        ObjectNode p = CanonicalJson.objectNode();
        removed.forEach(p.putArray(REMOVED)::add);
        return p;
    }

    private static TaskCleaned read(ObjectNode p) {
        return new TaskCleaned(PayloadValues.texts(p.path(REMOVED)));
    }
}
