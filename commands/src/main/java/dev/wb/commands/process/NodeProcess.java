package dev.wb.commands.process;

import com.google.common.util.concurrent.Uninterruptibles;
import dev.wb.projections.run.RunState;
import java.io.IOException;
import java.io.InputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.time.Instant;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.TimeUnit;
import java.util.function.Consumer;

/**
 * Starts one node's program (a tool from {@code .workflow/tools/}, a provider's CLI) with no shell
 * between: the words are the argv, the given environment is its whole environment, its input is the
 * bytes given, and its stdout and stderr go to two files, so a node that prints gigabytes costs disk.
 * Past its time limit it is killed with everything it started.
 *
 * <p>While it runs, a JVM shutdown hook stands ready: SIGTERM or Ctrl-C (SIGINT) of {@code wb run} kills
 * the node's process and everything it started before the JVM goes, so no agent is left editing the tree
 * behind a run that ended. The node is then left in flight in the log, never recorded finished with what
 * the kill made of it: the next {@code wb run KEY} resumes it as it resumes after a crash (docs/RUNS.md,
 * Resume).
 *
 * <p>The program runs in a session and process group of its own ({@link ProcessGroups}): a Ctrl-C at the
 * terminal reaches wb alone, whose hook then ends the whole group, and a {@code kill -9} of wb, which runs
 * no hook, leaves a group the next {@code wb run KEY} can find. So the process is named to the caller as
 * soon as it started ({@link Launched}), for the log, before the node's end is waited for.
 *
 * <p>A node ends with its whole group: once the program exited (or its time ran out), whatever of its group
 * still runs (a watcher, a {@code sleep 8 && sed -i …} sent to the background) gets SIGTERM, and SIGKILL
 * after {@link #GRACE}, before the node's end is returned, so nothing it left edits the tree under the
 * checks, the review or the publish that follow. {@link Ended#strays()} says what was stopped, for the
 * node's {@code node.finished}. Without a group of its own (no launcher), or off Linux, what the program
 * left behind is out of sight, as is what left the group on purpose.
 */
public final class NodeProcess {

    /**
     * How it ended: its exit code (-1 when it never started or timed out), what it wrote, and what was left
     * of its process group and stopped at its end.
     */
    public record Ended(
            int exitCode,
            boolean timedOut,
            String startError,
            String stdout,
            String stderr,
            long millis,
            ProcessGroups.Strays strays) {

        /** An end with nothing left of the group. */
        public Ended(int exitCode, boolean timedOut, String startError, String stdout, String stderr, long millis) {
            this(exitCode, timedOut, startError, stdout, stderr, millis, ProcessGroups.Strays.NONE);
        }

        public boolean started() {
            return startError.isEmpty();
        }
    }

    /**
     * How long what is left of a node's process group has, after SIGTERM at the node's end, before SIGKILL
     * (docs/RUNS.md, "The node's end").
     */
    public static final Duration GRACE = Duration.ofSeconds(5);

    /**
     * The node's program, just started: its pid, its process group when it has one of its own, and its
     * start time, where the platform tells, and the file its stderr goes to while it runs (gone after).
     */
    public record Launched(long pid, Optional<Long> group, Optional<Instant> started, Path stderr) {}

    /** The most of each stream a node's result reads back (the rest stays in the file). */
    public static final int READ_LIMIT = 1 << 20;

    private NodeProcess() {}

    /**
     * One node's program to start: its words, the folder it runs in, its whole environment, its time limit,
     * and the folder its stdin, stdout and stderr files are made in.
     */
    public record Spawn(List<String> argv, Path dir, Map<String, String> env, Duration timeout, Path scratch) {}

    /** The files the program reads its input from and writes its output to, removed at its end. */
    private record Streams(Path in, Path out, Path err) {}

    /**
     * Runs {@code spawn} with {@code stdin} as its input; {@code launched} is told of the process once it started (a failure it throws kills
     * the process and goes on up).
     */
    public static Ended run(Spawn spawn, byte[] stdin, Consumer<Launched> launched) {
        long start = System.nanoTime();
        try {
            Path scratch = spawn.scratch();
            Files.createDirectories(scratch);
            Path out = Files.createTempFile(scratch, "node-", ".out");
            Path err = Files.createTempFile(scratch, "node-", ".err");
            Path in = Files.createTempFile(scratch, "node-", ".in");
            try {
                Files.write(in, stdin);
                return run(spawn, new Streams(in, out, err), launched, start);
            } finally {
                Files.deleteIfExists(out);
                Files.deleteIfExists(err);
                Files.deleteIfExists(in);
            }
        } catch (IOException e) {
            return new Ended(-1, false, "cannot run " + spawn.argv().get(0) + ": " + e.getMessage(), "", "", 0);
        }
    }

    private static Ended run(Spawn spawn, Streams io, Consumer<Launched> launched, long start) throws IOException {
        List<String> argv = spawn.argv();
        Optional<List<String>> grouped = ProcessGroups.inOwnGroup(argv);
        ProcessBuilder builder = new ProcessBuilder(grouped.orElse(argv))
                .directory(spawn.dir().toFile())
                .redirectInput(io.in().toFile())
                .redirectOutput(io.out().toFile())
                .redirectError(io.err().toFile());
        builder.environment().clear();
        builder.environment().putAll(spawn.env());
        Stop stop = new Stop(grouped.isPresent());
        Thread hook = new Thread(stop::kill, "wb-run-node-stop");
        if (!hooked(hook)) {
            awaitHalt(); // the JVM is already going: start nothing
        }
        Process process;
        try {
            process = stop.start(builder);
        } catch (IOException e) {
            unhooked(hook);
            return new Ended(-1, false, argv.get(0) + ": cannot start: " + e.getMessage(), "", "", 0);
        }
        if (process == null) {
            awaitHalt(); // the hook ran before the start: nothing started
        }
        Launched child = new Launched(
                process.pid(),
                grouped.isPresent() ? Optional.of(process.pid()) : Optional.empty(),
                ProcessGroups.started(process.toHandle()),
                io.err());
        try {
            launched.accept(child);
        } catch (RuntimeException e) {
            kill(process, grouped.isPresent());
            unhooked(hook);
            throw e;
        }
        boolean ended = waitFor(process, spawn.timeout());
        // the group ends with the node, the hook still standing: a SIGTERM of wb meanwhile kills it all
        ProcessGroups.Strays strays = grouped.isPresent()
                ? ProcessGroups.end(new RunState.Child(child.pid(), child.group(), child.started()), GRACE)
                : ProcessGroups.Strays.NONE;
        if (!unhooked(hook) || stop.stopping()) {
            // The JVM is shutting down and its hook killed the node: record nothing of an end it
            // did not reach on its own; the JVM halts once the hook has seen the tree gone.
            awaitHalt();
        }
        if (!ended) {
            kill(process, grouped.isPresent());
        }
        long millis = (System.nanoTime() - start) / 1_000_000;
        return new Ended(ended ? process.exitValue() : -1, !ended, "", head(io.out()), head(io.err()), millis, strays);
    }

    /** Whether the process ended within TIMEOUT; an interrupt ends the wait as a timeout. */
    private static boolean waitFor(Process process, Duration timeout) {
        try {
            return process.waitFor(timeout.toMillis(), TimeUnit.MILLISECONDS);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            return false;
        }
    }

    private static String head(Path file) throws IOException {
        byte[] bytes;
        try (InputStream stream = Files.newInputStream(file)) {
            bytes = stream.readNBytes(READ_LIMIT);
        }
        return new String(bytes, StandardCharsets.UTF_8);
    }

    /**
     * Kills the process and every process it started (its group too, when it leads one of its own), and
     * waits for it to go.
     */
    private static void kill(Process process, boolean group) {
        kill(process.toHandle());
        if (group) {
            ProcessGroups.killGroup(process.pid());
        }
        try {
            process.waitFor(5, TimeUnit.SECONDS);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
    }

    /** Kills the process and its descendants (listed while it lives: an orphan is out of reach). */
    private static void kill(ProcessHandle process) {
        List<ProcessHandle> tree = process.descendants().toList();
        tree.forEach(ProcessHandle::destroyForcibly);
        process.destroyForcibly();
        // those it started while the first were being killed
        process.descendants().forEach(ProcessHandle::destroyForcibly);
    }

    /**
     * Never returns when the JVM is shutting down (SIGTERM, Ctrl-C): a node's work that ended then ended by
     * the kill, and its result is not recorded as the node's outcome. For work that has a hook of its own
     * ({@code wb checks}' engine records its interrupted {@code checks.ran} before the JVM goes).
     */
    public static void awaitHaltIfStopping() {
        Thread probe = new Thread(() -> {}, "wb-run-probe");
        if (!hooked(probe) || !unhooked(probe)) {
            awaitHalt();
        }
    }

    /** Never returns: this thread waits for the JVM's halt, which follows the shutdown hooks. */
    private static void awaitHalt() {
        while (true) {
            Uninterruptibles.sleepUninterruptibly(1, TimeUnit.DAYS);
        }
    }

    private static boolean hooked(Thread hook) {
        try {
            Runtime.getRuntime().addShutdownHook(hook);
            return true;
        } catch (IllegalStateException e) { // shutdown in progress
            return false;
        }
    }

    /** Removes the hook; false when the JVM is shutting down (the hook may be running). */
    private static boolean unhooked(Thread hook) {
        try {
            Runtime.getRuntime().removeShutdownHook(hook);
            return true;
        } catch (IllegalStateException e) { // shutdown in progress
            return false;
        }
    }

    /**
     * The node's process as the shutdown hook sees it: started under one lock with the hook's look, so
     * either the hook kills a process that started, or no process starts once the hook ran.
     */
    private static final class Stop {
        private final boolean group;
        private boolean stopping;
        private Process process;

        Stop(boolean group) {
            this.group = group;
        }

        /** The started process, or null when the hook ran first and nothing may start. */
        synchronized Process start(ProcessBuilder builder) throws IOException {
            if (stopping) {
                return null;
            }
            process = builder.start();
            return process;
        }

        synchronized boolean stopping() {
            return stopping;
        }

        /** The hook: no process starts from now on, and a running one is killed with its tree. */
        void kill() {
            Process running;
            synchronized (this) {
                stopping = true;
                running = process;
            }
            if (running != null) {
                NodeProcess.kill(running, group);
            }
        }
    }
}
