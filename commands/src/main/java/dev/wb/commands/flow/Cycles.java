package dev.wb.commands.flow;

import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.Deque;
import java.util.HashMap;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;

/**
 * The cycles of a directed graph, one a strongly connected component (Tarjan), each listed from its first
 * node in the graph's order: enough to name every loop a flow has without listing each loop's variants.
 * The walk keeps its own stack instead of recursing, so a flow of thousands of chained nodes is checked,
 * not a {@link StackOverflowError}.
 */
final class Cycles {

    private final Map<String, List<String>> next;
    private final Map<String, Integer> index = new HashMap<>();
    private final Map<String, Integer> low = new HashMap<>();
    private final Deque<String> stack = new ArrayDeque<>();
    private final Set<String> onStack = new HashSet<>();
    private final List<List<String>> cycles = new ArrayList<>();
    private int counter;

    /** A node being visited and how many of its successors the walk has taken so far. */
    private static final class Frame {
        final String node;
        int taken;

        Frame(String node) {
            this.node = node;
        }
    }

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
        Map<String, Integer> order = new HashMap<>();
        next.keySet().forEach(node -> order.put(node, order.size()));
        Comparator<String> byOrder = Comparator.comparingInt(order::get);
        c.cycles.forEach(cycle -> cycle.sort(byOrder));
        c.cycles.sort(Comparator.comparing(cycle -> cycle.get(0), byOrder));
        return c.cycles;
    }

    /** Tarjan's depth-first visit from {@code root}, with the call stack kept in {@code frames}. */
    private void visit(String root) {
        Deque<Frame> frames = new ArrayDeque<>();
        enter(root, frames);
        while (!frames.isEmpty()) {
            Frame frame = frames.peek();
            List<String> successors = next.get(frame.node);
            if (frame.taken < successors.size()) {
                String n = successors.get(frame.taken++);
                if (!index.containsKey(n)) {
                    enter(n, frames);
                } else if (onStack.contains(n)) {
                    low.put(frame.node, Math.min(low.get(frame.node), index.get(n)));
                }
                continue;
            }
            frames.pop();
            if (!frames.isEmpty()) {
                String parent = frames.peek().node;
                low.put(parent, Math.min(low.get(parent), low.get(frame.node)));
            }
            if (low.get(frame.node).equals(index.get(frame.node))) {
                component(frame.node);
            }
        }
    }

    private void enter(String node, Deque<Frame> frames) {
        index.put(node, counter);
        low.put(node, counter);
        counter++;
        stack.push(node);
        onStack.add(node);
        frames.push(new Frame(node));
    }

    /** Pops the component rooted at {@code node}; keeps it when it holds a cycle. */
    private void component(String node) {
        List<String> component = new ArrayList<>();
        String n;
        do {
            n = stack.pop();
            onStack.remove(n);
            component.add(n);
        } while (!n.equals(node));
        if (component.size() > 1 || next.get(node).contains(node)) {
            cycles.add(component);
        }
    }
}
