package dev.wb.commands.run;

import java.io.IOException;
import java.io.InputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;

/**
 * Starts one node's program (a tool from {@code .workflow/tools/}, a provider's CLI) with no shell
 * between: the words are the argv, the given environment is its whole environment, its input is the
 * bytes given, and its stdout and stderr go to two files, so a node that prints gigabytes costs disk.
 * Past its time limit it is killed with everything it started.
 */
final class NodeProcess {

    /** How it ended: its exit code (-1 when it never started or timed out) and what it wrote. */
    record Ended(int exitCode, boolean timedOut, String startError, String stdout, String stderr, long millis) {
        boolean started() {
            return startError.isEmpty();
        }
    }

    /** The most of each stream a node's result reads back (the rest stays in the file). */
    static final int READ_LIMIT = 1 << 20;

    private NodeProcess() {}

    static Ended run(
            List<String> argv, Path dir, Map<String, String> env, byte[] stdin, Duration timeout, Path scratch) {
        long start = System.nanoTime();
        try {
            Files.createDirectories(scratch);
            Path out = Files.createTempFile(scratch, "node-", ".out");
            Path err = Files.createTempFile(scratch, "node-", ".err");
            Path in = Files.createTempFile(scratch, "node-", ".in");
            try {
                Files.write(in, stdin);
                ProcessBuilder builder = new ProcessBuilder(argv)
                        .directory(dir.toFile())
                        .redirectInput(in.toFile())
                        .redirectOutput(out.toFile())
                        .redirectError(err.toFile());
                builder.environment().clear();
                builder.environment().putAll(env);
                Process process;
                try {
                    process = builder.start();
                } catch (IOException e) {
                    return new Ended(-1, false, argv.get(0) + ": cannot start: " + e.getMessage(), "", "", 0);
                }
                boolean ended;
                try {
                    ended = process.waitFor(timeout.toMillis(), TimeUnit.MILLISECONDS);
                } catch (InterruptedException e) {
                    Thread.currentThread().interrupt();
                    ended = false;
                }
                if (!ended) {
                    kill(process);
                }
                long millis = (System.nanoTime() - start) / 1_000_000;
                return new Ended(ended ? process.exitValue() : -1, !ended, "", head(out), head(err), millis);
            } finally {
                Files.deleteIfExists(out);
                Files.deleteIfExists(err);
                Files.deleteIfExists(in);
            }
        } catch (IOException e) {
            return new Ended(-1, false, "cannot run " + argv.get(0) + ": " + e.getMessage(), "", "", 0);
        }
    }

    private static String head(Path file) throws IOException {
        byte[] bytes;
        try (InputStream stream = Files.newInputStream(file)) {
            bytes = stream.readNBytes(READ_LIMIT);
        }
        return new String(bytes, StandardCharsets.UTF_8);
    }

    /** Kills the process and every process it started, and waits for it to go. */
    private static void kill(Process process) {
        process.descendants().forEach(ProcessHandle::destroyForcibly);
        process.destroyForcibly();
        try {
            process.waitFor(5, TimeUnit.SECONDS);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
    }
}
