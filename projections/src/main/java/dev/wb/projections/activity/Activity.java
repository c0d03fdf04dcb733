package dev.wb.projections.activity;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.wb.engine.EventEnvelope;
import dev.wb.engine.Times;
import dev.wb.engine.json.CanonicalJson;
import dev.wb.projections.NamedProjection;
import java.time.Instant;
import java.util.Collections;
import java.util.Iterator;
import java.util.Map;
import java.util.Optional;
import java.util.SortedMap;
import java.util.TreeMap;

/**
 * What happened in a stream, in numbers: how many events of each type, and the last one (when,
 * what, by whom). {@code wb status} shows it for every task.
 */
public final class Activity extends NamedProjection<Activity.State> {

    public static final Activity INSTANCE = new Activity();

    /** The state of one stream's activity. */
    public record State(
            long events,
            long lastVersion,
            Optional<Instant> firstTime,
            Optional<Instant> lastTime,
            Optional<String> lastType,
            Optional<String> lastActor,
            SortedMap<String, Long> countsByType) {

        public static final State EMPTY = new State(
                0, -1, Optional.empty(), Optional.empty(), Optional.empty(), Optional.empty(), new TreeMap<>());

        public State {
            countsByType = Collections.unmodifiableSortedMap(new TreeMap<>(countsByType));
        }
    }

    private Activity() {
        super("activity", 1, State.EMPTY);
    }

    @Override
    public State evolve(State state, EventEnvelope event) {
        SortedMap<String, Long> counts = new TreeMap<>(state.countsByType());
        counts.merge(event.type(), 1L, Long::sum);
        return new State(
                state.events() + 1,
                event.version(),
                state.firstTime().or(() -> Optional.of(event.time())),
                Optional.of(event.time()),
                Optional.of(event.type()),
                Optional.of(event.actor().describe()),
                counts);
    }

    @Override
    public JsonNode toJson(State state) {
        ObjectNode node = CanonicalJson.objectNode();
        node.put("events", state.events());
        node.put("lastVersion", state.lastVersion());
        state.firstTime().ifPresent(t -> node.put("firstTime", t.toString()));
        state.lastTime().ifPresent(t -> node.put("lastTime", t.toString()));
        state.lastType().ifPresent(t -> node.put("lastType", t));
        state.lastActor().ifPresent(a -> node.put("lastActor", a));
        ObjectNode counts = node.putObject("countsByType");
        state.countsByType().forEach(counts::put);
        return node;
    }

    @Override
    public State fromJson(JsonNode json) {
        try {
            SortedMap<String, Long> counts = new TreeMap<>();
            Iterator<Map.Entry<String, JsonNode>> it =
                    json.required("countsByType").properties().iterator();
            while (it.hasNext()) {
                Map.Entry<String, JsonNode> entry = it.next();
                counts.put(entry.getKey(), entry.getValue().longValue());
            }
            return new State(
                    json.required("events").longValue(),
                    json.required("lastVersion").longValue(),
                    text(json, "firstTime").map(Times::parse),
                    text(json, "lastTime").map(Times::parse),
                    text(json, "lastType"),
                    text(json, "lastActor"),
                    counts);
        } catch (RuntimeException e) {
            throw new IllegalArgumentException("not an activity state: " + e.getMessage(), e);
        }
    }

    private static Optional<String> text(JsonNode json, String field) {
        JsonNode value = json.get(field);
        return value == null || value.isNull() ? Optional.empty() : Optional.of(value.asText());
    }
}
