package dev.wb.commands.checks;

import dev.wb.commands.process.Redactor;
import dev.wb.projections.events.CheckOutcome;
import dev.wb.projections.events.ChecksRan;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * One command of a selected set as it ended is a {@link ChecksRan.Command}: its outcome, exit code
 * ({@code -1} unless it exited), time, and its output, capped and redacted, or for a command that never
 * ran, why; {@code env} the variables config.json gave it on top of wb's environment (docs/CHECKS.md).
 * The event records the same command with the tail of its output that fits. What a run does to one.
 */
final class CheckResults {

    private CheckResults() {}

    /** A command that did not run: refused, unavailable or skipped, with the reason as its output. */
    static ChecksRan.Command notRun(
            String set, List<String> argv, Map<String, String> env, CheckOutcome outcome, String why) {
        return new ChecksRan.Command(set, argv, env, outcome, -1, 0, why);
    }

    /**
     * The command as it may be shown and recorded: every argv word, every variable's value and the output
     * through the workspace redactor (a command may be written with a secret in it, or print one).
     */
    static ChecksRan.Command redacted(ChecksRan.Command command, Redactor redactor) {
        Map<String, String> shownEnv = new LinkedHashMap<>();
        command.env().forEach((name, value) -> shownEnv.put(name, redactor.redact(value)));
        return new ChecksRan.Command(
                command.set(),
                command.argv().stream().map(redactor::redact).toList(),
                shownEnv,
                command.outcome(),
                command.exitCode(),
                command.durationMillis(),
                redactor.redact(command.output()));
    }
}
