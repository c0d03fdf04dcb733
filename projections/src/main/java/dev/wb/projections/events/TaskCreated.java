package dev.wb.projections.events;

import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.wb.engine.json.CanonicalJson;
import java.util.List;

/**
 * {@code wb task new} wrote the skeleton of a task's capsule and plan.
 *
 * @param files the files it wrote, relative to the repository root, in the order written
 */
public record TaskCreated(List<String> files) implements WbEvent {

    static final String FILES = "files";

    public static final EventType<TaskCreated> TYPE = EventType.of("task.created", List.of(FILES), TaskCreated::read);

    public TaskCreated {
        files = List.copyOf(files);
    }

    @Override
    public EventType<TaskCreated> eventType() {
        return TYPE;
    }

    @Override
    public ObjectNode payload() {
        ObjectNode p = CanonicalJson.objectNode();
        files.forEach(p.putArray(FILES)::add);
        return p;
    }

    private static TaskCreated read(ObjectNode p) {
        return new TaskCreated(PayloadValues.texts(p.path(FILES)));
    }
}
