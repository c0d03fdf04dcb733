package dev.wb.engine;

import com.fasterxml.jackson.databind.node.ObjectNode;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.TreeMap;

/**
 * Every event type wb knows, its current schema version and the chain of upcasters that raise an
 * older payload to it. Stored bytes are never rewritten: old events are raised as they are read.
 */
public final class EventSchemas {

    /** One event type: its current version, and {@code upcasters.get(i)} raises version i+1 to i+2. */
    public record EventSchema(String type, int currentVersion, List<Upcaster> upcasters) {
        public EventSchema {
            EventEnvelope.requireType(type);
            upcasters = List.copyOf(upcasters);
            if (upcasters.size() != currentVersion - 1) {
                throw new IllegalArgumentException(type + ": schema " + currentVersion + " needs "
                        + (currentVersion - 1) + " upcasters, got " + upcasters.size());
            }
        }
    }

    private final Map<String, EventSchema> schemas;

    private EventSchemas(Map<String, EventSchema> schemas) {
        this.schemas = schemas;
    }

    public static EventSchemas of(List<EventSchema> schemas) {
        Map<String, EventSchema> byType = new TreeMap<>();
        for (EventSchema schema : schemas) {
            if (byType.put(schema.type(), schema) != null) {
                throw new IllegalArgumentException("event type registered twice: " + schema.type());
            }
        }
        return new EventSchemas(byType);
    }

    public Optional<EventSchema> schema(String type) {
        return Optional.ofNullable(schemas.get(type));
    }

    public List<EventSchema> all() {
        return List.copyOf(schemas.values());
    }

    /** The event as the current code expects it. Types this wb does not know pass through unchanged. */
    public EventEnvelope upcast(EventEnvelope event) {
        EventSchema schema = schemas.get(event.type());
        if (schema == null || event.schemaVersion() == schema.currentVersion()) {
            return event;
        }
        if (event.schemaVersion() > schema.currentVersion()) {
            throw new NewerSchemaException(event, schema.currentVersion());
        }
        ObjectNode payload = event.payload().json();
        for (int v = event.schemaVersion(); v < schema.currentVersion(); v++) {
            payload = schema.upcasters().get(v - 1).upcast(payload);
        }
        return event.upcastTo(schema.currentVersion(), Payload.of(payload));
    }

    /** An event written by a newer wb than this one. */
    public static final class NewerSchemaException extends RuntimeException {
        public NewerSchemaException(EventEnvelope event, int known) {
            super("event " + event.version() + " of " + event.stream().describe() + " (" + event.type()
                    + ") has schema version " + event.schemaVersion() + ", but this wb reads up to version " + known);
        }
    }
}
