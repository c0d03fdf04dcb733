package dev.wb.projections.events;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.wb.engine.json.CanonicalJson;
import java.util.ArrayList;
import java.util.List;

/**
 * {@code wb init} ran: which files of .workflow/ it created and which it found already there. Always
 * recorded, so a re-run is visible too.
 *
 * @param created the files it wrote, relative to .workflow/
 * @param kept the files it found and left byte for byte
 */
public record WorkspaceInitialized(List<String> created, List<String> kept) implements WbEvent {

    static final String CREATED = "created";
    static final String KEPT = "kept";

    /** Schema 1 (the pre-release form) named the created files {@code files}. */
    private static final String V1_FILES = "files";

    public static final EventType<WorkspaceInitialized> TYPE = EventType.of(
            "workspace.initialized",
            2,
            List.of(CREATED, KEPT),
            WorkspaceInitialized::read,
            List.of(WorkspaceInitialized::v1toV2));

    public WorkspaceInitialized {
        created = List.copyOf(created);
        kept = List.copyOf(kept);
    }

    @Override
    public EventType<WorkspaceInitialized> eventType() {
        return TYPE;
    }

    @Override
    public ObjectNode payload() {
        ObjectNode payload = CanonicalJson.objectNode();
        created.forEach(payload.putArray(CREATED)::add);
        kept.forEach(payload.putArray(KEPT)::add);
        return payload;
    }

    private static WorkspaceInitialized read(ObjectNode payload) {
        return new WorkspaceInitialized(texts(payload.path(CREATED)), texts(payload.path(KEPT)));
    }

    private static List<String> texts(JsonNode array) {
        List<String> out = new ArrayList<>();
        array.forEach(node -> out.add(node.asText()));
        return out;
    }

    /**
     * Schema 1 listed the created files as {@code files} and said nothing of the ones kept. Schema 2
     * names both.
     */
    static ObjectNode v1toV2(ObjectNode v1) {
        ObjectNode v2 = v1.deepCopy();
        ArrayNode created =
                v2.has(V1_FILES) && v2.get(V1_FILES).isArray() ? (ArrayNode) v2.remove(V1_FILES) : v2.arrayNode();
        v2.remove(V1_FILES);
        v2.set(CREATED, created);
        v2.putArray(KEPT);
        return v2;
    }
}
