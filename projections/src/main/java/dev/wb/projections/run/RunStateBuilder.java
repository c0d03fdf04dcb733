package dev.wb.projections.run;

import java.math.BigDecimal;
import java.util.List;
import java.util.Map;
import java.util.Optional;

/** A copy of a {@link RunState} with some parts changed, for the fold. */
final class RunStateBuilder {

    private final int runs;
    private final Optional<RunState.Flow> flow;
    private String status;
    private Optional<String> node;
    private Optional<RunState.InFlight> inFlight;
    private Optional<String> pending;
    private Map<String, Integer> counters;
    private int fixIterations;
    private Map<String, Integer> attempts;
    private List<RunState.Step> history;
    private Optional<RunState.Parked> parked;
    private Optional<String> answer;
    private Optional<String> reason;
    private long tokens;
    private BigDecimal cost;
    private RunState.Wall wall;
    private Map<String, RunState.Lineage> lineages;
    private RunSubtasks subtasks;

    RunStateBuilder(RunState s) {
        runs = s.runs();
        flow = s.flow();
        status = s.status();
        node = s.node();
        inFlight = s.inFlight();
        pending = s.pending();
        counters = s.counters();
        fixIterations = s.fixIterations();
        attempts = s.attempts();
        history = s.history();
        parked = s.parked();
        answer = s.answer();
        reason = s.reason();
        tokens = s.tokens();
        cost = s.cost();
        wall = s.wall();
        lineages = s.lineages();
        subtasks = s.subtasks();
    }

    RunStateBuilder status(String value) {
        status = value;
        return this;
    }

    RunStateBuilder node(Optional<String> value) {
        node = value;
        return this;
    }

    RunStateBuilder inFlight(Optional<RunState.InFlight> value) {
        inFlight = value;
        return this;
    }

    RunStateBuilder pending(Optional<String> value) {
        pending = value;
        return this;
    }

    RunStateBuilder counters(Map<String, Integer> value) {
        counters = value;
        return this;
    }

    RunStateBuilder fixIterations(int value) {
        fixIterations = value;
        return this;
    }

    RunStateBuilder attempts(Map<String, Integer> value) {
        attempts = value;
        return this;
    }

    RunStateBuilder history(List<RunState.Step> value) {
        history = value;
        return this;
    }

    RunStateBuilder parked(Optional<RunState.Parked> value) {
        parked = value;
        return this;
    }

    RunStateBuilder answer(Optional<String> value) {
        answer = value;
        return this;
    }

    RunStateBuilder reason(Optional<String> value) {
        reason = value;
        return this;
    }

    RunStateBuilder tokens(long value) {
        tokens = value;
        return this;
    }

    RunStateBuilder cost(BigDecimal value) {
        cost = value;
        return this;
    }

    RunStateBuilder wall(RunState.Wall value) {
        wall = value;
        return this;
    }

    RunStateBuilder lineages(Map<String, RunState.Lineage> value) {
        lineages = value;
        return this;
    }

    RunStateBuilder subtasks(RunSubtasks value) {
        subtasks = value;
        return this;
    }

    RunState build() {
        return new RunState(
                runs,
                status,
                flow,
                new RunState.Position(node, inFlight, pending, parked, answer, reason),
                new RunState.Tally(counters, fixIterations, attempts, history),
                new RunState.Spend(tokens, cost, wall),
                lineages,
                subtasks);
    }
}
