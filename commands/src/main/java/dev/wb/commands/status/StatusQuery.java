package dev.wb.commands.status;

import dev.wb.commands.Session;
import dev.wb.commands.base.Failure;
import dev.wb.commands.merged.SyncedReader;
import dev.wb.commands.replay.ReplayQuery;
import dev.wb.engine.EventReader;
import dev.wb.engine.HashChain;
import dev.wb.engine.StreamHead;
import dev.wb.engine.StreamId;
import dev.wb.engine.TaskKey;
import dev.wb.projections.activity.Activity;
import dev.wb.projections.checkpoint.CheckpointStore;
import dev.wb.projections.checkpoint.StreamCursor;
import dev.wb.projections.checkpoint.WorkspaceProjection;
import dev.wb.projections.status.Operations;
import dev.wb.projections.status.ReviewRounds;
import dev.wb.projections.status.RunTotals;
import dev.wb.projections.status.StageCounters;
import dev.wb.projections.status.TaskStages;
import java.time.Clock;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.SortedMap;
import java.util.TreeMap;
import java.util.function.Supplier;

/**
 * {@code wb status}: every task's stages and next command, its last activity, and the workspace's
 * totals. Read-only, and from projections only: {@code activity} and {@code stages} over every
 * stream through their checkpoints (no log read when nothing moved, ADR 3), both taken at the same
 * heads through one {@link SnapshotReader}; and each plan's digest on disk ({@link PlanFiles}), which
 * is what decides whether an audit still holds.
 */
public final class StatusQuery {

    /**
     * One stream: its activity, the task's stages (a task stream), what the operations commands
     * recorded in it (preflight and flow validation in the workspace stream, check runs in a task's),
     * when its hash chain does not verify, the version of the first event that does not hold, and, in
     * a workspace status, the event (version and hash) the status was folded to.
     */
    public record StreamStatus(
            StreamId stream,
            Activity.State activity,
            Optional<TaskStatus> task,
            Operations operations,
            Optional<Long> brokenAt,
            Optional<StreamHead> foldedTo) {}

    /** The whole workspace: each stream (and each planned task with no history yet), and the totals. */
    public record WorkspaceStatus(
            List<StreamStatus> streams, long totalEvents, Map<String, Long> totalsByType, WorkspaceStats stats) {
        public long tasks() {
            return streams.stream().filter(s -> !s.stream().isWorkspace()).count();
        }

        /** The streams whose hash chain does not verify. */
        public List<StreamStatus> damaged() {
            return streams.stream().filter(s -> s.brokenAt().isPresent()).toList();
        }
    }

    private final Session session;
    private final Clock clock;

    public StatusQuery(Session session) {
        this(session, Clock.systemUTC());
    }

    /** @param clock tells when a plan's digest has settled enough to be remembered ({@link PlanDigestCache}) */
    public StatusQuery(Session session, Clock clock) {
        this.session = session;
        this.clock = clock;
    }

    public WorkspaceStatus all() {
        CheckpointStore store = new CheckpointStore(session.workspace().checkpointsDir());
        EventReader reader = new SnapshotReader(session.reader());
        JointRebuild.ifNeitherExists(store, reader);
        Map<StreamId, StreamCursor<Activity.State>> activity =
                new WorkspaceProjection<>(Activity.INSTANCE, store).load(reader).streams();
        Map<StreamId, StreamCursor<TaskStages.State>> stages = new WorkspaceProjection<>(TaskStages.INSTANCE, store)
                .load(reader)
                .streams();
        PlanFiles planFiles = new PlanFiles(session.workspace(), clock);
        Map<TaskKey, String> plans = planFiles.digests();
        Map<StreamId, Long> broken = new ChainVerdicts(
                        session.workspace().checkpointsDir().resolve("chains.txt"))
                .broken(reader, activity.keySet(), this::verify);

        Optional<LiveScope> live =
                anyOpen(stages, plans) ? LiveScope.read(session, store, reader, plans) : Optional.empty();

        SortedMap<String, StreamId> names = names(activity.keySet(), plans.keySet());
        List<StreamStatus> streams = new ArrayList<>(names.size());
        List<TaskStatus> tasks = new ArrayList<>(names.size());
        List<StageCounters> counters = new ArrayList<>(names.size());
        List<ReviewRounds> reviews = new ArrayList<>(names.size());
        List<Operations> operations = new ArrayList<>(names.size());
        List<RunTotals> runs = new ArrayList<>(names.size());
        Map<String, Long> totals = new TreeMap<>();
        long total = 0;
        for (StreamId stream : names.values()) {
            Activity.State a = state(activity.get(stream), Activity.State.EMPTY);
            TaskStages.State s = state(stages.get(stream), TaskStages.State.EMPTY);
            Optional<TaskStatus> task =
                    stream.isWorkspace() ? Optional.empty() : Optional.of(task(stream, s, planFiles, plans, live));
            task.ifPresent(tasks::add);
            counters.add(s.counters());
            reviews.add(s.reviews());
            operations.add(s.operations());
            runs.add(s.runs());
            StreamCursor<Activity.State> cursor = activity.get(stream);
            streams.add(new StreamStatus(
                    stream,
                    a,
                    task,
                    s.operations(),
                    Optional.ofNullable(broken.get(stream)),
                    Optional.ofNullable(cursor).map(c -> new StreamHead(c.version(), c.hash()))));
            for (Map.Entry<String, Long> count : a.countsByType().entrySet()) {
                totals.merge(count.getKey(), count.getValue(), Long::sum);
            }
            total += a.events();
        }
        return new WorkspaceStatus(
                streams, total, totals, WorkspaceStats.of(tasks, counters, reviews, operations, runs));
    }

    /** Where a task stands: its stages, its plan on disk now, the live scope where its gate is open, its folder. */
    private TaskStatus task(
            StreamId stream,
            TaskStages.State stages,
            PlanFiles planFiles,
            Map<TaskKey, String> plans,
            Optional<LiveScope> live) {
        TaskKey key = new TaskKey(stream.name());
        Optional<String> plan = Optional.ofNullable(plans.get(key));
        return StageRules.of(
                key,
                stages,
                plan,
                LiveScope.open(stages, plan) ? live : Optional.empty(),
                TaskFiles.read(session.workspace(), key, planFiles.facts(key).orElse(TaskFiles.PlanFacts.NONE)));
    }

    /** Every stream, and every planned task with no history yet, by name. */
    private static SortedMap<String, StreamId> names(Set<StreamId> streams, Set<TaskKey> planned) {
        TreeMap<String, StreamId> names = new TreeMap<>();
        for (StreamId stream : streams) {
            names.put(stream.name(), stream);
        }
        for (TaskKey key : planned) {
            names.putIfAbsent(key.value(), StreamId.task(key));
        }
        return names;
    }

    /** Whether any task's gate is open: only then is the checkout read for the live scope. */
    private static boolean anyOpen(Map<StreamId, StreamCursor<TaskStages.State>> stages, Map<TaskKey, String> plans) {
        for (Map.Entry<TaskKey, String> plan : plans.entrySet()) {
            StreamCursor<TaskStages.State> cursor = stages.get(StreamId.task(plan.getKey()));
            if (cursor != null && LiveScope.open(cursor.state(), Optional.of(plan.getValue()))) {
                return true;
            }
        }
        return false;
    }

    /**
     * Every chain of the stream this clone holds, verified: the first that breaks (its version is in
     * that replica's own chain), or all of them intact.
     */
    private HashChain.Report verify(StreamId stream) {
        return firstBreak(stream, ReplayQuery.verifyAll(session, stream));
    }

    private static HashChain.Report firstBreak(StreamId stream, List<SyncedReader.ChainReport> chains) {
        long checked = 0;
        for (SyncedReader.ChainReport chain : chains) {
            if (!chain.report().intact()) {
                return chain.report();
            }
            checked += chain.report().eventsChecked();
        }
        return new HashChain.Report(stream, checked, Optional.empty());
    }

    /** One stream, folded from the log (a task with a plan but no history yet shows its stages too). */
    public StreamStatus one(StreamId stream) {
        return one(stream, () -> verify(stream));
    }

    /**
     * {@link #one(StreamId)} from states its caller folded while reading the stream for something else
     * (a page reads every event anyway), and its chains already verified: the stream is not read again.
     */
    public StreamStatus folded(
            StreamId stream, Activity.State activity, TaskStages.State stages, List<SyncedReader.ChainReport> chains) {
        return finish(stream, activity, stages, () -> firstBreak(stream, chains));
    }

    private StreamStatus one(StreamId stream, Supplier<HashChain.Report> verification) {
        Activity.State[] activity = {Activity.State.EMPTY};
        TaskStages.State[] stages = {TaskStages.State.EMPTY};
        session.reader().forEach(stream, 0, event -> {
            activity[0] = Activity.INSTANCE.evolve(activity[0], event);
            stages[0] = TaskStages.INSTANCE.evolve(stages[0], event);
        });
        return finish(stream, activity[0], stages[0], verification);
    }

    private StreamStatus finish(
            StreamId stream,
            Activity.State activity,
            TaskStages.State stages,
            Supplier<HashChain.Report> verification) {
        // One stream is read whole anyway: its chain is verified every time.
        Optional<Long> brokenAt = activity.events() == 0
                ? Optional.empty()
                : verification.get().firstBreak().map(HashChain.Break::version);
        if (stream.isWorkspace()) {
            requireHistory(stream, activity.events() > 0);
            return new StreamStatus(
                    stream, activity, Optional.empty(), stages.operations(), brokenAt, Optional.empty());
        }
        TaskKey key = new TaskKey(stream.name());
        Optional<String> plan = new PlanFiles(session.workspace(), clock).digest(key);
        requireHistory(stream, activity.events() > 0 || plan.isPresent());
        Optional<LiveScope> live = LiveScope.open(stages, plan)
                ? LiveScope.read(
                        session,
                        new CheckpointStore(session.workspace().checkpointsDir()),
                        session.reader(),
                        new PlanFiles(session.workspace(), clock).digests())
                : Optional.empty();
        return new StreamStatus(
                stream,
                activity,
                Optional.of(StageRules.of(key, stages, plan, live, TaskFiles.read(session.workspace(), key))),
                stages.operations(),
                brokenAt,
                Optional.empty());
    }

    private static void requireHistory(StreamId stream, boolean found) {
        if (!found) {
            String name = stream.isWorkspace() ? "the workspace" : "task " + stream;
            throw Failure.missing("no history for " + name, "wb status   (lists the tasks that have history)");
        }
    }

    private static <S> S state(StreamCursor<S> cursor, S empty) {
        return cursor == null ? empty : cursor.state();
    }
}
