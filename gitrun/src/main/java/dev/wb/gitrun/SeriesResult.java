package dev.wb.gitrun;

import java.util.List;
import java.util.Optional;

/**
 * A series as it went: the steps that ran and succeeded, the step that stopped it (refused or
 * failed), and what did not run, starting at that step. The failed step is part of what did not
 * run because it did not happen; handing over the rest without it would mean, for a carry, a
 * cherry-pick whose branch was never created being applied to whatever branch the user stands on.
 *
 * @param ran the steps that exited 0, in order
 * @param failed the step that was refused or failed; empty when the series completed
 * @param notRun the steps from the failed one to the end; empty when the series completed
 */
public record SeriesResult(List<StepOutcome> ran, Optional<StepOutcome> failed, List<GitStep> notRun) {
    public SeriesResult {
        ran = List.copyOf(ran);
        notRun = List.copyOf(notRun);
        if (failed.isEmpty() != notRun.isEmpty()) {
            throw new IllegalArgumentException("a failed step and the steps not run come together");
        }
    }

    /** Whether every step ran and exited 0. */
    public boolean completed() {
        return failed.isEmpty();
    }
}
