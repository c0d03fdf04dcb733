package dev.wb.commands.judge.record;

import com.fasterxml.jackson.databind.JsonNode;
import dev.wb.commands.judge.core.ReviewRecord;
import dev.wb.engine.Digests;
import dev.wb.engine.TaskKey;
import dev.wb.engine.json.CanonicalJson;
import java.time.Instant;
import java.time.OffsetDateTime;
import java.time.format.DateTimeParseException;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.TreeMap;

/**
 * What counting review rounds needs from a record file, read leniently: a record too malformed to
 * verify still has a task, a verdict or an instant worth accounting for. Strict reading, for
 * verification, is {@link ReviewRecord}.
 */
public record RecordFacts(
        String digest,
        Optional<Integer> schemaVersion,
        Optional<TaskKey> taskId,
        Optional<String> verdict,
        Optional<String> reviewedAt,
        Optional<Instant> reviewedInstant,
        Optional<String> scopeDigest,
        Optional<String> candidate,
        Optional<Boolean> independent,
        Map<String, String> criteria) {

    private static final Set<String> VERDICTS = Set.of("APPROVED", "NEEDS_CHANGES", "BLOCKED");

    public static RecordFacts of(byte[] bytes) {
        String digest = Digests.sha256(bytes);
        JsonNode doc;
        try {
            doc = CanonicalJson.parse(bytes);
        } catch (RuntimeException e) {
            doc = null;
        }
        if (doc == null || !doc.isObject()) {
            return new RecordFacts(
                    digest,
                    Optional.empty(),
                    Optional.empty(),
                    Optional.empty(),
                    Optional.empty(),
                    Optional.empty(),
                    Optional.empty(),
                    Optional.empty(),
                    Optional.empty(),
                    Map.of());
        }
        Optional<String> reviewedAt = text(doc.get("reviewedAt"));
        Optional<Instant> instant = reviewedAt.flatMap(RecordFacts::instant);
        JsonNode scope = doc.path("scope");
        Optional<String> scopeDigest = text(scope.get("scopeDigest")).filter(Digests::isDigest);
        JsonNode independent = doc.get("independent");
        Map<String, String> criteria = new TreeMap<>();
        doc.path("criteria").forEach(c -> {
            if (c.path("id").isTextual()) {
                criteria.put(c.path("id").asText(), c.path("status").asText(""));
            }
        });
        return new RecordFacts(
                digest,
                doc.path("schemaVersion").isInt()
                        ? Optional.of(doc.path("schemaVersion").asInt())
                        : Optional.empty(),
                text(doc.get("taskId")).flatMap(TaskKey::parse),
                text(doc.get("verdict")).filter(VERDICTS::contains),
                reviewedAt,
                instant,
                scopeDigest,
                text(scope.get("candidate")),
                independent == null
                        ? Optional.of(true)
                        : independent.isBoolean() ? Optional.of(independent.asBoolean()) : Optional.empty(),
                criteria);
    }

    private static Optional<Instant> instant(String text) {
        try {
            return Optional.of(OffsetDateTime.parse(text).toInstant());
        } catch (DateTimeParseException e) {
            return Optional.empty();
        }
    }

    private static Optional<String> text(JsonNode node) {
        return node != null && node.isTextual() ? Optional.of(node.asText()) : Optional.empty();
    }
}
