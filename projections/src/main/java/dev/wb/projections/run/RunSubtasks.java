package dev.wb.projections.run;

import com.google.common.collect.ImmutableList;
import dev.wb.projections.events.run.RunDecomposed;
import java.util.List;
import java.util.Optional;

/**
 * A run's decomposition, folded from {@code run.decomposed}, {@code subtask.started} and
 * {@code subtask.finished}: whether the proposing node's split was decided and accepted, the subtasks, the
 * one under way and the ones finished.
 *
 * @param decided whether {@code run.decomposed} was recorded in this run
 * @param accepted whether the split was accepted (false: the task runs as one unit)
 * @param reason the decision's reason ({@code accepted}, {@code gate_off} …); empty before it
 * @param sharedBudget the budget the subtasks share, when the flow names one
 * @param specs the accepted subtasks in order
 * @param current the subtask under way (or the last one started), from 1; 0 before the first
 * @param finished the subtasks finished, in order
 * @param mark how many nodes of the run had finished when the current subtask started (its history's start)
 */
public record RunSubtasks(
        boolean decided,
        boolean accepted,
        String reason,
        Optional<String> sharedBudget,
        List<RunDecomposed.Subtask> specs,
        int current,
        List<Finished> finished,
        int mark) {

    /** A subtask that got through its region, with the tree as it then was. */
    public record Finished(int order, Optional<String> head, List<String> changedPaths) {
        public Finished {
            changedPaths = ImmutableList.copyOf(changedPaths);
        }
    }

    public static final RunSubtasks NONE =
            new RunSubtasks(false, false, "", Optional.empty(), List.of(), 0, List.of(), 0);

    public RunSubtasks {
        specs = ImmutableList.copyOf(specs);
        finished = ImmutableList.copyOf(finished);
    }

    /** How many subtasks the run has (0 when it was not split). */
    public int count() {
        return accepted ? specs.size() : 0;
    }

    /** Whether a subtask is under way: started and not finished. */
    public boolean active() {
        return accepted && current > 0 && finished.stream().noneMatch(f -> f.order() == current);
    }

    /** The subtask under way, or the last one started. */
    public Optional<RunDecomposed.Subtask> spec() {
        return specs.stream().filter(s -> s.order() == current).findFirst();
    }

    static RunSubtasks decided(RunDecomposed d) {
        return new RunSubtasks(
                true,
                d.accepted(),
                d.reason(),
                d.sharedBudget(),
                d.accepted() ? d.subtasks() : List.of(),
                0,
                List.of(),
                0);
    }

    RunSubtasks started(int order, int historyMark) {
        return new RunSubtasks(decided, accepted, reason, sharedBudget, specs, order, finished, historyMark);
    }

    RunSubtasks finished(Finished f) {
        return new RunSubtasks(
                decided,
                accepted,
                reason,
                sharedBudget,
                specs,
                current,
                ImmutableList.<Finished>builder().addAll(finished).add(f).build(),
                mark);
    }
}
