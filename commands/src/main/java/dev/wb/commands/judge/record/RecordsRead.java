package dev.wb.commands.judge.record;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ArrayNode;
import dev.wb.engine.EventEnvelope;
import dev.wb.engine.json.CanonicalJson;
import dev.wb.projections.Projection;
import dev.wb.projections.events.judge.JudgeRecordRead;
import java.util.HashSet;
import java.util.Set;
import java.util.TreeSet;

/**
 * The digests of the review records a task's stream says were read, folded from its {@code
 * judge.record.read} events (each digest streamed, the rest of the payload skipped): what makes
 * reading a record again add nothing.
 */
final class RecordsRead implements Projection<Set<String>> {

    static final RecordsRead INSTANCE = new RecordsRead();

    private RecordsRead() {}

    @Override
    public String name() {
        return "records-read";
    }

    @Override
    public int version() {
        return 1;
    }

    @Override
    public Set<String> initialState() {
        return Set.of();
    }

    @Override
    public Set<String> evolve(Set<String> state, EventEnvelope event) {
        if (!JudgeRecordRead.TYPE.matches(event)) {
            return state;
        }
        String digest = JudgeRecordRead.recordDigest(event);
        if (state.contains(digest)) {
            return state;
        }
        Set<String> next = new HashSet<>(state);
        next.add(digest);
        return Set.copyOf(next);
    }

    @Override
    public JsonNode toJson(Set<String> state) {
        ArrayNode node = CanonicalJson.objectNode().arrayNode();
        new TreeSet<>(state).forEach(node::add);
        return node;
    }

    @Override
    public Set<String> fromJson(JsonNode json) {
        if (!json.isArray()) {
            throw new IllegalArgumentException("not a list of record digests");
        }
        Set<String> digests = new HashSet<>();
        json.forEach(node -> digests.add(node.asText()));
        return Set.copyOf(digests);
    }
}
