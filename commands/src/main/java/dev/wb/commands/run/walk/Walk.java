package dev.wb.commands.run.walk;

import dev.wb.commands.config.WorkspaceConfig;
import dev.wb.commands.flow.FlowDefinition;
import dev.wb.commands.flow.FlowEdge;
import dev.wb.commands.flow.FlowNode;
import dev.wb.projections.events.WbEvent;
import dev.wb.projections.events.run.EdgeTaken;
import dev.wb.projections.events.run.NodeFinished;
import dev.wb.projections.events.run.RunBudgetExhausted;
import dev.wb.projections.events.run.RunFinished;
import dev.wb.projections.run.RunState;
import java.time.Duration;
import java.time.Instant;
import java.util.List;

/**
 * The walk's decisions, pure: the run's state (the fold of its task's stream) and what happened (a node's
 * outcome, the time now) in, the events to append out. No process, file or clock is read here: the driver
 * gathers those and appends what these return, so each rule is tested with no run at all (docs/RUNS.md).
 */
public final class Walk {

    /** The loop {@code run.budget_exhausted} names when the run's wall time limit is spent. */
    public static final String WALL = "wall_seconds";

    /** How a node's end bears on the run. */
    public enum Ending {
        /** The walk goes on: the node's edge is taken next. */
        GOES_ON,
        /** The node was killed because the run's wall time ran out. */
        WALL,
        /** The node needs a person (a crash, incomplete checks, a provider that failed, a publish stopped). */
        PERSON
    }

    private Walk() {}

    /** What is left of the run's wall time limit at {@code now}: the limit less the run's own time (parked time left out). */
    public static Duration wallLeft(RunState state, int wallSeconds, Instant now) {
        return Duration.ofSeconds(wallSeconds).minusMillis(state.wall().activeMillis(now));
    }

    /**
     * Before {@code node} starts: when the run's wall time is spent, the budget exhausted and the run ended
     * for a person (the node does not start); otherwise nothing.
     */
    public static List<WbEvent> beforeNode(RunState state, int wallSeconds, Instant now, String node) {
        Duration left = wallLeft(state, wallSeconds, now);
        if (left.isNegative() || left.isZero()) {
            return List.of(
                    new RunBudgetExhausted(WALL, wallSeconds),
                    new RunFinished(
                            RunFinished.Status.MANUAL,
                            "the run spent its wall time limit of " + wallSeconds + " s before '" + node + "'"));
        }
        return List.of();
    }

    /**
     * A node's end: its {@code node.finished}, and, when the node's end is the run's, what ends it (the wall
     * time spent while it ran, or a person's turn, with the node's reason).
     */
    public static List<WbEvent> nodeEnded(NodeFinished finished, Ending ending, int wallSeconds) {
        return switch (ending) {
            case GOES_ON -> List.of(finished);
            case WALL ->
                List.of(
                        finished,
                        new RunBudgetExhausted(WALL, wallSeconds),
                        new RunFinished(
                                RunFinished.Status.MANUAL,
                                "the run spent its wall time limit of " + wallSeconds + " s while '" + finished.node()
                                        + "' ran"));
            case PERSON ->
                List.of(
                        finished,
                        new RunFinished(
                                RunFinished.Status.MANUAL,
                                "node '" + finished.node() + "': "
                                        + finished.reason().orElse(finished.outcome())));
        };
    }

    /** The events of a step {@link Edges#next} decided: {@code edge.taken}; or the budget spent and the run ended; or the run's end. */
    public static List<WbEvent> events(Edges.Next next, String node) {
        if (next instanceof Edges.Take take) {
            return List.of(taken(take));
        }
        if (next instanceof Edges.Exhausted spent) {
            return List.of(
                    new RunBudgetExhausted(spent.loop(), spent.limit()),
                    new RunFinished(
                            RunFinished.Status.MANUAL,
                            "loop " + spent.loop() + " spent its budget of " + spent.limit() + " at '" + node + "'"));
        }
        Edges.End end = (Edges.End) next;
        return List.of(new RunFinished(end.status(), end.reason()));
    }

    /** The {@code edge.taken} of an edge followed: the loop it charges and that loop's count after it. */
    public static EdgeTaken taken(Edges.Take take) {
        FlowEdge e = take.edge();
        return new EdgeTaken(e.from(), e.to(), e.outcome(), take.loop(), take.counter());
    }

    /**
     * Whether a non-blocking evaluator's rework is recorded as an accept: its rework loop's budget is spent,
     * or this round is its {@code max_rework_per_stage}-th in the stage.
     */
    public static boolean acceptsRework(
            FlowDefinition flow, WorkspaceConfig config, RunState state, FlowNode node, String outcome) {
        return node.kind().equals("evaluator")
                && !node.blocking()
                && outcome.equals("rework")
                && (Edges.reworkSpent(flow, config, state, node.id())
                        || roundsInStage(state, node.id()) >= node.maxReworkPerStage());
    }

    /**
     * The node's rounds in this stage, the one now ending included: its finished runs since the current
     * subtask started (since the run started when it is not split), plus this one.
     */
    static int roundsInStage(RunState state, String id) {
        int mark = Math.min(state.subtasks().mark(), state.history().size());
        return 1
                + (int) state.history().subList(mark, state.history().size()).stream()
                        .filter(step -> step.node().equals(id))
                        .count();
    }

    /** The outcome a skipped node is recorded with: the one its kind passes with. */
    public static String skipped(String kind) {
        return switch (kind) {
            case "evaluator" -> "accept";
            case "checks", "tool" -> "pass";
            default -> "done";
        };
    }

    /** The flow's entry: the one node no edge leads to. */
    public static String entry(FlowDefinition flow) {
        return flow.nodes().stream()
                .map(FlowNode::id)
                .filter(id -> flow.edges().stream().noneMatch(e -> e.to().equals(id)))
                .findFirst()
                .orElseThrow();
    }
}
