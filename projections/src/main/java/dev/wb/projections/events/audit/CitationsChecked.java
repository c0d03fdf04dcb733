package dev.wb.projections.events.audit;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.wb.engine.json.CanonicalJson;
import dev.wb.projections.events.EventType;
import dev.wb.projections.events.PayloadValues;
import dev.wb.projections.events.WbEvent;
import java.util.ArrayList;
import java.util.List;

/**
 * {@code wb cite check FILE} checked the citations of one file on their own, without a task
 * (workspace stream): each citation's verdict, as a first audit gives it, and the shape problems.
 *
 * @param file the file checked, relative to the repository root
 * @param passed every citation passed and the evidence had no shape problem
 * @param citations one per readable citation, as {@code plan.audited} records them
 * @param structure what is wrong with the evidence's shape
 */
public record CitationsChecked(
        String file, boolean passed, List<PlanAudited.Citation> citations, List<String> structure) implements WbEvent {

    static final String FILE = "file";
    static final String PASSED = "passed";
    static final String CITATIONS = "citations";
    static final String STRUCTURE = "structure";

    public static final EventType<CitationsChecked> TYPE =
            EventType.of("citations.checked", List.of(FILE, PASSED, CITATIONS, STRUCTURE), CitationsChecked::read);

    public CitationsChecked {
        citations = List.copyOf(citations);
        structure = List.copyOf(structure);
    }

    @Override
    public EventType<CitationsChecked> eventType() {
        return TYPE;
    }

    @Override
    public ObjectNode payload() {
        ObjectNode payload = CanonicalJson.objectNode();
        payload.put(FILE, file);
        payload.put(PASSED, passed);
        ArrayNode array = payload.putArray(CITATIONS);
        citations.forEach(c -> array.add(c.toJson()));
        structure.forEach(payload.putArray(STRUCTURE)::add);
        return payload;
    }

    private static CitationsChecked read(ObjectNode payload) {
        List<PlanAudited.Citation> citations = new ArrayList<>();
        for (JsonNode c : payload.path(CITATIONS)) {
            citations.add(PlanAudited.Citation.read(c));
        }
        return new CitationsChecked(
                payload.path(FILE).asText(),
                payload.path(PASSED).asBoolean(),
                citations,
                PayloadValues.texts(payload.path(STRUCTURE)));
    }
}
