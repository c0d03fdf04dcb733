package dev.wb.commands.status;

import dev.wb.engine.TaskKey;
import java.util.List;
import java.util.Optional;

/**
 * Where one task stands: each stage's mark and why, and the next command to run.
 *
 * @param stages one per {@link Stage}, in stage order
 * @param next the command of the {@link #current} stage; empty when every stage is ok or not owed
 * @param live the scope as the working tree stands now, for a task whose gate is open
 */
public record TaskStatus(TaskKey key, List<StageStatus> stages, Optional<String> next, Optional<LiveScope> live) {

    /** One stage of one task. */
    public record StageStatus(Stage stage, Mark mark, String detail) {}

    public TaskStatus {
        stages = List.copyOf(stages);
    }

    /** A status without a live scope (the gate is closed, or the checkout was not read). */
    public TaskStatus(TaskKey key, List<StageStatus> stages, Optional<String> next) {
        this(key, stages, next, Optional.empty());
    }

    // stages holds one status per Stage, in Stage's declared order.
    @SuppressWarnings("EnumOrdinal")
    public StageStatus stage(Stage stage) {
        return stages.get(stage.ordinal());
    }

    /**
     * Where the task is held up: as the original reads it, the first stage that failed, else the first
     * that is not done (ok, or not owed). While the plan is unwritten or not audited as it stands, every
     * later result is about another plan, so the first stage not done comes first. Empty when every stage
     * is done.
     */
    public Optional<StageStatus> current() {
        boolean planFirst = stages.stream()
                .anyMatch(s -> (s.stage() == Stage.PLAN || s.stage() == Stage.AUDIT) && s.mark() == Mark.PENDING);
        Optional<StageStatus> failed =
                stages.stream().filter(s -> s.mark() == Mark.FAIL).findFirst();
        return failed.isPresent() && !planFirst
                ? failed
                : stages.stream().filter(s -> !s.mark().done()).findFirst();
    }
}
