package dev.wb.projections.events.draft;

import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.wb.projections.events.EventType;
import dev.wb.projections.events.WbEvent;

/**
 * {@code wb sdd render KEY} wrote {@code .workflow/KEY/sdd.md}, the plan in Markdown for people, from {@code sdd.json}. A stage that counts it compares {@code sha256} with the file on disk now: a file
 * edited after it was written is not the one recorded.
 *
 * @param path the file written, relative to the repository root
 * @param sha256 {@code sha256:<64 hex>} of the bytes written
 */
public record PlanRendered(String path, String sha256) implements WbEvent {

    public static final EventType<PlanRendered> TYPE =
            EventType.of("plan.rendered", WrittenFile.FIELDS, p -> WrittenFile.read(p, PlanRendered::new));

    @Override
    public EventType<PlanRendered> eventType() {
        return TYPE;
    }

    @Override
    public ObjectNode payload() {
        return WrittenFile.payload(path, sha256);
    }
}
