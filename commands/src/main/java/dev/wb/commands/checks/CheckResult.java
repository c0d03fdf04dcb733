package dev.wb.commands.checks;

import dev.wb.commands.process.Redactor;
import dev.wb.projections.events.CheckOutcome;
import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;

/**
 * One command of a selected set, as it ended: its outcome, exit code ({@code -1} unless it exited), time,
 * and its output, capped and redacted, or for a command that never ran, why; {@code env} the variables
 * config.json gave it on top of wb's environment (docs/CHECKS.md), in order.
 */
public record CheckResult(
        String set,
        List<String> argv,
        Map<String, String> env,
        CheckOutcome outcome,
        int exitCode,
        long durationMillis,
        String output) {

    public CheckResult {
        Objects.requireNonNull(set, "set");
        argv = List.copyOf(argv);
        env = Collections.unmodifiableMap(new LinkedHashMap<>(env));
        Objects.requireNonNull(outcome, "outcome");
        Objects.requireNonNull(output, "output");
    }

    /** A command given no variables of its own. */
    public CheckResult(
            String set, List<String> argv, CheckOutcome outcome, int exitCode, long durationMillis, String output) {
        this(set, argv, Map.of(), outcome, exitCode, durationMillis, output);
    }

    /** A command that did not run: refused, unavailable or skipped, with the reason as its output. */
    static CheckResult notRun(
            String set, List<String> argv, Map<String, String> env, CheckOutcome outcome, String why) {
        return new CheckResult(set, argv, env, outcome, -1, 0, why);
    }

    /**
     * This result as it may be shown and recorded: every argv word and the output through the workspace
     * redactor (a command may be written with a secret in it, or print one).
     */
    CheckResult redacted(Redactor redactor) {
        Map<String, String> shownEnv = new LinkedHashMap<>();
        env.forEach((name, value) -> shownEnv.put(name, redactor.redact(value)));
        return new CheckResult(
                set,
                argv.stream().map(redactor::redact).toList(),
                shownEnv,
                outcome,
                exitCode,
                durationMillis,
                redactor.redact(output));
    }

    /** The argv as the operator wrote it, words joined by spaces, after its variables as {@code NAME=value}. */
    public String command() {
        return command(argv, env);
    }

    static String command(List<String> argv, Map<String, String> env) {
        StringBuilder shown = new StringBuilder();
        env.forEach(
                (name, value) -> shown.append(name).append('=').append(value).append(' '));
        return shown.append(String.join(" ", argv)).toString();
    }
}
