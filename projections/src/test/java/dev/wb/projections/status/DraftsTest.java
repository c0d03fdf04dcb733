package dev.wb.projections.status;

import static dev.wb.projections.status.StageEvents.sealed;
import static org.junit.jupiter.api.Assertions.assertEquals;

import dev.wb.engine.NewEvent;
import dev.wb.projections.events.draft.CommitChecked;
import dev.wb.projections.events.draft.CommitStyle;
import dev.wb.projections.events.draft.HandoverState;
import dev.wb.projections.events.draft.HandoverWritten;
import dev.wb.projections.events.draft.PrChecked;
import dev.wb.projections.status.Drafts.Checked;
import dev.wb.projections.status.TaskStages.State;
import java.util.List;
import java.util.Optional;
import org.junit.jupiter.api.Test;

/** The notes' digests and checks the stages projection folds, from their typed events, and their JSON. */
class DraftsTest {

    static final String A = "sha256:" + "a".repeat(64);
    static final String B = "sha256:" + "b".repeat(64);

    static NewEvent handover(String sha256) {
        HandoverWritten written = new HandoverWritten(".workflow/ABC-1/handover.md", sha256);
        return new NewEvent(HandoverWritten.TYPE.name(), 1, written.payload());
    }

    static NewEvent commitChecked(boolean passed, boolean saved, String sha256) {
        CommitChecked checked = new CommitChecked(passed, CommitStyle.CONVENTIONAL, sha256, saved, List.of());
        return new NewEvent(CommitChecked.TYPE.name(), 1, checked.payload());
    }

    static NewEvent prChecked(boolean passed, String sha256) {
        PrChecked checked = new PrChecked(passed, sha256, passed, List.of(), HandoverState.NOT_OWED);
        return new NewEvent(PrChecked.TYPE.name(), 1, checked.payload());
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
                commitChecked(false, false, A),
                commitChecked(true, true, B),
                prChecked(true, A));

        assertEquals(
                new Drafts(
                        Optional.of(B),
                        Optional.of(new Checked(true, true, B)),
                        Optional.of(new Checked(true, false, A))),
                state.drafts());
    }

    @Test
    void theDraftsSurviveTheCheckpointsJson() {
        State state = fold(handover(A), prChecked(false, B));

        assertEquals(state, TaskStages.INSTANCE.fromJson(TaskStages.INSTANCE.toJson(state)));
        assertEquals(
                Drafts.NONE,
                TaskStages.INSTANCE
                        .fromJson(TaskStages.INSTANCE.toJson(State.EMPTY))
                        .drafts());
    }
}
