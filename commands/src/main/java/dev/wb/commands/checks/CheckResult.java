package dev.wb.commands.checks;

import java.util.List;
import java.util.Objects;

/**
 * One command of a selected set, as it ended: its outcome, exit code ({@code -1} unless it exited), time,
 * and its output, capped and redacted, or for a command that never ran, why.
 */
public record CheckResult(String set, List<String> argv, CheckOutcome outcome, int exitCode, long durationMillis,
        String output) {

    public CheckResult {
        Objects.requireNonNull(set, "set");
        argv = List.copyOf(argv);
        Objects.requireNonNull(outcome, "outcome");
        Objects.requireNonNull(output, "output");
    }

    /** A command that did not run: refused, unavailable or skipped, with the reason as its output. */
    static CheckResult notRun(String set, List<String> argv, CheckOutcome outcome, String why) {
        return new CheckResult(set, argv, outcome, -1, 0, why);
    }

    /** The argv as the operator wrote it, words joined by spaces. */
    public String command() {
        return String.join(" ", argv);
    }
}
