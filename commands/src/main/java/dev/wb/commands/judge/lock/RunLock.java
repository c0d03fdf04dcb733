package dev.wb.commands.judge.lock;

import dev.wb.commands.base.Failure;
import dev.wb.commands.base.Workspace;
import dev.wb.engine.TaskKey;
import dev.wb.engine.fs.AtomicFiles;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.util.List;
import java.util.Objects;
import java.util.Optional;
import java.util.UUID;

/**
 * The one judge run a workspace may have at a time: {@code .workflow/local/judge/run.lock}, recording
 * the pid, host, start time, task and snapshot of the run that holds it, until it ends.
 *
 * <p>The file is published whole with a hard link that fails when the name exists, so two runs starting
 * together cannot both create it. Every change to an existing lock (reclaiming a dead run's, breaking
 * another host's, releasing one's own) happens under a {@link FileGuard}, so of two processes
 * reclaiming the same dead run's lock exactly one wins and the other finds the winner alive.
 *
 * <ul>
 *   <li>A live process on this host holds it: refused ({@link Busy}), even with {@code --break-lock},
 *       because that run is verifiably still going.
 *   <li>A dead process on this host left it: reclaimed, with a {@link #notice()}.
 *   <li>A process on another host holds it: it cannot be checked, so refused until {@code --break-lock}.
 *   <li>The file is not a lock wb wrote: held by an unknown process, refused until {@code --break-lock}.
 * </ul>
 *
 * <p>"This host" is the machine's name. Containers sharing one workspace usually have names of their own,
 * so each sees the others' runs as another host's: refused until {@code --break-lock}, never reclaimed
 * by a pid check made in the wrong pid namespace.
 */
public final class RunLock implements AutoCloseable {

    static final Duration GUARD_WAIT = Duration.ofSeconds(10);

    /** Who holds the lock; {@link #unknown()} when the file is not a lock wb wrote. */
    public record Holder(long pid, String host, Instant started, String task, String snapshot) {

        public Holder {
            Objects.requireNonNull(host, "host");
            Objects.requireNonNull(started, "started");
            Objects.requireNonNull(task, "task");
            Objects.requireNonNull(snapshot, "snapshot");
        }

        static Holder unknown(Instant since) {
            return new Holder(-1, "unknown", since, "unknown", "unknown");
        }

        /** The lock file could not be read as wb's: nothing about its holder is known. */
        public boolean unknown() {
            return pid <= 0;
        }

        /** Whether the holder runs on this machine (an unknown holder does not). */
        public boolean onThisHost() {
            return !unknown() && LocalHost.isThisHost(host);
        }

        /** For people: {@code process 1234 on this host since …, task TASK-1, snapshot …}. */
        public String describe() {
            if (unknown()) {
                return "an unknown process (the lock file is not one wb wrote; last changed " + started + ")";
            }
            return "process " + pid + (onThisHost() ? " on this host" : " on host " + host) + " since " + started
                    + ", task " + task + ", snapshot " + snapshot;
        }
    }

    /** Another run holds the lock; the CLI exits 4. */
    public static final class Busy extends RuntimeException {
        private final Holder holder;
        private final boolean otherHost;
        private final List<String> fixes;

        Busy(Holder holder, boolean otherHost, String message, List<String> fixes) {
            super(message);
            this.holder = holder;
            this.otherHost = otherHost;
            this.fixes = List.copyOf(fixes);
        }

        public Holder holder() {
            return holder;
        }

        /** The holder is on another host, so only {@code --break-lock} can take the lock. */
        public boolean otherHost() {
            return otherHost;
        }

        /** Whether {@code --break-lock} would take the lock: another host's, or an unreadable one. */
        public boolean breakLockNeeded() {
            return otherHost || holder.unknown();
        }

        /** The next steps, for the {@code fix:} lines. */
        public List<String> fixes() {
            return fixes;
        }
    }

    private final Path path;
    private final RunLockFile mine;
    private final Optional<String> notice;
    private boolean closed;

    private RunLock(Path path, RunLockFile mine, Optional<String> notice) {
        this.path = path;
        this.mine = mine;
        this.notice = notice;
    }

    /** Where a workspace's run lock lives, held or not. */
    public static Path lockFile(Workspace ws) {
        return ws.localDir().resolve("judge").resolve("run.lock");
    }

    /**
     * Takes the lock for this process.
     *
     * @param breakLock takes a lock held on another host, or an unreadable one; never a live one on this host
     * @throws Busy when another run holds it
     * @throws Failure (CONFIG) when the lock's folder cannot be written
     */
    public static RunLock acquire(Workspace ws, TaskKey task, String snapshotId, boolean breakLock, Clock clock) {
        Objects.requireNonNull(snapshotId, "snapshotId");
        ws.ensureLocalDir();
        Path lock = lockFile(ws);
        Holder me = new Holder(LocalHost.pid(), LocalHost.name(), clock.instant(), task.value(), snapshotId);
        RunLockFile mine = new RunLockFile(
                me, LocalHost.processStarted(), UUID.randomUUID().toString(), true);
        try {
            return FileGuard.hold(guard(lock), GUARD_WAIT, () -> take(lock, mine, breakLock));
        } catch (UncheckedIOException e) {
            throw new Failure(
                    Failure.Kind.CONFIG,
                    "cannot take the run lock: " + e.getMessage(),
                    List.of("check that " + lock.getParent() + " is writable"));
        } catch (FileGuard.GuardTimeout e) {
            Holder holder = read(lock).map(RunLockFile::holder).orElse(Holder.unknown(clock.instant()));
            throw new Busy(
                    holder,
                    !holder.unknown() && !holder.onThisHost(),
                    e.getMessage(),
                    List.of("find the hung wb process and stop it, then run again"));
        }
    }

    /**
     * The live holder, if any, for {@code wb status} and the guard hook: a lock on this host whose process
     * is gone is not held; another host's cannot be checked and counts as held; so does an unreadable one,
     * as {@link Holder#unknown()}.
     */
    public static Optional<Holder> current(Workspace ws) {
        return read(lockFile(ws)).filter(RunLock::held).map(RunLockFile::holder);
    }

    /** What acquiring did to a lock it found: reclaimed a dead run's, or broke another host's. */
    public Optional<String> notice() {
        return notice;
    }

    /** This run, as the lock file names it. */
    public Holder holder() {
        return mine.holder();
    }

    public Path path() {
        return path;
    }

    /**
     * Releases the lock if the file is still this run's. One broken with {@code --break-lock} and taken by
     * another run is left alone. Best effort: a lock that cannot be removed now is a dead process's lock
     * once this process ends, and the next run on this host reclaims it.
     */
    @Override
    public synchronized void close() {
        if (closed) {
            return;
        }
        closed = true;
        try {
            FileGuard.hold(guard(path), GUARD_WAIT, () -> {
                Optional<RunLockFile> found = read(path);
                if (found.isPresent() && found.get().token().equals(mine.token())) {
                    delete(path);
                }
                return null;
            });
        } catch (FileGuard.GuardTimeout | UncheckedIOException e) {
            // Left for the next run to reclaim (see above).
        }
    }

    /** Under the guard: clears what stands in the way, then publishes this run's lock. */
    private static RunLock take(Path lock, RunLockFile mine, boolean breakLock) {
        Optional<String> notice = Optional.empty();
        for (int attempt = 0; attempt < 3; attempt++) {
            Optional<RunLockFile> existing = read(lock);
            if (existing.isPresent()) {
                notice = Optional.of(clear(lock, existing.get(), breakLock));
            }
            try {
                if (AtomicFiles.createIfAbsent(lock, mine.bytes())) {
                    return new RunLock(lock, mine, notice);
                }
            } catch (IOException e) {
                throw new UncheckedIOException("cannot write " + lock + ": " + e.getMessage(), e);
            }
            // Created by something that does not take the guard (not wb): look again.
        }
        throw refusal(read(lock).orElseThrow(() -> new IllegalStateException(lock + " keeps changing")), lock);
    }

    /** Removes a lock that may be taken and says what was done; throws {@link Busy} for one that may not. */
    private static String clear(Path lock, RunLockFile existing, boolean breakLock) {
        Holder holder = existing.holder();
        if (held(existing) && !(breakLock && !holder.onThisHost())) {
            throw refusal(existing, lock);
        }
        delete(lock);
        if (holder.unknown()) {
            return "broke an unreadable run lock " + lock + " (last changed " + holder.started() + ")";
        }
        if (holder.onThisHost()) {
            return "reclaimed a lock left by dead process " + holder.pid() + " on this host (" + holder.task()
                    + ", snapshot " + holder.snapshot() + ", since " + holder.started() + ")";
        }
        return "broke the lock of process " + holder.pid() + " on host " + holder.host() + " (" + holder.task()
                + ", snapshot " + holder.snapshot() + ", since " + holder.started() + ")";
    }

    private static Busy refusal(RunLockFile existing, Path lock) {
        Holder holder = existing.holder();
        if (holder.unknown()) {
            return new Busy(
                    holder,
                    false,
                    "the run lock " + lock + " is not one wb wrote, so it is treated as held by"
                            + " an unknown process (last changed " + holder.started() + "); only --break-lock takes it",
                    List.of("if no judge run is going on, run again with --break-lock"));
        }
        if (holder.onThisHost()) {
            return new Busy(
                    holder,
                    false,
                    "another judge run holds the lock: " + holder.describe(),
                    List.of("wait for that run to end, then run again (wb status shows it while it runs);"
                            + " --break-lock never takes a lock whose process is alive on this host"));
        }
        return new Busy(
                holder,
                true,
                "another judge run holds the lock: " + holder.describe()
                        + "; wb cannot check a process on another host, so only --break-lock takes it",
                List.of("if that run has ended, run again with --break-lock"));
    }

    private static boolean held(RunLockFile file) {
        Holder holder = file.holder();
        return !holder.onThisHost() || LocalHost.alive(holder.pid(), file.processStarted());
    }

    private static Optional<RunLockFile> read(Path lock) {
        return RunLockFile.read(lock);
    }

    private static void delete(Path lock) {
        try {
            Files.deleteIfExists(lock);
            AtomicFiles.syncDirectory(lock.getParent());
        } catch (IOException e) {
            throw new UncheckedIOException("cannot remove " + lock + ": " + e.getMessage(), e);
        }
    }

    private static Path guard(Path lock) {
        return lock.resolveSibling(lock.getFileName() + ".guard");
    }
}
