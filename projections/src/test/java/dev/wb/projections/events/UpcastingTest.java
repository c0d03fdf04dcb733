package dev.wb.projections.events;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.wb.engine.EnvelopeCodec;
import dev.wb.engine.EventEnvelope;
import dev.wb.engine.EventLog;
import dev.wb.engine.EventSchemas;
import dev.wb.engine.ExpectedVersion;
import dev.wb.engine.NewEvent;
import dev.wb.engine.StreamId;
import dev.wb.engine.TestEvents;
import dev.wb.engine.UpcastingReader;
import dev.wb.engine.json.CanonicalJson;
import dev.wb.engine.logs.EventLogs;
import dev.wb.projections.catalog.WbEvents;
import java.io.IOException;
import java.io.InputStream;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** Old events read as the current schema; their stored bytes are never rewritten. */
class UpcastingTest {

    @TempDir
    Path dir;

    private static ObjectNode golden(String name) throws IOException {
        try (InputStream in = UpcastingTest.class.getResourceAsStream("/golden/" + name)) {
            return CanonicalJson.parseObject(in.readAllBytes());
        }
    }

    @Test
    void the_golden_schema_1_event_still_has_its_hash_and_reads_as_schema_2() throws IOException {
        EventEnvelope stored = EnvelopeCodec.fromJson(golden("workspace.initialized.v1.json"));
        assertEquals(1, stored.schemaVersion());

        EventEnvelope current = WbEvents.SCHEMAS.upcast(stored);

        assertEquals(WorkspaceInitialized.TYPE.version(), current.schemaVersion());
        assertEquals(
                "{\"created\":[\"config.json\",\"policy.json\",\".gitignore\"],\"kept\":[]}",
                current.payload().toString());
        assertEquals(stored.hash(), current.hash(), "the hash still names the stored bytes");
    }

    @Test
    void a_schema_1_event_in_a_real_log_is_read_as_schema_2_and_its_bytes_are_unchanged() {
        try (EventLog log = EventLogs.chronicle(dir.resolve("log"))) {
            ObjectNode v1 = CanonicalJson.objectNode();
            v1.putArray("files").add("config.json");
            log.append(
                    StreamId.workspace(),
                    ExpectedVersion.noStream(),
                    List.of(new NewEvent(WorkspaceInitialized.TYPE.name(), 1, v1)),
                    TestEvents.invocation());

            EventEnvelope read = new UpcastingReader(log, WbEvents.SCHEMAS)
                    .read(StreamId.workspace())
                    .get(0);

            assertEquals(2, read.schemaVersion());
            assertEquals(
                    "{\"created\":[\"config.json\"],\"kept\":[]}",
                    read.payload().toString());
            EventEnvelope raw = log.read(StreamId.workspace()).get(0);
            assertEquals(1, raw.schemaVersion());
            assertEquals("{\"files\":[\"config.json\"]}", raw.payload().toString());
        }
    }

    @Test
    void an_event_from_a_newer_wb_is_refused_with_a_clear_message() throws IOException {
        ObjectNode json = golden("workspace.initialized.v1.json");
        EventEnvelope stored = EnvelopeCodec.fromJson(json);
        EventEnvelope future = stored.upcastTo(9, stored.payload());

        EventSchemas.NewerSchemaException e =
                assertThrows(EventSchemas.NewerSchemaException.class, () -> WbEvents.SCHEMAS.upcast(future));
        assertEquals(true, e.getMessage().contains("schema version 9"), e.getMessage());
    }
}
