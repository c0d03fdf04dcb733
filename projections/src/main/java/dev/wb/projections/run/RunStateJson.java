package dev.wb.projections.run;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.wb.engine.json.CanonicalJson;
import java.math.BigDecimal;
import java.time.Instant;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.TreeMap;

/** A {@link RunState} as JSON ({@code wb replay --at}, checkpoints) and back, strictly. */
final class RunStateJson {

    private RunStateJson() {}

    static ObjectNode write(RunState s) {
        ObjectNode n = CanonicalJson.objectNode();
        n.put("runs", s.runs());
        n.put("status", s.status());
        s.flow()
                .ifPresent(f -> n.putObject("flow")
                        .put("name", f.name())
                        .put("digest", f.digest())
                        .put("configDigest", f.configDigest())
                        .put("taskType", f.taskType()));
        s.node().ifPresent(v -> n.put("node", v));
        s.inFlight().ifPresent(f -> writeInFlight(n.putObject("inFlight"), f));
        s.pending().ifPresent(v -> n.put("pending", v));
        writeTally(n, s.tally());
        s.parked().ifPresent(p -> {
            ObjectNode o = n.putObject("parked").put("reason", p.reason()).put("node", p.node());
            p.question().ifPresent(q -> o.put("question", q));
        });
        s.answer().ifPresent(v -> n.put("answer", v));
        s.reason().ifPresent(v -> n.put("reason", v));
        n.put("tokens", s.tokens());
        n.put("cost", s.cost().toPlainString());
        writeWall(n.putObject("wall"), s.wall());
        ObjectNode lineages = n.putObject("lineages");
        new TreeMap<>(s.lineages()).forEach((name, l) -> {
            ObjectNode o =
                    lineages.putObject(name).put("provider", l.provider()).put("session", l.session());
            ArrayNode spoken = o.putArray("spoken");
            l.spoken().forEach(spoken::add);
        });
        if (s.subtasks().decided()) {
            RunSubtasksJson.write(n.putObject("subtasks"), s.subtasks());
        }
        return n;
    }

    private static void writeInFlight(ObjectNode o, RunState.InFlight f) {
        o.put("node", f.node())
                .put("kind", f.kind())
                .put("attempt", f.attempt())
                .put("pid", f.pid());
        f.boot().ifPresent(b -> o.put("boot", b));
        f.child().ifPresent(c -> {
            ObjectNode child = o.putObject("child").put("pid", c.pid());
            c.group().ifPresent(g -> child.put("group", g));
            c.started().ifPresent(t -> child.put("started", t.toString()));
        });
    }

    private static void writeTally(ObjectNode n, RunState.Tally t) {
        ObjectNode counters = n.putObject("counters");
        new TreeMap<>(t.counters()).forEach(counters::put);
        n.put("fixIterations", t.fixIterations());
        ObjectNode attempts = n.putObject("attempts");
        new TreeMap<>(t.attempts()).forEach(attempts::put);
        ArrayNode history = n.putArray("history");
        t.history()
                .forEach(h -> history.addObject()
                        .put("node", h.node())
                        .put("outcome", h.outcome())
                        .put("durationMs", h.durationMs()));
    }

    private static void writeWall(ObjectNode wall, RunState.Wall w) {
        wall.put("parkedMs", w.parkedMs());
        w.started().ifPresent(t -> wall.put("started", t.toString()));
        w.parkedSince().ifPresent(t -> wall.put("parkedSince", t.toString()));
        w.limit().ifPresent(l -> wall.put("limit", l));
        w.ended().ifPresent(t -> wall.put("ended", t.toString()));
    }

    static RunState read(JsonNode n) {
        try {
            Optional<RunState.Flow> flow = Optional.ofNullable(n.get("flow"))
                    .map(f -> new RunState.Flow(
                            f.required("name").asText(),
                            f.required("digest").asText(),
                            f.required("configDigest").asText(),
                            f.required("taskType").asText()));
            Optional<RunState.InFlight> inFlight = Optional.ofNullable(n.get("inFlight"))
                    .map(f -> new RunState.InFlight(
                            f.required("node").asText(),
                            f.required("kind").asText(),
                            f.required("attempt").intValue(),
                            f.required("pid").longValue(),
                            text(f, "boot"),
                            Optional.ofNullable(f.get("child"))
                                    .map(c -> new RunState.Child(
                                            c.required("pid").longValue(),
                                            Optional.ofNullable(c.get("group")).map(JsonNode::longValue),
                                            text(c, "started").map(Instant::parse)))));
            List<RunState.Step> history = new ArrayList<>();
            n.required("history")
                    .forEach(h -> history.add(new RunState.Step(
                            h.required("node").asText(),
                            h.required("outcome").asText(),
                            h.required("durationMs").longValue())));
            Optional<RunState.Parked> parked = Optional.ofNullable(n.get("parked"))
                    .map(p -> new RunState.Parked(
                            p.required("reason").asText(), p.required("node").asText(), text(p, "question")));
            RunState.Position position = new RunState.Position(
                    text(n, "node"), inFlight, text(n, "pending"), parked, text(n, "answer"), text(n, "reason"));
            RunState.Tally tally = new RunState.Tally(
                    ints(n.required("counters")),
                    n.required("fixIterations").intValue(),
                    ints(n.required("attempts")),
                    history);
            RunState.Spend spend = new RunState.Spend(
                    n.required("tokens").longValue(),
                    new BigDecimal(n.required("cost").asText()),
                    wall(n.required("wall")));
            return new RunState(
                    n.required("runs").intValue(),
                    n.required("status").asText(),
                    flow,
                    position,
                    tally,
                    spend,
                    lineages(n.path("lineages")),
                    n.has("subtasks") ? RunSubtasksJson.read(n.get("subtasks")) : RunSubtasks.NONE);
        } catch (RuntimeException e) {
            throw new IllegalArgumentException("not a run state: " + e.getMessage(), e);
        }
    }

    private static RunState.Wall wall(JsonNode w) {
        return new RunState.Wall(
                text(w, "started").map(Instant::parse),
                w.required("parkedMs").longValue(),
                text(w, "parkedSince").map(Instant::parse),
                Optional.ofNullable(w.get("limit")).map(JsonNode::intValue),
                text(w, "ended").map(Instant::parse));
    }

    private static Map<String, RunState.Lineage> lineages(JsonNode object) {
        Map<String, RunState.Lineage> out = new LinkedHashMap<>();
        object.properties().forEach(e -> {
            List<String> spoken = new ArrayList<>();
            e.getValue().required("spoken").forEach(x -> spoken.add(x.asText()));
            out.put(
                    e.getKey(),
                    new RunState.Lineage(
                            e.getValue().required("provider").asText(),
                            e.getValue().required("session").asText(),
                            spoken));
        });
        return out;
    }

    private static Optional<String> text(JsonNode n, String field) {
        JsonNode v = n.get(field);
        return v == null ? Optional.empty() : Optional.of(v.asText());
    }

    private static Map<String, Integer> ints(JsonNode object) {
        Map<String, Integer> out = new LinkedHashMap<>();
        object.properties().forEach(e -> out.put(e.getKey(), e.getValue().intValue()));
        return out;
    }
}
