package dev.wb.commands.pr;

import dev.wb.commands.EventService;
import dev.wb.commands.InputFiles;
import dev.wb.commands.Session;
import dev.wb.commands.commit.DraftFile;
import dev.wb.engine.EventEnvelope;
import dev.wb.engine.StreamId;
import dev.wb.engine.TaskKey;
import dev.wb.projections.events.draft.HandoverState;
import dev.wb.projections.events.draft.PrChecked;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;

/**
 * {@code wb pr check [KEY] --file PATH [--shape SHAPE]}: a drafted pull request description against
 * the original's prose rules ({@link ProseRules}) and, for work that owes one, the handover
 * ({@link HandoverGate}). On a pass with a key the draft is saved atomically to {@code .workflow/KEY/pr.md};
 * on a failure nothing is saved and every reason is listed. Either way a {@code pr.checked} event is
 * recorded: the task's with a key, else the workspace's.
 */
public final class PrCheck {

    /** The file a passing description is saved to, in the task's folder. */
    public static final String SAVED_AS = "pr.md";

    /**
     * What was checked and recorded.
     *
     * @param saved the file written, relative to the repository (a pass with a key)
     */
    public record Result(
            DraftFile draft,
            List<String> reasons,
            HandoverState handover,
            Optional<String> saved,
            EventEnvelope event) {

        public Result {
            reasons = List.copyOf(reasons);
        }

        public boolean passed() {
            return reasons.isEmpty();
        }
    }

    private PrCheck() {}

    /** Checks the draft at {@code file}; exit 6 when there is none, 2 when it is no file wb reads. */
    public static Result run(Session session, Path file, Optional<TaskKey> key, Optional<Shape> shape) {
        DraftFile draft = DraftFile.read(
                session.workspace(),
                file,
                InputFiles.Kind.PR_DESCRIPTION,
                shown -> "write the drafted description to " + shown + " first, then: wb pr check "
                        + key.map(k -> k.value() + " ").orElse("") + "--file " + shown);
        List<String> reasons = new ArrayList<>(ProseRules.check(draft.text(), shape));
        HandoverState handover = HandoverState.NO_TASK;
        if (key.isPresent()) {
            TaskPlan plan = TaskPlan.of(session, key.get());
            handover = HandoverGate.of(session, key.get(), plan);
            if (!handover.passes()) {
                reasons.add(HandoverGate.reason(handover, key.get(), plan));
            }
        }
        Optional<String> saved = Optional.empty();
        if (reasons.isEmpty() && key.isPresent()) {
            draft.save(session.workspace(), key.get().value(), SAVED_AS);
            saved = Optional.of(".workflow/" + key.get().value() + "/" + SAVED_AS);
        }
        PrChecked event = new PrChecked(reasons.isEmpty(), draft.sha256(), saved.isPresent(), reasons, handover);
        EventEnvelope recorded = new EventService(session)
                .record(key.map(StreamId::task).orElseGet(StreamId::workspace), event)
                .get(0);
        return new Result(draft, reasons, handover, saved, recorded);
    }
}
