package dev.wb.projections.scope;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.wb.engine.EventEnvelope;
import dev.wb.engine.json.CanonicalJson;
import dev.wb.projections.NamedProjection;
import dev.wb.projections.events.ScopeChecked;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;

/** A task's scope checks, folded: how many ran, how many found a deviation, and the latest one. */
public final class ScopeChecks extends NamedProjection<ScopeChecks.State> {

    public static final ScopeChecks INSTANCE = new ScopeChecks();

    /** The latest check: its verdict, what it compared, and the paths it could not account for. */
    public record Check(
            long version,
            String verdict,
            String mode,
            Optional<String> base,
            List<String> deviations,
            List<String> zones) {
        public Check {
            deviations = List.copyOf(deviations);
            zones = List.copyOf(zones);
        }
    }

    public record State(int checks, int deviations, Optional<Check> latest) {
        public static final State EMPTY = new State(0, 0, Optional.empty());
    }

    private ScopeChecks() {
        super("scope", 1, State.EMPTY);
    }

    @Override
    public State evolve(State state, EventEnvelope event) {
        if (!ScopeChecked.TYPE.matches(event)) {
            return state;
        }
        ScopeChecked recorded = ScopeChecked.TYPE.read(event);
        List<String> deviations = new ArrayList<>();
        recorded.paths().forEach(path -> {
            if (path.deviates()) {
                deviations.add(path.path());
            }
        });
        Check check = new Check(
                event.version(),
                recorded.verdict().wireName(),
                recorded.mode().wireName(),
                recorded.base().map(ScopeChecked.Base::commit),
                deviations,
                recorded.zones());
        return new State(state.checks() + 1, state.deviations() + (recorded.deviates() ? 1 : 0), Optional.of(check));
    }

    @Override
    public JsonNode toJson(State state) {
        ObjectNode node = CanonicalJson.objectNode();
        node.put("checks", state.checks());
        node.put("deviations", state.deviations());
        state.latest().ifPresent(c -> {
            ObjectNode latest = node.putObject("latest");
            latest.put("version", c.version());
            latest.put("verdict", c.verdict());
            latest.put("mode", c.mode());
            c.base().ifPresent(b -> latest.put("base", b));
            c.deviations().forEach(latest.putArray("deviations")::add);
            c.zones().forEach(latest.putArray("zones")::add);
        });
        return node;
    }

    @Override
    public State fromJson(JsonNode json) {
        try {
            Optional<Check> latest = Optional.empty();
            JsonNode c = json.get("latest");
            if (c != null) {
                List<String> deviations = new ArrayList<>();
                c.required("deviations").forEach(d -> deviations.add(d.asText()));
                List<String> zones = new ArrayList<>();
                c.required("zones").forEach(z -> zones.add(z.asText()));
                JsonNode base = c.get("base");
                latest = Optional.of(new Check(
                        c.required("version").longValue(),
                        c.required("verdict").asText(),
                        c.required("mode").asText(),
                        base == null ? Optional.empty() : Optional.of(base.asText()),
                        deviations,
                        zones));
            }
            return new State(
                    json.required("checks").intValue(),
                    json.required("deviations").intValue(),
                    latest);
        } catch (RuntimeException e) {
            throw new IllegalArgumentException("not a scope state: " + e.getMessage(), e);
        }
    }
}
