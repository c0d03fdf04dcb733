package dev.wb.commands.flow;

import java.util.Optional;

/**
 * One edge {@code {from, to, outcome?, budget?, loop?}}. A {@code rework} or {@code fail} edge sends work
 * back and is bounded by its inline {@code budget} or by the named {@code loop} under the flow's {@code budgets:}.
 *
 * @param index the edge's place in {@code edges}, from 0
 */
public record FlowEdge(
        int index,
        int line,
        String from,
        String to,
        Optional<String> outcome,
        Optional<Integer> budget,
        Optional<String> loop) {

    public boolean loopsBack() {
        return outcome.isPresent() && FlowVocabulary.LOOP_OUTCOMES.contains(outcome.get());
    }

    public boolean bounded() {
        return budget.isPresent() || loop.isPresent();
    }

    public boolean routed() {
        return outcome.isPresent() && outcome.get().startsWith(FlowVocabulary.ROUTE);
    }

    public String label() {
        return "edge " + from + " -> " + to + outcome.map(o -> " (" + o + ")").orElse("");
    }
}
