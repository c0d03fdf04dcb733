package dev.wb.projections.events.run;

import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.wb.projections.events.EventType;
import dev.wb.projections.events.WbEvent;
import java.util.List;
import java.util.Optional;

/**
 * A subtask of a decomposed run got through its region: the edge leaving the region was reached. The tree
 * as it then was is recorded, for the next subtasks' {@code {predecessor_context}}.
 *
 * @param order the subtask's order, from 1
 * @param count how many subtasks the run has
 * @param head the commit HEAD named when it finished
 * @param changedPaths the paths the working tree had changed against HEAD then
 */
public record SubtaskFinished(int order, int count, Optional<String> head, List<String> changedPaths)
        implements WbEvent {

    static final String ORDER = SubtaskStarted.ORDER;
    static final String COUNT = SubtaskStarted.COUNT;
    static final String HEAD = "head";
    static final String CHANGED_PATHS = "changedPaths";

    public static final EventType<SubtaskFinished> TYPE =
            EventType.of("subtask.finished", List.of(ORDER, COUNT, HEAD, CHANGED_PATHS), SubtaskFinished::read);

    public SubtaskFinished {
        changedPaths = List.copyOf(changedPaths);
    }

    @Override
    public EventType<SubtaskFinished> eventType() {
        return TYPE;
    }

    @Override
    public ObjectNode payload() {
        ObjectNode p = RunReads.aboutSubtask(order, count);
        RunReads.putOptional(p, HEAD, head);
        RunReads.putTexts(p, CHANGED_PATHS, changedPaths);
        return p;
    }

    private static SubtaskFinished read(ObjectNode p) {
        return new SubtaskFinished(
                p.path(ORDER).asInt(),
                p.path(COUNT).asInt(),
                RunReads.optionalText(p.path(HEAD)),
                RunReads.texts(p.path(CHANGED_PATHS)));
    }
}
