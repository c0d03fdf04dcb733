package dev.wb.commands.judge.core;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.wb.engine.json.CanonicalJson;
import java.util.Optional;

/**
 * One path of a review boundary as the change digest binds it: how it changed from the base
 * ({@code added}, {@code modified}, {@code deleted}), and for a path that exists in the candidate its
 * git file mode ({@code 100644}, {@code 100755}, {@code 120000}) and the SHA-256 of its bytes (of the
 * link target for a symbolic link).
 */
public record ChangedFile(String path, String change, Optional<String> mode, Optional<String> sha256) {

    public static final String ADDED = "added";
    public static final String MODIFIED = "modified";
    public static final String DELETED = "deleted";

    public static ChangedFile deleted(String path) {
        return new ChangedFile(path, DELETED, Optional.empty(), Optional.empty());
    }

    public boolean isDeleted() {
        return change.equals(DELETED);
    }

    public ObjectNode toJson() {
        ObjectNode node = CanonicalJson.objectNode();
        node.put("path", path);
        node.put("change", change);
        mode.ifPresent(m -> node.put("mode", m));
        sha256.ifPresent(d -> node.put("sha256", d));
        return node;
    }

    public static ChangedFile fromJson(JsonNode node) {
        return new ChangedFile(
                node.path("path").asText(),
                node.path("change").asText(),
                Optional.ofNullable(node.get("mode")).map(n -> n.asText()),
                Optional.ofNullable(node.get("sha256")).map(n -> n.asText()));
    }
}
