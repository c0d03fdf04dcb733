package dev.wb.commands.init;

import static org.junit.jupiter.api.Assertions.assertEquals;

import dev.wb.engine.NewEvent;
import dev.wb.projections.events.WbEvents;
import java.util.List;
import org.junit.jupiter.api.Test;

class InitDeciderTest {

    @Test
    void init_records_what_it_created_and_what_it_kept_in_the_current_schema() {
        List<NewEvent> events = InitDecider.decide(List.of("config.json"), List.of("policy.json", ".gitignore"));

        assertEquals(1, events.size());
        NewEvent event = events.get(0);
        assertEquals(WbEvents.WORKSPACE_INITIALIZED, event.type());
        assertEquals(WbEvents.WORKSPACE_INITIALIZED_VERSION, event.schemaVersion());
        assertEquals(
                "{\"created\":[\"config.json\"],\"kept\":[\"policy.json\",\".gitignore\"]}",
                event.payload().toString());
    }
}
