package dev.wb.projections.events;

import static org.junit.jupiter.api.Assertions.assertEquals;

import dev.wb.engine.NewEvent;
import dev.wb.engine.json.CanonicalJson;
import java.nio.charset.StandardCharsets;

/** The checks every record's test makes: the stored bytes exactly, and a payload that reads back equal. */
public final class RecordChecks {

    private RecordChecks() {}

    /** The event's type, schema and canonical payload, as the log stores them. */
    public static void assertStored(WbEvent event, String type, int schema, String canonicalPayload) {
        NewEvent stored = event.toNewEvent();
        assertEquals(type, stored.type());
        assertEquals(schema, stored.schemaVersion());
        assertEquals(canonicalPayload, new String(CanonicalJson.bytes(stored.payload()), StandardCharsets.UTF_8));
    }

    /** The payload reads back into an equal record, which writes the same bytes again. */
    public static void assertReadsBack(WbEvent event) {
        WbEvent read = event.eventType().read(event.payload());
        assertEquals(event, read);
        assertEquals(
                new String(CanonicalJson.bytes(event.payload()), StandardCharsets.UTF_8),
                new String(CanonicalJson.bytes(read.payload()), StandardCharsets.UTF_8));
    }
}
