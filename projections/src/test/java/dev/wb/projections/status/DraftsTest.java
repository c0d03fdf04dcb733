package dev.wb.projections.status;

import static dev.wb.projections.status.StageEvents.sealed;
import static org.junit.jupiter.api.Assertions.assertEquals;

import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.wb.engine.NewEvent;
import dev.wb.engine.json.CanonicalJson;
import dev.wb.projections.events.HandoverWritten;
import dev.wb.projections.status.Drafts.Checked;
import dev.wb.projections.status.TaskStages.State;
import java.util.Optional;
import org.junit.jupiter.api.Test;

/** The notes' digests and checks the stages projection folds, by type name for the checks, and their JSON. */
class DraftsTest {

    static final String A = "sha256:" + "a".repeat(64);
    static final String B = "sha256:" + "b".repeat(64);

    static NewEvent handover(String sha256) {
        HandoverWritten written = new HandoverWritten(".workflow/ABC-1/handover.md", sha256);
        return new NewEvent(HandoverWritten.TYPE.name(), 1, written.payload());
    }

    static NewEvent checked(String type, boolean passed, boolean saved, String sha256) {
        ObjectNode payload = CanonicalJson.objectNode().put("passed", passed).put("sha256", sha256);
        if (type.equals(Drafts.COMMIT_CHECKED)) {
            payload.put("saved", saved);
        }
        return new NewEvent(type, 1, payload);
    }

    static State fold(NewEvent... events) {
        State state = State.EMPTY;
        for (var event : sealed(events)) {
            state = TaskStages.INSTANCE.evolve(state, event);
        }
        return state;
    }

    @Test
    void theLatestOfEachIsKept() {
        State state = fold(
                handover(A),
                handover(B),
                checked(Drafts.COMMIT_CHECKED, false, false, A),
                checked(Drafts.COMMIT_CHECKED, true, true, B),
                checked(Drafts.PR_CHECKED, true, false, A));

        assertEquals(
                new Drafts(
                        Optional.of(B),
                        Optional.of(new Checked(true, true, B)),
                        Optional.of(new Checked(true, false, A))),
                state.drafts());
    }

    @Test
    void theDraftsSurviveTheCheckpointsJson() {
        State state = fold(handover(A), checked(Drafts.PR_CHECKED, false, false, B));

        assertEquals(state, TaskStages.INSTANCE.fromJson(TaskStages.INSTANCE.toJson(state)));
        assertEquals(
                Drafts.NONE,
                TaskStages.INSTANCE
                        .fromJson(TaskStages.INSTANCE.toJson(State.EMPTY))
                        .drafts());
    }
}
