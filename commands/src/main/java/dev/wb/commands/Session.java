package dev.wb.commands;

import dev.wb.commands.base.Workspace;
import dev.wb.commands.merged.MergedLog;
import dev.wb.commands.merged.SyncedReader;
import dev.wb.commands.merged.UnopenedLog;
import dev.wb.engine.Actor;
import dev.wb.engine.EventLog;
import dev.wb.engine.EventReader;
import dev.wb.engine.Invocation;
import dev.wb.engine.StreamId;
import dev.wb.engine.UpcastingReader;
import dev.wb.engine.logs.EventLogs;
import dev.wb.git.GitIdentity;
import dev.wb.projections.catalog.WbEvents;
import java.nio.file.Files;
import java.time.Clock;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.function.Supplier;

/**
 * One command's view of the world: its workspace, its invocation (id, actor, clock) and the log,
 * opened only when a command first touches it, so that commands that never need it never load it.
 */
public final class Session implements AutoCloseable {

    private final Workspace workspace;
    private final Map<String, String> env;
    private final Supplier<Invocation> invocationSource;
    private Invocation invocation;
    private EventLog log;
    private Optional<SyncedReader> synced;
    private ReplicaTrust trust;
    private Optional<String> signersAt = Optional.empty();
    private boolean showsOnly;

    /** A session with a given environment and invocation: tests and benchmarks. */
    public Session(Workspace workspace, Map<String, String> env, Invocation invocation) {
        this(workspace, env, () -> invocation);
    }

    private Session(Workspace workspace, Map<String, String> env, Supplier<Invocation> invocationSource) {
        this.workspace = workspace;
        this.env = env;
        this.invocationSource = invocationSource;
    }

    /** A session whose invocation (and its random id) is made only if a command appends. */
    public static Session open(Workspace workspace, Map<String, String> env, Clock clock) {
        return new Session(
                workspace,
                env,
                () -> Invocation.start(Actor.current(env, GitIdentity.read(workspace.root(), env)), clock));
    }

    /** The run's environment (a warm server's client's, never the server's own: docs/adr/0009). */
    public Map<String, String> env() {
        return env;
    }

    public Workspace workspace() {
        return workspace;
    }

    public synchronized Invocation invocation() {
        if (invocation == null) {
            invocation = invocationSource.get();
        }
        return invocation;
    }

    /** The log with its stored events exactly as written (for appends and verification). */
    public synchronized EventLog log() {
        if (log == null) {
            // Where nothing was recorded yet, reading creates nothing: the first append makes the log.
            log = Files.isDirectory(workspace.logDir()) ? open() : new UnopenedLog(this::open);
        }
        return log;
    }

    private EventLog open() {
        workspace.ensureLocalDir();
        return EventLogs.chronicle(workspace.logDir());
    }

    /**
     * The log as the current code reads it: every event raised to its current schema; where this
     * clone holds other replicas' chains of a stream, that stream's merged view (docs/adr/0010).
     */
    public EventReader reader() {
        EventReader stored = synced().<EventReader>map(r -> r).orElseGet(this::log);
        return new UpcastingReader(stored, WbEvents.SCHEMAS);
    }

    /**
     * The local log and the copies of other replicas' chains that count ({@link #trust()}), when this
     * clone holds any (a fetch imported them).
     */
    public synchronized Optional<SyncedReader> synced() {
        if (synced == null) {
            List<String> held = SyncedReader.held(workspace);
            trust = held.isEmpty()
                    ? new ReplicaTrust(Map.of(), true, Optional.empty())
                    : ReplicaTrust.judge(this, held, signersAt);
            synced = SyncedReader.open(workspace, log(), trust::counts);
        }
        return synced;
    }

    /**
     * The view of {@code stream} this clone holds: the merge of its own chain and every copy that counts
     * ({@link #trust()}), or its own chain alone.
     */
    public MergedLog.View mergedView(StreamId stream) {
        return synced().map(r -> r.fullView(stream)).orElseGet(() -> MergedLog.readOwn(workspace, log(), stream));
    }

    /** The verdict on each replica this clone holds a copy of: which count, and why (docs/SYNC.md, "Trust"). */
    public synchronized ReplicaTrust trust() {
        synced();
        return trust;
    }

    /**
     * Reads the allowed signers at {@code commit} instead of HEAD ({@code wb ci check}: at its base, which
     * the pull request cannot change); before the first read only.
     */
    public synchronized void readSignersAt(String commit) {
        if (synced != null) {
            throw new IllegalStateException("the replicas were judged already");
        }
        signersAt = Optional.of(commit);
    }

    /**
     * Marks this session as one that shows and decides nothing ({@code wb status}): the replicas may
     * then be judged from a checkpoint of this clone's fetch records instead of the log. A session that
     * gates never calls this, so a rewritten checkpoint can never lend a replica trust; before the
     * first read only.
     */
    public synchronized void showsOnly() {
        if (synced != null) {
            throw new IllegalStateException("the replicas were judged already");
        }
        showsOnly = true;
    }

    /** Whether this session only shows ({@link #showsOnly()}). */
    public synchronized boolean isShowsOnly() {
        return showsOnly;
    }

    @Override
    public synchronized void close() {
        if (synced != null) {
            synced.ifPresent(SyncedReader::close);
        }
        if (log != null) {
            log.close();
        }
    }
}
