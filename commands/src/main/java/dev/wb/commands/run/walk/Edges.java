package dev.wb.commands.run.walk;

import dev.wb.commands.config.WorkspaceConfig;
import dev.wb.commands.flow.FlowDefinition;
import dev.wb.commands.flow.FlowEdge;
import dev.wb.projections.events.run.RunFinished;
import dev.wb.projections.run.RunState;
import dev.wb.projections.run.RunSubtasks;
import java.util.List;
import java.util.Optional;

/**
 * Where a finished node goes: the first edge whose outcome is the node's, else its first unconditional
 * edge; a node with no edge out is the end of the flow. An edge that sends work back charges its loop
 * (the named {@code loop}, or the edge's own {@code budget}), clamped to {@code agents.max_fix_cycles}, and
 * the global backstop {@code agents.max_total_fix_iterations}; the step that would pass either is refused. Inside
 * a subtask, a charged edge also counts toward the decomposition's shared budget, clamped to the backstop.
 */
public final class Edges {

    /** What comes after a node. */
    public sealed interface Next permits Take, Exhausted, End {}

    /** Follow the edge; {@code loop} and its count after it, when it charges one. */
    public record Take(FlowEdge edge, Optional<String> loop, int counter) implements Next {}

    /** The loop's budget is spent. */
    public record Exhausted(String loop, int limit) implements Next {}

    /** The run ends here. */
    public record End(RunFinished.Status status, String reason) implements Next {}

    public static final String GLOBAL = "fix_iterations";

    private Edges() {}

    public static Next next(FlowDefinition flow, WorkspaceConfig config, RunState state, String node, String outcome) {
        List<FlowEdge> out =
                flow.edges().stream().filter(e -> e.from().equals(node)).toList();
        if (out.isEmpty()) {
            boolean good = outcome.equals("pass")
                    || outcome.equals("accept")
                    || outcome.equals("done")
                    || outcome.startsWith("route:");
            return new End(
                    good ? RunFinished.Status.DONE : RunFinished.Status.FAILED,
                    "the flow ended at '" + node + "' with " + outcome);
        }
        Optional<FlowEdge> edge = out.stream()
                .filter(e -> e.outcome().equals(Optional.of(outcome)))
                .findFirst()
                .or(() -> out.stream().filter(e -> e.outcome().isEmpty()).findFirst());
        if (edge.isEmpty()) {
            return new End(RunFinished.Status.FAILED, "no edge leaves '" + node + "' on " + outcome);
        }
        FlowEdge e = edge.get();
        if (!e.bounded()) {
            return new Take(e, Optional.empty(), 0);
        }
        String loop = loop(e);
        int limit = limit(flow, config, e);
        int counter = state.counter(loop) + 1;
        if (counter > limit) {
            return new Exhausted(loop, limit);
        }
        RunSubtasks sub = state.subtasks();
        if (sub.active()
                && sub.sharedBudget().isPresent()
                && !sub.sharedBudget().get().equals(loop)) {
            String shared = sub.sharedBudget().get();
            int sharedLimit = Math.min(
                    flow.budgets().getOrDefault(shared, 0), config.agents().maxTotalFixIterations());
            if (state.counter(shared) + 1 > sharedLimit) {
                return new Exhausted(shared, sharedLimit);
            }
        }
        if (state.fixIterations() + 1 > config.agents().maxTotalFixIterations()) {
            return new Exhausted(GLOBAL, config.agents().maxTotalFixIterations());
        }
        return new Take(e, Optional.of(loop), counter);
    }

    /** The name a bounded edge's count is kept under. */
    public static String loop(FlowEdge e) {
        return e.loop().orElse("inline:" + e.from() + "->" + e.to());
    }

    /** The loop's budget: the flow's (named or inline), clamped to {@code agents.max_fix_cycles}. */
    public static int limit(FlowDefinition flow, WorkspaceConfig config, FlowEdge e) {
        int declared = e.loop()
                .map(l -> flow.budgets().getOrDefault(l, 0))
                .or(() -> e.budget())
                .orElse(0);
        return Math.min(declared, config.agents().maxFixCycles());
    }

    /** Whether a rework from this node would find its budget spent (a non-blocking evaluator then accepts). */
    public static boolean reworkSpent(FlowDefinition flow, WorkspaceConfig config, RunState state, String node) {
        return next(flow, config, state, node, "rework") instanceof Exhausted;
    }
}
