package dev.wb.projections.events;

import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.wb.engine.NewEvent;

/**
 * An event wb records, as a typed value. Each event type is one record in this package that owns its
 * field names, writes its payload ({@link #payload}) and reads it back ({@link EventType#read}); no
 * other main class names a payload key of that type.
 */
public interface WbEvent {

    /** The type this event is, with its current schema version. */
    EventType<?> eventType();

    /** The payload as it is stored: a fresh object each call. */
    ObjectNode payload();

    /** The event as the log takes it. */
    default NewEvent toNewEvent() {
        return new NewEvent(eventType().name(), eventType().version(), payload());
    }
}
