package dev.wb.projections.events.draft;

import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.wb.projections.events.EventType;
import dev.wb.projections.events.WbEvent;

/**
 * {@code wb sdd handover KEY} wrote {@code .workflow/KEY/handover.md}, the note for QA and the reporter, from the plan's {@code handover} section. A stage that counts it compares {@code sha256} with the file on disk now: a file
 * edited after it was written is not the one recorded.
 *
 * @param path the file written, relative to the repository root
 * @param sha256 {@code sha256:<64 hex>} of the bytes written
 */
public record HandoverWritten(String path, String sha256) implements WbEvent {

    public static final EventType<HandoverWritten> TYPE =
            EventType.of("handover.written", WrittenFile.FIELDS, p -> WrittenFile.read(p, HandoverWritten::new));

    @Override
    public EventType<HandoverWritten> eventType() {
        return TYPE;
    }

    @Override
    public ObjectNode payload() {
        return WrittenFile.payload(path, sha256);
    }
}
