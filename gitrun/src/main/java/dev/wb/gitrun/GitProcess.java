package dev.wb.gitrun;

import java.io.ByteArrayOutputStream;
import java.io.File;
import java.io.IOException;
import java.io.InputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.TimeUnit;

/**
 * The user's {@code git}, run with an argument vector and no shell: found on the PATH of the
 * environment given (not of this JVM), started in the repository with exactly that environment and
 * stdin from {@code /dev/null}, its stdout and stderr read together and kept to the last
 * {@value #OUTPUT_LIMIT} characters, stopped with every process it started if it outlives the time
 * limit. Nothing is added to the arguments or environment given: signing and credentials apply as if
 * the user had pasted the command ({@link GitRunner} puts {@link GitRunner#HOOKS_OFF} before a step's
 * arguments when hooks are off).
 */
final class GitProcess {

    static final int OUTPUT_LIMIT = 4_000;

    /** Bytes kept while reading: enough for {@link #OUTPUT_LIMIT} characters of any UTF-8 text. */
    private static final int BYTES_KEPT = OUTPUT_LIMIT * 4;

    /** The outcome of one run; {@code exitCode} -1 when git could not start or was stopped. */
    record Result(int exitCode, String output) {}

    private GitProcess() {}

    /**
     * {@code git} on the PATH of {@code env}; a child process would search wb's own PATH instead. Only
     * absolute entries count: a relative one would be taken from this JVM's folder, which on a warm
     * server is not the caller's (and a repository file named {@code git} must not stand in for git).
     */
    static Optional<Path> locate(Map<String, String> env) {
        for (String dir : env.getOrDefault("PATH", "").split(File.pathSeparator, 0)) {
            if (!dir.isEmpty() && Path.of(dir).isAbsolute()) {
                Path candidate = Path.of(dir, "git");
                if (Files.isRegularFile(candidate) && Files.isExecutable(candidate)) {
                    return Optional.of(candidate);
                }
            }
        }
        return Optional.empty();
    }

    static Result run(Path dir, List<String> args, Map<String, String> env, Duration timeout) {
        return run(dir, args, env, timeout, Path.of("/dev/null"));
    }

    /** Like {@link #run(Path, List, Map, Duration)}, with stdin read from {@code stdin}. */
    static Result run(Path dir, List<String> args, Map<String, String> env, Duration timeout, Path stdin) {
        Optional<Path> git = locate(env);
        if (git.isEmpty()) {
            return new Result(-1, "git was not found on PATH");
        }
        List<String> command = new ArrayList<>(args.size() + 1);
        command.add(git.get().toString());
        command.addAll(args);
        ProcessBuilder builder = new ProcessBuilder(command)
                .directory(dir.toFile())
                .redirectErrorStream(true)
                .redirectInput(ProcessBuilder.Redirect.from(stdin.toFile()));
        builder.environment().clear();
        builder.environment().putAll(env);
        Process process;
        try {
            process = builder.start();
        } catch (IOException e) {
            return new Result(-1, "could not start " + git.get() + ": " + e.getMessage());
        }
        Tail tail = new Tail(process.getInputStream());
        tail.start();
        try {
            if (!process.waitFor(timeout.toMillis(), TimeUnit.MILLISECONDS)) {
                stopTree(process);
                return new Result(
                        -1,
                        tail.text(Duration.ofSeconds(5)) + "\nwb stopped git after " + timeout.toSeconds()
                                + " s, with every process it had started");
            }
            return new Result(process.exitValue(), tail.text(Duration.ofSeconds(30)));
        } catch (InterruptedException e) {
            stopTree(process);
            Thread.currentThread().interrupt();
            return new Result(-1, "interrupted: wb stopped git");
        }
    }

    /** Stops git and its children, grandchildren first found while git still holds them. */
    private static void stopTree(Process process) {
        List<ProcessHandle> descendants = process.descendants().toList();
        process.destroyForcibly();
        descendants.forEach(ProcessHandle::destroyForcibly);
        try {
            process.waitFor(5, TimeUnit.SECONDS);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
    }

    /** Reads the merged output on its own thread, keeping only the end. */
    private static final class Tail extends Thread {
        private final InputStream stream;
        private final byte[] ring = new byte[BYTES_KEPT];
        private long total;

        Tail(InputStream stream) {
            super("git-output");
            this.stream = stream;
            setDaemon(true);
        }

        @Override
        public void run() {
            byte[] buffer = new byte[8192];
            try (stream) {
                for (int n = stream.read(buffer); n >= 0; n = stream.read(buffer)) {
                    synchronized (this) {
                        for (int i = 0; i < n; i++) {
                            ring[(int) (total++ % ring.length)] = buffer[i];
                        }
                    }
                }
            } catch (IOException ignored) {
                // the process was stopped; what it wrote so far is kept
            }
        }

        /** The last {@link #OUTPUT_LIMIT} characters, after waiting up to {@code wait} for the stream to end. */
        String text(Duration wait) throws InterruptedException {
            join(wait.toMillis());
            ByteArrayOutputStream kept = new ByteArrayOutputStream();
            boolean cut;
            synchronized (this) {
                cut = total > ring.length;
                long from = Math.max(0, total - ring.length);
                for (long i = from; i < total; i++) {
                    kept.write(ring[(int) (i % ring.length)]);
                }
            }
            String text = kept.toString(StandardCharsets.UTF_8);
            if (cut || text.length() > OUTPUT_LIMIT) {
                String marker = "[earlier output omitted]\n";
                return marker + text.substring(Math.max(0, text.length() - (OUTPUT_LIMIT - marker.length())));
            }
            return text;
        }
    }
}
