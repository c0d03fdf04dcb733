package dev.wb.gitrun;

import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.TimeUnit;

/**
 * The user's {@code git} for plumbing that reads or writes whole objects: stdin fed from bytes, stdout
 * kept whole (up to a limit the caller names, past which the run fails rather than grows without
 * bound), stderr kept to its end for messages. No shell; the environment exactly as given.
 */
final class GitPipe {

    /** How a run ended: git's exit code (-1 when it could not start or was stopped), stdout and stderr. */
    // Bytes handed over once; a result is never compared.
    @SuppressWarnings("ArrayRecordComponent")
    record Result(int exitCode, byte[] stdout, String stderr) {
        String out() {
            return new String(stdout, StandardCharsets.UTF_8);
        }

        boolean ok() {
            return exitCode == 0;
        }
    }

    private GitPipe() {}

    static Result run(
            Path dir, List<String> args, Map<String, String> env, byte[] stdin, long maxStdout, Duration timeout)
            throws IOException {
        Optional<Path> git = GitProcess.locate(env);
        if (git.isEmpty()) {
            return new Result(-1, new byte[0], "git was not found on PATH");
        }
        List<String> command = new ArrayList<>(args.size() + 1);
        command.add(git.get().toString());
        command.addAll(args);
        ProcessBuilder builder = new ProcessBuilder(command).directory(dir.toFile());
        builder.environment().clear();
        builder.environment().putAll(env);
        Process process = builder.start();
        Drain out = new Drain(process.getInputStream(), maxStdout, "git-stdout");
        Drain err = new Drain(process.getErrorStream(), 64L * 1024, "git-stderr");
        out.start();
        err.start();
        try (OutputStream in = process.getOutputStream()) {
            in.write(stdin);
        } catch (IOException ignored) {
            // git closed its stdin early (it failed): its exit code and stderr say why
        }
        try {
            if (!process.waitFor(timeout.toMillis(), TimeUnit.MILLISECONDS)) {
                process.descendants().forEach(ProcessHandle::destroyForcibly);
                process.destroyForcibly();
                return new Result(-1, new byte[0], "wb stopped git after " + timeout.toSeconds() + " s");
            }
            out.join(timeout.toMillis());
            err.join(timeout.toMillis());
        } catch (InterruptedException e) {
            process.destroyForcibly();
            Thread.currentThread().interrupt();
            return new Result(-1, new byte[0], "interrupted: wb stopped git");
        }
        if (out.overflowed()) {
            return new Result(-1, new byte[0], "git's output passed " + maxStdout + " bytes; wb stopped reading");
        }
        return new Result(process.exitValue(), out.bytes(), err.text().strip());
    }

    /** Reads a stream to its end on its own thread, keeping at most {@code limit} bytes. */
    private static final class Drain extends Thread {
        private final InputStream stream;
        private final long limit;
        private final ByteArrayOutputStream kept = new ByteArrayOutputStream();
        private boolean overflowed;

        Drain(InputStream stream, long limit, String name) {
            super(name);
            this.stream = stream;
            this.limit = limit;
            setDaemon(true);
        }

        @Override
        public void run() {
            byte[] buffer = new byte[65536];
            try (stream) {
                for (int n = stream.read(buffer); n >= 0; n = stream.read(buffer)) {
                    synchronized (this) {
                        if (kept.size() + (long) n > limit) {
                            overflowed = true;
                        } else {
                            kept.write(buffer, 0, n);
                        }
                    }
                }
            } catch (IOException ignored) {
                // the process was stopped; what it wrote so far is kept
            }
        }

        synchronized boolean overflowed() {
            return overflowed;
        }

        synchronized byte[] bytes() {
            return kept.toByteArray();
        }

        synchronized String text() {
            return kept.toString(StandardCharsets.UTF_8);
        }
    }
}
