package dev.wb.commands.preflight;

import dev.wb.commands.process.Outcome;
import dev.wb.commands.process.ProcessRunner;
import dev.wb.commands.process.RunResult;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.Map;

/**
 * Runs the short processes preflight asks questions of ({@code claude --version}, {@code codex sandbox
 * …}) through {@link ProcessRunner}, the one place wb starts processes outside the git modules: no
 * shell, the given environment as the child's whole environment, killed at its time limit. Output goes
 * to a file in a scratch folder preflight deletes afterwards.
 */
final class ProbeRunner {

    /** How a probe ended, and what it printed (stdout and stderr merged). */
    record Answer(RunResult result, String output) {
        boolean exited(int code) {
            return result.outcome() == Outcome.EXITED && result.exitCode() == code;
        }

        boolean started() {
            return result.outcome() != Outcome.NOT_STARTED;
        }

        /** The first line that is not empty and not a CLI's {@code WARNING:}/{@code warning:} about something else. */
        String firstLine() {
            return output.lines()
                    .map(String::strip)
                    .filter(l -> !l.isEmpty() && !l.regionMatches(true, 0, "warning:", 0, 8))
                    .findFirst()
                    .orElse("");
        }

        /** Why it did not pass, for a line: not found, timed out, or its exit code. */
        String why(String what) {
            return switch (result.outcome()) {
                case NOT_STARTED -> result.startError();
                case TIMED_OUT -> what + " timed out after " + result.duration().toSeconds() + "s";
                case INTERRUPTED -> what + " was interrupted";
                case EXITED -> what + " exited " + result.exitCode();
            };
        }
    }

    static final Duration SHORT = Duration.ofSeconds(20);

    private final Path scratch;
    private final Map<String, String> env;
    private int count;

    ProbeRunner(Path scratch, Map<String, String> env) {
        this.scratch = scratch;
        this.env = Map.copyOf(env);
    }

    Map<String, String> env() {
        return env;
    }

    Answer run(List<String> argv, Path dir) {
        return run(argv, dir, SHORT);
    }

    Answer run(List<String> argv, Path dir, Duration timeout) {
        count++;
        Path output = scratch.resolve("probe-" + count + ".out");
        RunResult result = ProcessRunner.run(argv, dir, env, timeout, output, elapsed -> {});
        try {
            return new Answer(
                    result, Files.exists(output) ? new String(Files.readAllBytes(output), StandardCharsets.UTF_8) : "");
        } catch (IOException e) {
            throw new UncheckedIOException("cannot read " + output, e);
        }
    }
}
