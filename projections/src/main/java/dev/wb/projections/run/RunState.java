package dev.wb.projections.run;

import com.google.common.collect.ImmutableList;
import com.google.common.collect.ImmutableMap;
import java.math.BigDecimal;
import java.time.Duration;
import java.time.Instant;
import java.util.List;
import java.util.Map;
import java.util.Optional;

/**
 * Where a task's run stands, folded from its {@code run.*}, {@code node.*} and {@code edge.taken}
 * events ({@link RunProjection}).
 *
 * @param runs how many runs the stream started
 * @param status {@code new} (no run), {@code running}, {@code parked}, {@code done}, {@code failed} or
 *     {@code manual_action_required}
 * @param flow the current run's flow and its digest (empty before the first run)
 * @param position where the run is: its node, what is in flight or pending, why it waits, how it ended
 * @param tally what the run has counted: loops, fix rounds, attempts, and its finished nodes
 * @param spend what the run used: provider tokens and cost, and its wall time
 * @param lineages each session lineage's latest provider session in this run, by the lineage's owner node
 * @param subtasks the run's decomposition into subtasks, when its flow has one ({@link RunSubtasks#NONE} else)
 */
public record RunState(
        int runs,
        String status,
        Optional<Flow> flow,
        Position position,
        Tally tally,
        Spend spend,
        Map<String, Lineage> lineages,
        RunSubtasks subtasks) {

    public static final String NEW = "new";
    public static final String RUNNING = "running";
    public static final String PARKED = "parked";

    public static final RunState EMPTY =
            new RunState(0, NEW, Optional.empty(), Position.NONE, Tally.NONE, Spend.NONE, Map.of(), RunSubtasks.NONE);

    /**
     * Where a run is.
     *
     * @param node the node the run is at: in flight, parked at, or about to start; empty when ended
     * @param inFlight the node started and not finished, with the process that drives it
     * @param pending a node finished whose edge is not yet taken: its outcome
     * @param parked why the run waits for a person, while it does
     * @param answer a person's answer not yet used by the node that asked
     * @param reason the run's end, in words, once it ended
     */
    public record Position(
            Optional<String> node,
            Optional<InFlight> inFlight,
            Optional<String> pending,
            Optional<Parked> parked,
            Optional<String> answer,
            Optional<String> reason) {
        public static final Position NONE = new Position(
                Optional.empty(),
                Optional.empty(),
                Optional.empty(),
                Optional.empty(),
                Optional.empty(),
                Optional.empty());
    }

    /**
     * What a run has counted so far.
     *
     * @param counters each loop's count in this run
     * @param fixIterations every fix round of this run, the global backstop's count
     * @param attempts how many times each node was started in this run
     * @param history each finished node in order: node, outcome, duration
     */
    public record Tally(
            Map<String, Integer> counters, int fixIterations, Map<String, Integer> attempts, List<Step> history) {
        public static final Tally NONE = new Tally(Map.of(), 0, Map.of(), List.of());

        public Tally {
            counters = ImmutableMap.copyOf(counters);
            attempts = ImmutableMap.copyOf(attempts);
            history = ImmutableList.copyOf(history);
        }
    }

    /**
     * What a run used.
     *
     * @param tokens the provider tokens this run's nodes reported, summed
     * @param cost the provider costs this run's nodes reported (those that read as decimals), summed exactly
     * @param wall the run's own time, from its events' timestamps: when it started, how long it was parked, when
     *     it ended
     */
    public record Spend(long tokens, BigDecimal cost, Wall wall) {
        public static final Spend NONE = new Spend(0, BigDecimal.ZERO, Wall.NONE);
    }

    /**
     * The run's wall time, from its events' own timestamps: {@code run.started}'s time, the time parked
     * for a person (each {@code run.parked} to its {@code run.answered}), and the limit the run started with.
     */
    public record Wall(
            Optional<Instant> started,
            long parkedMs,
            Optional<Instant> parkedSince,
            Optional<Integer> limit,
            Optional<Instant> ended) {
        public static final Wall NONE =
                new Wall(Optional.empty(), 0, Optional.empty(), Optional.empty(), Optional.empty());

        /**
         * The run's time until {@code now} (an ended run's: until its {@code run.finished}), the time parked
         * for a person left out (0 before a run started).
         */
        public long activeMillis(Instant now) {
            if (started.isEmpty()) {
                return 0;
            }
            Instant until = ended.orElse(now);
            long parked = parkedMs
                    + parkedSince
                            .map(p -> Math.max(0, Duration.between(p, until).toMillis()))
                            .orElse(0L);
            return Math.max(0, Duration.between(started.get(), until).toMillis() - parked);
        }

        /** An ended run's duration, from {@code run.started} to {@code run.finished}, parked time included. */
        public Optional<Duration> duration() {
            return started.flatMap(s -> ended.map(e -> Duration.between(s, e)));
        }

        Wall parked(Instant at) {
            return new Wall(started, parkedMs, Optional.of(at), limit, ended);
        }

        Wall ended(Instant at) {
            return new Wall(started, parkedMs, parkedSince, limit, Optional.of(at));
        }

        Wall answered(Instant at) {
            long more = parkedSince
                    .map(p -> Math.max(0, Duration.between(p, at).toMillis()))
                    .orElse(0L);
            return new Wall(started, parkedMs + more, Optional.empty(), limit, ended);
        }
    }

    /** The flow a run follows, as it was when the run started. */
    public record Flow(String name, String digest, String configDigest, String taskType) {}

    /** A node started and not finished: a crash, or a run still going in another process. */
    public record InFlight(
            String node, String kind, int attempt, long pid, Optional<String> boot, Optional<Child> child) {
        /** The node's own process, once {@code node.launched} named it. */
        public InFlight launched(Child launched) {
            return new InFlight(node, kind, attempt, pid, boot, Optional.of(launched));
        }
    }

    /**
     * The process a node started ({@code node.launched}): its pid, its process group when it has one of its
     * own, and when it started (which tells it from another process given the same pid later).
     */
    public record Child(long pid, Optional<Long> group, Optional<Instant> started) {}

    /** One finished node. */
    public record Step(String node, String outcome, long durationMs) {}

    /**
     * A lineage's latest session: the provider it belongs to, its id, and the nodes that have had a turn on it
     * (whose continuation prompt, {@code resume_role_file}, may then be used).
     */
    public record Lineage(String provider, String session, List<String> spoken) {
        public Lineage {
            spoken = ImmutableList.copyOf(spoken);
        }
    }

    /** Why a run waits. */
    public record Parked(String reason, String node, Optional<String> question) {}

    public RunState {
        lineages = ImmutableMap.copyOf(lineages);
    }

    /** Whether a run was started and has not ended (it may be parked or in flight). */
    public boolean active() {
        return status.equals(RUNNING) || status.equals(PARKED);
    }

    /** A node's count of starts in this run. */
    public int attempts(String node) {
        return attempts().getOrDefault(node, 0);
    }

    /** A loop's count in this run. */
    public int counter(String loop) {
        return counters().getOrDefault(loop, 0);
    }

    /** The node the run is at ({@link Position#node}). */
    public Optional<String> node() {
        return position.node();
    }

    /** The node in flight ({@link Position#inFlight}). */
    public Optional<InFlight> inFlight() {
        return position.inFlight();
    }

    /** The outcome whose edge is not yet taken ({@link Position#pending}). */
    public Optional<String> pending() {
        return position.pending();
    }

    /** Why the run waits ({@link Position#parked}). */
    public Optional<Parked> parked() {
        return position.parked();
    }

    /** A person's answer not yet used ({@link Position#answer}). */
    public Optional<String> answer() {
        return position.answer();
    }

    /** The run's end, in words ({@link Position#reason}). */
    public Optional<String> reason() {
        return position.reason();
    }

    /** Each loop's count ({@link Tally#counters}). */
    public Map<String, Integer> counters() {
        return tally.counters();
    }

    /** The fix rounds ({@link Tally#fixIterations}). */
    public int fixIterations() {
        return tally.fixIterations();
    }

    /** Each node's starts ({@link Tally#attempts}). */
    public Map<String, Integer> attempts() {
        return tally.attempts();
    }

    /** The finished nodes ({@link Tally#history}). */
    public List<Step> history() {
        return tally.history();
    }

    /** The tokens reported ({@link Spend#tokens}). */
    public long tokens() {
        return spend.tokens();
    }

    /** The cost reported ({@link Spend#cost}). */
    public BigDecimal cost() {
        return spend.cost();
    }

    /** The run's wall time ({@link Spend#wall}). */
    public Wall wall() {
        return spend.wall();
    }
}
