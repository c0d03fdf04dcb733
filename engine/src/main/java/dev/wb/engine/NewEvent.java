package dev.wb.engine;

import com.fasterxml.jackson.databind.node.ObjectNode;
import java.util.Objects;

/** An event a command decided to record, before the log gives it a version, a time and a hash. */
public record NewEvent(String type, int schemaVersion, ObjectNode payload) {

    public NewEvent {
        EventEnvelope.requireType(type);
        if (schemaVersion < 1) {
            throw new IllegalArgumentException("schema version must be at least 1, was " + schemaVersion);
        }
        payload = Objects.requireNonNull(payload, "payload").deepCopy();
    }

    @Override
    public ObjectNode payload() {
        return payload.deepCopy();
    }
}
