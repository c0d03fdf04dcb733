package dev.wb.engine;

import com.fasterxml.jackson.databind.node.ObjectNode;
import java.util.Objects;

/**
 * An event a command decided to record, before the log gives it a version, a time and a hash. The
 * payload is made canonical once, here, and never changes after.
 */
public final class NewEvent {

    private final String type;
    private final int schemaVersion;
    private final Payload payload;

    public NewEvent(String type, int schemaVersion, ObjectNode payload) {
        EventEnvelope.requireType(type);
        if (schemaVersion < 1) {
            throw new IllegalArgumentException("schema version must be at least 1, was " + schemaVersion);
        }
        this.type = type;
        this.schemaVersion = schemaVersion;
        this.payload = Payload.of(Objects.requireNonNull(payload, "payload"));
    }

    public String type() {
        return type;
    }

    public int schemaVersion() {
        return schemaVersion;
    }

    /** A fresh, mutable copy of the payload. */
    public ObjectNode payload() {
        return payload.json();
    }

    /** The payload as it will be stored and hashed. */
    public Payload canonicalPayload() {
        return payload;
    }

    @Override
    public boolean equals(Object other) {
        return other instanceof NewEvent that
                && type.equals(that.type)
                && schemaVersion == that.schemaVersion
                && payload.equals(that.payload);
    }

    @Override
    public int hashCode() {
        return Objects.hash(type, schemaVersion, payload);
    }

    @Override
    public String toString() {
        return "NewEvent[" + type + " v" + schemaVersion + " " + payload + "]";
    }
}
