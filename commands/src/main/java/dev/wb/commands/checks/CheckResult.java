package dev.wb.commands.checks;

import dev.wb.commands.process.Redactor;
import java.util.List;
import java.util.Objects;

/**
 * One command of a selected set, as it ended: its outcome, exit code ({@code -1} unless it exited), time,
 * and its output, capped and redacted, or for a command that never ran, why.
 */
public record CheckResult(
        String set, List<String> argv, CheckOutcome outcome, int exitCode, long durationMillis, String output) {

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

    /**
     * This result as it may be shown and recorded: every argv word and the output through the workspace
     * redactor (a command may be written with a secret in it, or print one).
     */
    CheckResult redacted(Redactor redactor) {
        return new CheckResult(
                set,
                argv.stream().map(redactor::redact).toList(),
                outcome,
                exitCode,
                durationMillis,
                redactor.redact(output));
    }

    /** The argv as the operator wrote it, words joined by spaces. */
    public String command() {
        return String.join(" ", argv);
    }
}
