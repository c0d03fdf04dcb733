package dev.wb.commands.judge.core;

import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.wb.engine.json.CanonicalJson;
import java.util.ArrayList;
import java.util.List;
import java.util.OptionalInt;
import java.util.function.Supplier;

/**
 * {@code --timings}: one diagnostic JSON line on stderr ({@code "type": "judge-timings"}) with the
 * operation's total and its observable phases, each {@code phase}, {@code elapsedMs} and
 * {@code status}, validation commands with their 1-based {@code commandIndex}. Monotonic clock;
 * nested phases are inclusive. No path, content, environment value or command text is ever in it:
 * only the fixed phase names below. Nothing is saved or sent.
 */
public final class Timings {

    /** Measures nothing: the default, when {@code --timings} was not given. */
    public static final Timings OFF = new Timings("off");

    private record Phase(String name, long elapsedMs, String status, OptionalInt commandIndex) {}

    private final String operation;
    private final long start = System.nanoTime();
    private final List<Phase> phases = new ArrayList<>();

    public Timings(String operation) {
        this.operation = operation;
    }

    public boolean on() {
        return this != OFF;
    }

    public <T> T phase(String name, Supplier<T> work) {
        return measure(name, OptionalInt.empty(), work);
    }

    public void phase(String name, Runnable work) {
        measure(name, OptionalInt.empty(), () -> {
            work.run();
            return null;
        });
    }

    public <T> T command(int index, Supplier<T> work) {
        return measure("command", OptionalInt.of(index), work);
    }

    /** Records a phase measured elsewhere (a command's own duration, say). */
    public synchronized void record(String name, long elapsedMs, String status, OptionalInt commandIndex) {
        if (on()) {
            phases.add(new Phase(name, elapsedMs, status, commandIndex));
        }
    }

    private <T> T measure(String name, OptionalInt index, Supplier<T> work) {
        if (!on()) {
            return work.get();
        }
        long t0 = System.nanoTime();
        String status = "failed";
        try {
            T result = work.get();
            status = "ok";
            return result;
        } finally {
            record(name, (System.nanoTime() - t0) / 1_000_000, status, index);
        }
    }

    /** The one line, with the operation's status ({@code ok}, or what it ended as). */
    public synchronized String line(String status) {
        ObjectNode node = CanonicalJson.objectNode();
        node.put("type", "judge-timings");
        node.put("operation", operation);
        node.put("inclusive", true);
        node.put("elapsedMs", (System.nanoTime() - start) / 1_000_000);
        node.put("status", status);
        ArrayNode list = node.putArray("phases");
        for (Phase phase : phases) {
            ObjectNode p = list.addObject();
            p.put("phase", phase.name());
            p.put("elapsedMs", phase.elapsedMs());
            p.put("status", phase.status());
            phase.commandIndex().ifPresent(i -> p.put("commandIndex", i));
        }
        return CanonicalJson.text(node, false);
    }
}
