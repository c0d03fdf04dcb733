package dev.wb.projections.run;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.wb.engine.EventEnvelope;
import dev.wb.projections.Projection;
import dev.wb.projections.events.run.EdgeTaken;
import dev.wb.projections.events.run.NodeFinished;
import dev.wb.projections.events.run.NodeLaunched;
import dev.wb.projections.events.run.NodeStarted;
import dev.wb.projections.events.run.RunAnswered;
import dev.wb.projections.events.run.RunDecomposed;
import dev.wb.projections.events.run.RunFinished;
import dev.wb.projections.events.run.RunParked;
import dev.wb.projections.events.run.RunStarted;
import dev.wb.projections.events.run.SubtaskFinished;
import dev.wb.projections.events.run.SubtaskStarted;
import java.math.BigDecimal;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;

/**
 * A task's run, folded ({@link RunState}): what {@code wb run} resumes from and {@code wb status}
 * shows. A {@code run.started} begins a fresh run; {@code run.budget_exhausted} changes nothing here
 * (the {@code run.finished} after it does). The run's wall time is the events' own timestamps: from
 * {@code run.started}'s, less each {@code run.parked} to {@code run.answered}.
 */
public final class RunProjection implements Projection<RunState> {

    public static final RunProjection INSTANCE = new RunProjection();

    private RunProjection() {}

    @Override
    public String name() {
        return "run";
    }

    @Override
    public int version() {
        return 5; // 2: cost and the wall clock (started, parked time, limit); 3: session lineages; 4: node.launched,
        // the run's end; 5: subtasks
    }

    @Override
    public RunState initialState() {
        return RunState.EMPTY;
    }

    @Override
    public RunState evolve(RunState s, EventEnvelope event) {
        if (RunStarted.TYPE.matches(event)) {
            return started(s, event);
        }
        if (NodeStarted.TYPE.matches(event)
                || NodeLaunched.TYPE.matches(event)
                || NodeFinished.TYPE.matches(event)
                || EdgeTaken.TYPE.matches(event)) {
            return node(s, event);
        }
        if (RunDecomposed.TYPE.matches(event)
                || SubtaskStarted.TYPE.matches(event)
                || SubtaskFinished.TYPE.matches(event)) {
            return subtask(s, event);
        }
        if (RunParked.TYPE.matches(event) || RunAnswered.TYPE.matches(event) || RunFinished.TYPE.matches(event)) {
            return waitOrEnd(s, event);
        }
        return s;
    }

    /** A fresh run: the flow it follows and its start, nothing else carried over but the count of runs. */
    private static RunState started(RunState s, EventEnvelope event) {
        RunStarted started = RunStarted.TYPE.read(event);
        RunState.Flow flow =
                new RunState.Flow(started.flow(), started.flowDigest(), started.configDigest(), started.taskType());
        RunState.Wall wall = new RunState.Wall(
                Optional.of(event.time()), 0, Optional.empty(), started.maxSeconds(), Optional.empty());
        return new RunState(
                s.runs() + 1,
                RunState.RUNNING,
                Optional.of(flow),
                RunState.Position.NONE,
                RunState.Tally.NONE,
                new RunState.Spend(0, BigDecimal.ZERO, wall),
                Map.of(),
                RunSubtasks.NONE);
    }

    /** A node's start, its process, its end (with what it spent) and the edge taken after it. */
    private static RunState node(RunState s, EventEnvelope event) {
        if (NodeStarted.TYPE.matches(event)) {
            NodeStarted started = NodeStarted.TYPE.read(event);
            Map<String, Integer> attempts = new HashMap<>(s.attempts());
            attempts.merge(started.node(), 1, Integer::sum);
            RunState.InFlight inFlight = new RunState.InFlight(
                    started.node(),
                    started.kind().wireName(),
                    started.attempt(),
                    started.pid(),
                    started.boot(),
                    Optional.empty());
            return with(s, RunState.RUNNING, Optional.of(started.node()), Optional.of(inFlight), Optional.empty())
                    .attempts(attempts)
                    .parked(Optional.empty())
                    .build();
        }
        if (NodeLaunched.TYPE.matches(event)) {
            NodeLaunched launched = NodeLaunched.TYPE.read(event);
            return s.inFlight()
                    .filter(f -> f.node().equals(launched.node()) && f.attempt() == launched.attempt())
                    .map(f -> new RunStateBuilder(s)
                            .inFlight(Optional.of(f.launched(
                                    new RunState.Child(launched.pid(), launched.group(), launched.started()))))
                            .build())
                    .orElse(s);
        }
        if (NodeFinished.TYPE.matches(event)) {
            return finished(s, NodeFinished.TYPE.read(event));
        }
        return edge(s, EdgeTaken.TYPE.read(event));
    }

    /** A node's end: its step in the history, what it spent, and the session it used. */
    private static RunState finished(RunState s, NodeFinished finished) {
        List<RunState.Step> history = new ArrayList<>(s.history());
        history.add(new RunState.Step(finished.node(), finished.outcome(), finished.durationMs()));
        long tokens =
                s.tokens() + finished.usage().map(NodeFinished.Usage::tokens).orElse(0L);
        BigDecimal cost = s.cost()
                .add(finished.usage().flatMap(NodeFinished.Usage::amount).orElse(BigDecimal.ZERO));
        return with(s, s.status(), Optional.of(finished.node()), Optional.empty(), Optional.of(finished.outcome()))
                .history(history)
                .tokens(tokens)
                .cost(cost)
                .lineages(finished.session()
                        .map(session -> lineages(s.lineages(), finished.node(), session))
                        .orElse(s.lineages()))
                .build();
    }

    /** An edge taken: the next node, and a loop's count (with the subtasks' shared budget) when it loops. */
    private static RunState edge(RunState s, EdgeTaken edge) {
        Map<String, Integer> counters = new HashMap<>(s.counters());
        int fix = s.fixIterations();
        if (edge.loop().isPresent()) {
            counters.put(edge.loop().get(), edge.counter());
            fix++;
            RunSubtasks sub = s.subtasks();
            if (sub.active()
                    && sub.sharedBudget().isPresent()
                    && !sub.sharedBudget().get().equals(edge.loop().get())) {
                counters.merge(sub.sharedBudget().get(), 1, Integer::sum);
            }
        }
        return with(s, s.status(), Optional.of(edge.to()), Optional.empty(), Optional.empty())
                .counters(counters)
                .fixIterations(fix)
                .build();
    }

    /** The run's decomposition, and each subtask's start (fresh loop counts but the shared budget) and end. */
    private static RunState subtask(RunState s, EventEnvelope event) {
        if (RunDecomposed.TYPE.matches(event)) {
            return new RunStateBuilder(s)
                    .subtasks(RunSubtasks.decided(RunDecomposed.TYPE.read(event)))
                    .build();
        }
        if (SubtaskStarted.TYPE.matches(event)) {
            SubtaskStarted started = SubtaskStarted.TYPE.read(event);
            Map<String, Integer> counters = new HashMap<>();
            s.subtasks().sharedBudget().filter(s.counters()::containsKey).ifPresent(b -> counters.put(b, s.counter(b)));
            return with(s, s.status(), Optional.of(started.node()), Optional.empty(), Optional.empty())
                    .counters(counters)
                    .subtasks(s.subtasks().started(started.order(), s.history().size()))
                    .build();
        }
        SubtaskFinished finished = SubtaskFinished.TYPE.read(event);
        return new RunStateBuilder(s)
                .subtasks(s.subtasks()
                        .finished(new RunSubtasks.Finished(finished.order(), finished.head(), finished.changedPaths())))
                .build();
    }

    /** A run parked for a person, answered, or ended: its status, why, and its wall time. */
    private static RunState waitOrEnd(RunState s, EventEnvelope event) {
        if (RunParked.TYPE.matches(event)) {
            RunParked parked = RunParked.TYPE.read(event);
            return with(s, RunState.PARKED, Optional.of(parked.node()), Optional.empty(), s.pending())
                    .parked(Optional.of(
                            new RunState.Parked(parked.reason().wireName(), parked.node(), parked.question())))
                    .answer(Optional.empty())
                    .wall(s.wall().parked(event.time()))
                    .build();
        }
        if (RunAnswered.TYPE.matches(event)) {
            return with(s, RunState.RUNNING, s.node(), s.inFlight(), s.pending())
                    .parked(Optional.empty())
                    .answer(Optional.of(RunAnswered.TYPE.read(event).answer()))
                    .wall(s.wall().answered(event.time()))
                    .build();
        }
        RunFinished finished = RunFinished.TYPE.read(event);
        return with(s, finished.status().wireName(), Optional.empty(), Optional.empty(), Optional.empty())
                .parked(Optional.empty())
                .reason(Optional.of(finished.reason()))
                .wall(s.wall().ended(event.time()))
                .build();
    }

    /**
     * The lineages after a node's session: a turn on the lineage's session adds the node to those that spoke
     * on it; a new session replaces it; a session whose id the provider did not tell leaves the lineage none.
     */
    private static Map<String, RunState.Lineage> lineages(
            Map<String, RunState.Lineage> before, String node, NodeFinished.Session session) {
        Map<String, RunState.Lineage> out = new HashMap<>(before);
        if (session.id().isEmpty()) {
            out.remove(session.lineage());
            return out;
        }
        RunState.Lineage was = before.get(session.lineage());
        List<String> spoken = new ArrayList<>();
        if (was != null
                && was.session().equals(session.id().get())
                && was.provider().equals(session.provider())) {
            spoken.addAll(was.spoken());
        }
        if (!spoken.contains(node)) {
            spoken.add(node);
        }
        out.put(
                session.lineage(),
                new RunState.Lineage(session.provider(), session.id().get(), spoken));
        return out;
    }

    private static RunStateBuilder with(
            RunState s,
            String status,
            Optional<String> node,
            Optional<RunState.InFlight> inFlight,
            Optional<String> pending) {
        return new RunStateBuilder(s)
                .status(status)
                .node(node)
                .inFlight(inFlight)
                .pending(pending);
    }

    @Override
    public JsonNode toJson(RunState state) {
        return RunStateJson.write(state);
    }

    @Override
    public RunState fromJson(JsonNode json) {
        if (!(json instanceof ObjectNode)) {
            throw new IllegalArgumentException("not a run state: not an object");
        }
        return RunStateJson.read(json);
    }
}
