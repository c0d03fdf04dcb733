package dev.wb.commands.process;

import java.io.File;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.TimeUnit;
import java.util.function.Consumer;

/**
 * Runs one verify command as a real process, with no shell between wb and the runner: the words are
 * the argv. The environment given is the child's whole environment, and its PATH is where the program
 * is looked up ({@link ExecutableLookup}). stdin is the null device, so a command that waits for input
 * ends instead of hanging; stdout and stderr go, merged in the order written, straight to a file, so a
 * command printing gigabytes costs disk, not memory, and the event keeps a {@link CappedOutput}.
 * That capped output is redacted before it is cut ({@link CappedOutput#of(Path, Redactor)}): by the
 * caller's {@link Redactor}, or else by one that knows the secret-named variables of the child's
 * environment and the credential shapes. The file keeps the output as written.
 *
 * <p>A run past its time limit is killed with every process it started ({@link ProcessTree}); one
 * killed by {@link LiveProcesses#killAll()} or by interrupting the calling thread is
 * {@link Outcome#INTERRUPTED}. Either way this returns only once the process is gone.
 *
 * <p>On Windows the JDK starts a {@code .cmd} or {@code .bat} runner ({@code mvnw.cmd},
 * {@code gradlew.bat}) through cmd.exe: the one place a shell stands between, with the JDK's own
 * argument checks ({@code jdk.lang.Process.allowAmbiguousCommands}) in force.
 */
public final class ProcessRunner {

    private static final File NULL_DEVICE = new File(File.separatorChar == '\\' ? "NUL" : "/dev/null");
    private static final Duration HEARTBEAT = Duration.ofSeconds(1);

    private ProcessRunner() {}

    /**
     * Runs with the output redacted by {@link Redactor#forEnvironment} of {@code environment}.
     *
     * @param environment the child's complete environment, nothing inherited
     * @param outputFile created or truncated; holds the merged output afterwards (empty if it never started)
     * @param heartbeat called about once a second while the process runs, with the time it has run
     */
    public static RunResult run(
            List<String> argv,
            Path dir,
            Map<String, String> environment,
            Duration timeout,
            Path outputFile,
            Consumer<Duration> heartbeat) {
        return run(
                ProcessRequest.of(argv, dir, environment, timeout, outputFile).withHeartbeat(heartbeat));
    }

    /** Runs REQUEST, and returns once its process is gone. */
    public static RunResult run(ProcessRequest request) {
        List<String> argv = request.argv();
        Path dir = request.dir();
        Map<String, String> environment = request.environment();
        Path outputFile = request.outputFile();
        Redactor redactor = request.redactor();
        if (argv.isEmpty()) {
            throw new IllegalArgumentException("no words to run");
        }
        Optional<Path> program = ExecutableLookup.find(argv.get(0), dir, environment);
        if (program.isEmpty()) {
            return notStarted(outputFile, redactor.redact(ExecutableLookup.notFound(argv.get(0), dir, environment)));
        }
        List<String> command = new ArrayList<>(argv);
        command.set(0, program.get().toString());
        ProcessBuilder builder = new ProcessBuilder(command)
                .directory(dir.toFile())
                .redirectErrorStream(true)
                .redirectInput(ProcessBuilder.Redirect.from(NULL_DEVICE))
                .redirectOutput(ProcessBuilder.Redirect.to(outputFile.toFile()));
        builder.environment().clear();
        builder.environment().putAll(environment);
        long start = System.nanoTime();
        Process process;
        try {
            process = builder.start();
        } catch (IOException e) {
            return notStarted(outputFile, redactor.redact(argv.get(0) + ": cannot start: " + e.getMessage()));
        }
        LiveProcesses.register(process);
        Outcome outcome = Outcome.INTERRUPTED;
        try {
            outcome = await(process, start, request.timeout(), request.heartbeat());
        } finally {
            stop(process, request.grace());
            if (LiveProcesses.release(process)) {
                outcome = Outcome.INTERRUPTED;
            }
        }
        Duration duration = Duration.ofNanos(System.nanoTime() - start);
        CappedOutput output = read(outputFile, redactor);
        long bytes = outputFile.toFile().length();
        return outcome == Outcome.EXITED
                ? RunResult.exited(process.exitValue(), duration, output, bytes)
                : RunResult.stopped(outcome, duration, output, bytes);
    }

    /** Waits for the exit, beating about once a second; EXITED, TIMED_OUT or INTERRUPTED (still alive). */
    private static Outcome await(Process process, long start, Duration timeout, Consumer<Duration> heartbeat) {
        long deadline = start + timeout.toNanos();
        try {
            while (true) {
                long now = System.nanoTime();
                if (now - deadline >= 0) {
                    return Outcome.TIMED_OUT;
                }
                if (process.waitFor(Math.min(deadline - now, HEARTBEAT.toNanos()), TimeUnit.NANOSECONDS)) {
                    return Outcome.EXITED;
                }
                heartbeat.accept(Duration.ofNanos(System.nanoTime() - start));
            }
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            return Outcome.INTERRUPTED;
        }
    }

    /**
     * Kills what is still running, with the full grace even on an interrupted thread, and reaps the
     * process before its output is read (after the forcible kill it has no choice but to go).
     */
    private static void stop(Process process, Duration grace) {
        boolean interrupted = Thread.interrupted();
        if (process.isAlive()) {
            ProcessTree.kill(process.toHandle(), grace);
        }
        while (process.isAlive()) {
            try {
                process.waitFor();
            } catch (InterruptedException e) {
                interrupted = true;
            }
        }
        if (interrupted) {
            Thread.currentThread().interrupt();
        }
    }

    private static RunResult notStarted(Path outputFile, String why) {
        try {
            Files.write(outputFile, new byte[0]);
        } catch (IOException e) {
            throw new UncheckedIOException("cannot write " + outputFile, e);
        }
        return RunResult.notStarted(why);
    }

    private static CappedOutput read(Path outputFile, Redactor redactor) {
        try {
            return CappedOutput.of(outputFile, redactor);
        } catch (IOException e) {
            throw new UncheckedIOException("cannot read the output in " + outputFile, e);
        }
    }
}
