package dev.wb.projections.events;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.wb.engine.EventSchemas.EventSchema;
import dev.wb.projections.Projection;
import dev.wb.projections.catalog.TaskProjections;
import dev.wb.projections.catalog.WbEvents;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.junit.jupiter.api.Test;

/** docs/EVENTS.md documents every event type at its current schema, and every task projection. */
class EventsDocTest {

    static String doc() throws IOException {
        Path dir = Path.of("").toAbsolutePath();
        while (!Files.exists(dir.resolve("docs/EVENTS.md"))) {
            dir = dir.getParent();
        }
        return Files.readString(dir.resolve("docs/EVENTS.md"));
    }

    @Test
    void every_event_type_is_documented_at_its_current_schema() throws IOException {
        String doc = doc();
        for (EventSchema schema : WbEvents.SCHEMAS.all()) {
            String heading = "### `" + schema.type() + "` — schema " + schema.currentVersion();
            assertTrue(doc.contains(heading), "docs/EVENTS.md lacks: " + heading);
        }
    }

    @Test
    void every_typed_event_documents_exactly_the_fields_its_record_writes() throws IOException {
        String doc = doc();
        for (EventType<?> type : WbEvents.TYPES) {
            String heading = "### `" + type.name() + "` — schema " + type.version();
            int start = doc.indexOf(heading);
            assertTrue(start >= 0, "docs/EVENTS.md lacks: " + heading);
            int end = doc.indexOf("\n#", start + heading.length());
            String section = doc.substring(start, end < 0 ? doc.length() : end);
            List<String> documented = new ArrayList<>();
            Matcher row = FIELD_ROW.matcher(section);
            while (row.find()) {
                documented.add(row.group(1));
            }
            assertEquals(type.fields(), documented, type.name() + ": the fields docs/EVENTS.md lists");
        }
    }

    private static final Pattern FIELD_ROW = Pattern.compile("(?m)^\\| `([A-Za-z0-9_]+)` \\|");

    @Test
    void every_task_projection_is_documented() throws IOException {
        String doc = doc();
        for (Projection<?> projection : TaskProjections.ALL) {
            assertTrue(doc.contains("| `" + projection.name() + "` |"), "docs/EVENTS.md lacks " + projection.name());
        }
    }
}
