package dev.wb.commands.preflight;

import dev.wb.projections.events.PreflightCompleted.LineVerdict;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.Optional;

/**
 * The {@code gh} line, printed only when {@code git.create_pull_request} is on: {@code gh --version}
 * answers and {@code gh auth status} says it is logged in. Anything else is a FAIL, since a task would
 * end unable to open its pull request.
 */
public final class GhLine {

    private GhLine() {}

    /**
     * Why {@code gh} cannot open a pull request here (missing, failing, not logged in), as the {@code gh} line
     * says it; empty when it can. Its probes' output goes to files in {@code scratch} (wb run's publish).
     */
    public static Optional<String> problem(Path scratch, Map<String, String> env, Path dir) {
        PreflightLine line = check(new ProbeRunner(scratch, env), dir);
        return line.verdict() == LineVerdict.OK ? Optional.empty() : Optional.of(line.text());
    }

    static PreflightLine check(ProbeRunner runner, Path dir) {
        ProbeRunner.Answer version = runner.run(List.of("gh", "--version"), dir);
        if (!version.started()) {
            return PreflightLine.of(
                    "gh",
                    LineVerdict.FAIL,
                    "gh executable not found (" + version.result().startError()
                            + "); git.create_pull_request needs it");
        }
        if (!version.exited(0)) {
            return PreflightLine.of("gh", LineVerdict.FAIL, version.why("gh --version"));
        }
        ProbeRunner.Answer auth = runner.run(List.of("gh", "auth", "status"), dir);
        if (!auth.exited(0)) {
            return PreflightLine.of(
                    "gh",
                    LineVerdict.FAIL,
                    "gh is not logged in (" + auth.why("gh auth status") + "); run: gh auth login");
        }
        return new PreflightLine("gh", LineVerdict.OK, "gh: OK");
    }
}
