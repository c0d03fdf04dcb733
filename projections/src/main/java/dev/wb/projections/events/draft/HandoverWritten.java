package dev.wb.projections.events.draft;

import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.wb.engine.json.CanonicalJson;
import dev.wb.projections.events.EventType;
import dev.wb.projections.events.WbEvent;
import java.util.List;

/**
 * {@code wb sdd handover KEY} wrote {@code .workflow/KEY/handover.md}, the note for QA and the reporter, from the plan's {@code handover} section}. A stage that counts it compares {@code sha256} with the file on disk now: a file
 * edited after it was written is not the one recorded.
 *
 * @param path the file written, relative to the repository root
 * @param sha256 {@code sha256:<64 hex>} of the bytes written
 */
public record HandoverWritten(String path, String sha256) implements WbEvent {

    static final String PATH = "path";
    static final String SHA256 = "sha256";

    public static final EventType<HandoverWritten> TYPE =
            EventType.of("handover.written", List.of(PATH, SHA256), HandoverWritten::read);

    @Override
    public EventType<HandoverWritten> eventType() {
        return TYPE;
    }

    @Override
    public ObjectNode payload() {
        ObjectNode p = CanonicalJson.objectNode();
        p.put(PATH, path);
        p.put(SHA256, sha256);
        return p;
    }

    private static HandoverWritten read(ObjectNode p) {
        return new HandoverWritten(p.path(PATH).asText(), p.path(SHA256).asText());
    }
}
