package dev.wb.projections.events.run;

import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.wb.projections.events.EventType;
import dev.wb.projections.events.WbEvent;
import java.util.List;

/**
 * A subtask of a decomposed run began: the run goes to the region's entry node, and each loop of the
 * region starts again at 0 (the shared budget and the run's backstop go on counting).
 *
 * @param order the subtask's order, from 1
 * @param count how many subtasks the run has
 * @param slug the subtask's slug
 * @param node the region's entry node, where the subtask starts
 */
public record SubtaskStarted(int order, int count, String slug, String node) implements WbEvent {

    static final String ORDER = "order";
    static final String COUNT = "count";
    static final String SLUG = "slug";
    static final String NODE = "node";

    public static final EventType<SubtaskStarted> TYPE =
            EventType.of("subtask.started", List.of(ORDER, COUNT, SLUG, NODE), SubtaskStarted::read);

    @Override
    public EventType<SubtaskStarted> eventType() {
        return TYPE;
    }

    @Override
    public ObjectNode payload() {
        ObjectNode p = RunReads.aboutSubtask(order, count);
        p.put(SLUG, slug);
        p.put(NODE, node);
        return p;
    }

    private static SubtaskStarted read(ObjectNode p) {
        return new SubtaskStarted(
                p.path(ORDER).asInt(), p.path(COUNT).asInt(), RunReads.text(p.path(SLUG)), RunReads.text(p.path(NODE)));
    }
}
