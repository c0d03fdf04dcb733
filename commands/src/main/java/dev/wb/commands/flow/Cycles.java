package dev.wb.commands.flow;

import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.Deque;
import java.util.HashMap;
import java.util.List;
import java.util.Map;

/**
 * The cycles of a small directed graph, one a strongly connected component (Tarjan), each listed from its
 * first node in the graph's order: enough to name every loop a flow has without listing each loop's
 * variants.
 */
final class Cycles {

    private final Map<String, List<String>> next;
    private final Map<String, Integer> index = new HashMap<>();
    private final Map<String, Integer> low = new HashMap<>();
    private final Deque<String> stack = new ArrayDeque<>();
    private final List<List<String>> cycles = new ArrayList<>();
    private int counter;

    private Cycles(Map<String, List<String>> next) {
        this.next = next;
    }

    /** Each component with a cycle, as its nodes in the graph's order. */
    static List<List<String>> of(Map<String, List<String>> next) {
        Cycles c = new Cycles(next);
        for (String node : next.keySet()) {
            if (!c.index.containsKey(node)) {
                c.visit(node);
            }
        }
        List<String> order = new ArrayList<>(next.keySet());
        c.cycles.forEach(cycle -> cycle.sort((a, b) -> order.indexOf(a) - order.indexOf(b)));
        c.cycles.sort((a, b) -> order.indexOf(a.get(0)) - order.indexOf(b.get(0)));
        return c.cycles;
    }

    private void visit(String node) {
        index.put(node, counter);
        low.put(node, counter);
        counter++;
        stack.push(node);
        for (String n : next.get(node)) {
            if (!index.containsKey(n)) {
                visit(n);
                low.put(node, Math.min(low.get(node), low.get(n)));
            } else if (stack.contains(n)) {
                low.put(node, Math.min(low.get(node), index.get(n)));
            }
        }
        if (low.get(node).equals(index.get(node))) {
            List<String> component = new ArrayList<>();
            String n;
            do {
                n = stack.pop();
                component.add(n);
            } while (!n.equals(node));
            if (component.size() > 1 || next.get(node).contains(node)) {
                cycles.add(component);
            }
        }
    }
}
