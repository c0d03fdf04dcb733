package dev.wb.commands.process;

import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.function.Consumer;

/**
 * One process for {@link ProcessRunner} to run: what, where, with what environment and time limit, where its
 * output goes, and how a run is watched (a heartbeat), redacted and stopped (the grace before a kill).
 * {@link #of} makes the common one; the {@code with}s change one part.
 *
 * @param environment the child's complete environment, nothing inherited
 * @param outputFile created or truncated; holds the merged output afterwards (empty if it never started)
 * @param heartbeat called about once a second while the process runs, with the time it has run
 * @param redactor what redacts the output and the reason a program did not start
 * @param grace how long a process asked to stop has before it is killed
 */
public record ProcessRequest(
        List<String> argv,
        Path dir,
        Map<String, String> environment,
        Duration timeout,
        Path outputFile,
        Consumer<Duration> heartbeat,
        Redactor redactor,
        Duration grace) {

    /** No heartbeat, redacted by {@link Redactor#forEnvironment} of ENVIRONMENT, the usual grace. */
    public static ProcessRequest of(
            List<String> argv, Path dir, Map<String, String> environment, Duration timeout, Path outputFile) {
        return new ProcessRequest(
                argv,
                dir,
                environment,
                timeout,
                outputFile,
                elapsed -> {},
                Redactor.forEnvironment(environment),
                LiveProcesses.GRACE);
    }

    /** This request, watched by HEARTBEAT. */
    public ProcessRequest withHeartbeat(Consumer<Duration> heartbeat) {
        return new ProcessRequest(argv, dir, environment, timeout, outputFile, heartbeat, redactor, grace);
    }

    /** This request, redacted by REDACTOR. */
    public ProcessRequest withRedactor(Redactor redactor) {
        return new ProcessRequest(argv, dir, environment, timeout, outputFile, heartbeat, redactor, grace);
    }

    /** This request, with GRACE before a kill. */
    ProcessRequest withGrace(Duration grace) {
        return new ProcessRequest(argv, dir, environment, timeout, outputFile, heartbeat, redactor, grace);
    }
}
