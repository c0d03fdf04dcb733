package dev.wb.cli.status;

import dev.wb.cli.core.Console;
import dev.wb.commands.Session;
import dev.wb.engine.StreamId;
import dev.wb.projections.Folds;
import dev.wb.projections.run.RunProjection;
import dev.wb.projections.run.RunState;
import java.util.Map;
import java.util.TreeMap;
import java.util.stream.Collectors;

/** {@code wb status KEY}'s lines about the task's run ({@code wb run}), when it has one: status, node, counters. */
final class RunLines {

    private RunLines() {}

    static void print(Console console, Session session, StreamId stream) {
        RunState run = Folds.foldStream(RunProjection.INSTANCE, session.reader(), stream);
        if (run.runs() == 0) {
            return;
        }
        console.line("  run:           " + run.status()
                + run.flow()
                        .map(f -> " (flow " + f.name() + ", run " + run.runs() + ")")
                        .orElse("")
                + run.reason().map(r -> " — " + r).orElse(""));
        run.node()
                .ifPresent(n -> console.line("  run node:      " + n
                        + run.inFlight()
                                .map(f -> " (in flight, attempt " + f.attempt() + ", pid " + f.pid() + ")")
                                .orElse("")
                        + run.parked()
                                .map(p -> " (parked: " + p.reason()
                                        + p.question().map(q -> ": " + q).orElse("") + ")")
                                .orElse("")));
        Map<String, Integer> counters = new TreeMap<>(run.counters());
        console.line("  run counters:  fix_iterations " + run.fixIterations()
                + (counters.isEmpty()
                        ? ""
                        : ", "
                                + counters.entrySet().stream()
                                        .map(e -> e.getKey() + " " + e.getValue())
                                        .collect(Collectors.joining(", ")))
                + " · " + run.history().size() + " node(s) finished"
                + (run.tokens() > 0 ? " · " + run.tokens() + " tokens" : ""));
    }
}
