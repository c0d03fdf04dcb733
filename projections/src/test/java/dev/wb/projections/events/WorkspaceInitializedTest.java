package dev.wb.projections.events;

import static org.junit.jupiter.api.Assertions.assertEquals;

import dev.wb.engine.NewEvent;
import java.util.List;
import org.junit.jupiter.api.Test;

class WorkspaceInitializedTest {

    @Test
    void init_records_what_it_created_and_what_it_kept_in_the_current_schema() {
        NewEvent event =
                new WorkspaceInitialized(List.of("config.json"), List.of("policy.json", ".gitignore")).toNewEvent();

        assertEquals("workspace.initialized", event.type());
        assertEquals(2, event.schemaVersion());
        assertEquals(
                "{\"created\":[\"config.json\"],\"kept\":[\"policy.json\",\".gitignore\"]}",
                event.payload().toString());
    }

    @Test
    void a_payload_reads_back_into_the_record_it_was_written_from() {
        WorkspaceInitialized written = new WorkspaceInitialized(List.of("a", "b"), List.of());

        assertEquals(written, WorkspaceInitialized.TYPE.read(written.payload()));
    }
}
