package dev.wb.gitrun;

import java.time.Duration;
import java.util.Objects;

/**
 * What became of one step.
 *
 * @param exitCode git's exit code; -1 when git did not run (refused, or could not start) or was
 *     stopped at the time limit
 * @param output git's stdout and stderr together, the last {@value GitProcess#OUTPUT_LIMIT}
 *     characters (failures print at the end); empty when git did not run
 * @param refusal why the step did not run, for {@link Status#REFUSED}; empty otherwise
 * @param duration from the policy check to git's exit, preconditions included
 */
public record StepOutcome(GitStep step, Status status, int exitCode, String output, String refusal, Duration duration) {

    public enum Status {
        /** git ran and exited 0. */
        OK,
        /** git ran and exited non-zero, could not start, or was stopped at the time limit. */
        FAILED,
        /** The policy or a precondition refused the step; git did not run. */
        REFUSED
    }

    public StepOutcome {
        Objects.requireNonNull(step, "step");
        Objects.requireNonNull(status, "status");
        Objects.requireNonNull(output, "output");
        Objects.requireNonNull(refusal, "refusal");
        Objects.requireNonNull(duration, "duration");
    }

    static StepOutcome refused(GitStep step, String why, Duration duration) {
        return new StepOutcome(step, Status.REFUSED, -1, "", why, duration);
    }
}
