package dev.wb.projections.events.run;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.wb.engine.json.CanonicalJson;
import dev.wb.projections.events.EventType;
import dev.wb.projections.events.WbEvent;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;

/**
 * The flow's proposing node ({@code decomposition.proposed_by}) finished and wb decided whether the task is
 * split into subtasks (docs/RUNS.md, "Decomposition"). Accepted: the flow's {@code sub_flow} runs once per
 * subtask, in order; not accepted: the task runs as one unit, and {@code reason} says why.
 *
 * @param node the proposing node
 * @param accepted whether the split was accepted
 * @param reason {@code accepted}, {@code gate_off}, {@code not_recommended}, {@code n_out_of_range},
 *     {@code malformed_subtask} or {@code non_linear_dependencies}
 * @param sharedBudget the flow's {@code decomposition.shared_budget}, when it names one
 * @param subtasks the accepted subtasks in order (empty when not accepted)
 */
public record RunDecomposed(
        String node, boolean accepted, String reason, Optional<String> sharedBudget, List<Subtask> subtasks)
        implements WbEvent {

    /** One subtask as the proposing node gave it. */
    public record Subtask(
            int order, String title, String slug, List<String> acceptanceCriteria, List<Integer> dependsOn) {
        public Subtask {
            acceptanceCriteria = List.copyOf(acceptanceCriteria);
            dependsOn = List.copyOf(dependsOn);
        }
    }

    static final String NODE = "node";
    static final String ACCEPTED = "accepted";
    static final String REASON = "reason";
    static final String SHARED_BUDGET = "sharedBudget";
    static final String SUBTASKS = "subtasks";

    public static final EventType<RunDecomposed> TYPE = EventType.of(
            "run.decomposed", List.of(NODE, ACCEPTED, REASON, SHARED_BUDGET, SUBTASKS), RunDecomposed::read);

    public RunDecomposed {
        subtasks = List.copyOf(subtasks);
    }

    @Override
    public EventType<RunDecomposed> eventType() {
        return TYPE;
    }

    @Override
    public ObjectNode payload() {
        ObjectNode p = CanonicalJson.objectNode();
        p.put(NODE, node);
        p.put(ACCEPTED, accepted);
        p.put(REASON, reason);
        RunReads.putOptional(p, SHARED_BUDGET, sharedBudget);
        ArrayNode list = p.putArray(SUBTASKS);
        for (Subtask s : subtasks) {
            ObjectNode o = list.addObject();
            o.put("order", s.order());
            o.put("title", s.title());
            o.put("slug", s.slug());
            RunReads.putTexts(o, "acceptanceCriteria", s.acceptanceCriteria());
            ArrayNode deps = o.putArray("dependsOn");
            s.dependsOn().forEach(deps::add);
        }
        return p;
    }

    private static RunDecomposed read(ObjectNode p) {
        List<Subtask> subtasks = new ArrayList<>();
        for (JsonNode o : p.path(SUBTASKS)) {
            List<Integer> deps = new ArrayList<>();
            o.path("dependsOn").forEach(d -> deps.add(d.asInt()));
            subtasks.add(new Subtask(
                    o.path("order").asInt(),
                    RunReads.text(o.path("title")),
                    RunReads.text(o.path("slug")),
                    RunReads.texts(o.path("acceptanceCriteria")),
                    deps));
        }
        return new RunDecomposed(
                RunReads.text(p.path(NODE)),
                p.path(ACCEPTED).asBoolean(false),
                RunReads.text(p.path(REASON)),
                RunReads.optionalText(p.path(SHARED_BUDGET)),
                subtasks);
    }
}
