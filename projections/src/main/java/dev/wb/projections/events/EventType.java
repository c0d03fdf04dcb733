package dev.wb.projections.events;

import com.fasterxml.jackson.databind.node.ObjectNode;
import com.google.common.collect.ImmutableList;
import dev.wb.engine.EventEnvelope;
import dev.wb.engine.EventSchemas.EventSchema;
import dev.wb.engine.Upcaster;
import java.util.List;
import java.util.function.Function;

/**
 * One event type: its stable dotted name, its current schema version, the top-level payload fields
 * it writes (docs/EVENTS.md documents exactly these; a test compares them), how a stored payload
 * is read back into its record, and the upcasters that raise older schema versions.
 *
 * @param <E> the record this type reads into
 */
public final class EventType<E extends WbEvent> {

    private final String name;
    private final int version;
    private final ImmutableList<String> fields;
    private final Function<ObjectNode, E> reader;
    private final ImmutableList<Upcaster> upcasters;

    private EventType(
            String name, int version, List<String> fields, Function<ObjectNode, E> reader, List<Upcaster> upcasters) {
        this.name = name;
        this.version = version;
        this.fields = ImmutableList.copyOf(fields);
        this.reader = reader;
        this.upcasters = ImmutableList.copyOf(upcasters);
        schema(); // checks the name and the upcaster count now, not at first use
    }

    /** A type at schema 1. */
    public static <E extends WbEvent> EventType<E> of(
            String name, List<String> fields, Function<ObjectNode, E> reader) {
        return new EventType<>(name, 1, fields, reader, List.of());
    }

    /** A type whose schema was raised: {@code upcasters.get(i)} raises version i+1 to i+2. */
    public static <E extends WbEvent> EventType<E> of(
            String name, int version, List<String> fields, Function<ObjectNode, E> reader, List<Upcaster> upcasters) {
        return new EventType<>(name, version, fields, reader, upcasters);
    }

    public String name() {
        return name;
    }

    public int version() {
        return version;
    }

    /** The top-level payload fields this type may write, in the order docs/EVENTS.md lists them. */
    public ImmutableList<String> fields() {
        return fields;
    }

    public boolean matches(EventEnvelope event) {
        return event.type().equals(name);
    }

    /** The whole payload, parsed into its record. The event must be of this type (upcast already). */
    public E read(EventEnvelope event) {
        if (!matches(event)) {
            throw new IllegalArgumentException("not a " + name + " event: " + event.type());
        }
        return reader.apply(event.payload().json());
    }

    /** Reads a payload object (an exported envelope's, or one built in a test). */
    public E read(ObjectNode payload) {
        return reader.apply(payload);
    }

    public EventSchema schema() {
        return new EventSchema(name, version, upcasters);
    }

    @Override
    public String toString() {
        return name + " v" + version;
    }
}
