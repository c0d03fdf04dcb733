package dev.wb.engine.internal.chronicle;

import dev.wb.testkit.ChildJvm;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;

/** A child JVM started by an IT, with its stdout and stderr in files the test can tail. */
final class Child implements AutoCloseable {

    private final String name;
    private final Process process;
    private final Path stdout;
    private final Path stderr;

    private Child(String name, Process process, Path stdout, Path stderr) {
        this.name = name;
        this.process = process;
        this.stdout = stdout;
        this.stderr = stderr;
    }

    static Child start(Path workDir, String name, Class<?> mainClass, String... args) {
        try {
            Files.createDirectories(workDir);
            Path out = workDir.resolve(name + ".out");
            Path err = workDir.resolve(name + ".err");
            Process process = ChildJvm.start(workDir, Map.of(), out.toFile(), err.toFile(), mainClass, args);
            return new Child(name, process, out, err);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    Process process() {
        return process;
    }

    long pid() {
        return process.pid();
    }

    /** The complete lines the child has printed so far. */
    List<String> lines() {
        try {
            String text = Files.readString(stdout, StandardCharsets.UTF_8);
            int end = text.lastIndexOf('\n');
            return end < 0 ? List.of() : List.of(text.substring(0, end).split("\n"));
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    boolean printed(String line) {
        return lines().contains(line);
    }

    String stderr() {
        try {
            return Files.readString(stderr, StandardCharsets.UTF_8);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    /** For assertion messages: whether it is alive or its exit code, and the tail of its stderr. */
    String describe() {
        String status = process.isAlive() ? "alive" : "exit " + process.exitValue();
        String err = stderr();
        return name + " (pid " + pid() + ", " + status + ")"
                + (err.isBlank() ? "" : " stderr: " + err.substring(Math.max(0, err.length() - 2000)));
    }

    /** Waits for a normal exit and returns the exit code; kills the child and fails on timeout. */
    int waitFor(long seconds) throws InterruptedException {
        if (!process.waitFor(seconds, TimeUnit.SECONDS)) {
            kill();
            throw new AssertionError(name + " did not finish within " + seconds + " s");
        }
        return process.exitValue();
    }

    /** SIGKILL (destroyForcibly on Linux), then waits until the process is gone. */
    void kill() throws InterruptedException {
        process.destroyForcibly();
        if (!process.waitFor(30, TimeUnit.SECONDS)) {
            throw new AssertionError(name + " survived SIGKILL for 30 s");
        }
    }

    /** Kills the child if it still runs; an interrupt while waiting for it fails the test. */
    @Override
    public void close() {
        if (process.isAlive()) {
            try {
                kill();
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
                throw new AssertionError(name + " was still being killed when the test was interrupted", e);
            }
        }
    }
}
