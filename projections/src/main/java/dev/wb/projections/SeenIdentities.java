package dev.wb.projections;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ArrayNode;
import dev.wb.engine.EventEnvelope;
import dev.wb.engine.json.CanonicalJson;
import java.util.HashSet;
import java.util.Optional;
import java.util.Set;
import java.util.TreeSet;

/**
 * The identities a stream's events say were already recorded (a review record's digest, an imported
 * file and its digest): what makes doing the same thing again add nothing. A subclass names which
 * events carry an identity and what it is.
 */
public abstract class SeenIdentities implements Projection<Set<String>> {

    /** The identity this event records, or empty when it records none. */
    protected abstract Optional<String> identity(EventEnvelope event);

    @Override
    public final Set<String> initialState() {
        return Set.of();
    }

    @Override
    public final Set<String> evolve(Set<String> state, EventEnvelope event) {
        Optional<String> identity = identity(event);
        if (identity.isEmpty() || state.contains(identity.get())) {
            return state;
        }
        Set<String> next = new HashSet<>(state);
        next.add(identity.get());
        return Set.copyOf(next);
    }

    @Override
    public final JsonNode toJson(Set<String> state) {
        ArrayNode node = CanonicalJson.objectNode().arrayNode();
        new TreeSet<>(state).forEach(node::add);
        return node;
    }

    @Override
    public final Set<String> fromJson(JsonNode json) {
        if (!json.isArray()) {
            throw new IllegalArgumentException("not a list of " + name());
        }
        Set<String> state = new HashSet<>();
        json.forEach(node -> state.add(node.asText()));
        return Set.copyOf(state);
    }
}
