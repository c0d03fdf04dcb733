package dev.wb.projections.events;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.wb.engine.json.CanonicalJson;
import java.util.List;
import java.util.Optional;

/**
 * One entry of a plan's {@code files}, as its audit recorded it: the path, the kind of change, and
 * for a rename the path it becomes. A path that ends in {@code /} stands for everything under it.
 */
public record PlannedFile(String path, String change, Optional<String> to) {

    /** The paths this entry accounts for: the path, and a rename's new path. */
    public List<String> claimed() {
        return to.map(t -> List.of(path, t)).orElse(List.of(path));
    }

    /** Whether this entry accounts for a changed path (exactly, or under a folder entry). */
    public boolean covers(String changedPath) {
        for (String claimed : claimed()) {
            if (claimed.equals(changedPath) || (claimed.endsWith("/") && changedPath.startsWith(claimed))) {
                return true;
            }
        }
        return false;
    }

    public ObjectNode toJson() {
        ObjectNode node = CanonicalJson.objectNode();
        node.put("path", path);
        node.put("change", change);
        to.ifPresent(t -> node.put("to", t));
        return node;
    }

    public static PlannedFile fromJson(JsonNode node) {
        JsonNode to = node.get("to");
        return new PlannedFile(
                node.required("path").asText(),
                node.required("change").asText(),
                to == null || to.isNull() ? Optional.empty() : Optional.of(to.asText()));
    }
}
