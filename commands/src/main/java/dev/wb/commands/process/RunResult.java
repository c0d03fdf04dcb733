package dev.wb.commands.process;

import java.time.Duration;
import java.util.Objects;

/**
 * What one verify command's run produced, as data for the decider: how it ended, its exit code
 * ({@code -1} unless it {@link Outcome#EXITED exited}), how long it took, its output capped for the
 * event (the whole output stays in the file the run wrote), the size of that file, and for a run that
 * never started, why ({@code "pytest: not found on PATH"}; empty otherwise).
 */
public record RunResult(
        Outcome outcome, int exitCode, Duration duration, CappedOutput output, long outputBytes, String startError) {

    public RunResult {
        Objects.requireNonNull(outcome, "outcome");
        Objects.requireNonNull(duration, "duration");
        Objects.requireNonNull(output, "output");
        Objects.requireNonNull(startError, "startError");
        if (outcome != Outcome.EXITED && exitCode != -1) {
            throw new IllegalArgumentException(outcome + " has no exit code, but got " + exitCode);
        }
        if ((outcome == Outcome.NOT_STARTED) == startError.isEmpty()) {
            throw new IllegalArgumentException(
                    "a start error belongs to NOT_STARTED and only there: " + outcome + ", \"" + startError + "\"");
        }
    }

    static RunResult exited(int exitCode, Duration duration, CappedOutput output, long outputBytes) {
        return new RunResult(Outcome.EXITED, exitCode, duration, output, outputBytes, "");
    }

    static RunResult stopped(Outcome outcome, Duration duration, CappedOutput output, long outputBytes) {
        return new RunResult(outcome, -1, duration, output, outputBytes, "");
    }

    /** A run that never started, and why. */
    public static RunResult notStarted(String startError) {
        return new RunResult(Outcome.NOT_STARTED, -1, Duration.ZERO, CappedOutput.EMPTY, 0, startError);
    }

    /** Whether the command passed: it exited by itself, with code 0. */
    public boolean passed() {
        return outcome == Outcome.EXITED && exitCode == 0;
    }
}
