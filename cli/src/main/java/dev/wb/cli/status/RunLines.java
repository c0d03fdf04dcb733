package dev.wb.cli.status;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.NullNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.wb.cli.core.Console;
import dev.wb.commands.Session;
import dev.wb.engine.StreamId;
import dev.wb.engine.json.CanonicalJson;
import dev.wb.engine.text.TerminalText;
import dev.wb.projections.Folds;
import dev.wb.projections.run.RunProjection;
import dev.wb.projections.run.RunState;
import java.time.Instant;
import java.util.Map;
import java.util.TreeMap;
import java.util.stream.Collectors;

/** {@code wb status KEY}'s lines about the task's run ({@code wb run}), when it has one: status, node, counters, usage. */
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
                + (run.subtasks().current() > 0
                        ? " · subtask=" + run.subtasks().current() + "/"
                                + run.subtasks().count()
                        : "")
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
                + (run.tokens() > 0 ? " · " + run.tokens() + " tokens" : "")
                + (run.cost().signum() != 0 ? " · cost " + run.cost().toPlainString() : "")
                + wall(run));
        if (!run.lineages().isEmpty()) {
            console.line("  run sessions:  "
                    + new TreeMap<>(run.lineages())
                            .entrySet().stream()
                                    .map(e -> TerminalText.escape(
                                            e.getKey() + " " + e.getValue().provider() + " "
                                                    + e.getValue().session()))
                                    .collect(Collectors.joining(", ")));
        }
    }

    /** While the run goes, its time used of its limit; once it ended, its time (parked time left out) and duration. */
    private static String wall(RunState run) {
        long active = run.wall().activeMillis(Instant.now()) / 1000;
        if (run.active()) {
            return run.wall()
                    .limit()
                    .map(l -> " · wall " + active + " of " + l + " s")
                    .orElse("");
        }
        return run.wall()
                .duration()
                .map(d -> " · took " + active + " s (" + d.toSeconds() + " s in all, parked time included)")
                .orElse("");
    }

    /** The run as {@code wb status KEY --json}'s {@code run}: where it stands, its counters, its usage; null with none. */
    static JsonNode json(Session session, StreamId stream) {
        RunState run = Folds.foldStream(RunProjection.INSTANCE, session.reader(), stream);
        if (run.runs() == 0) {
            return NullNode.getInstance();
        }
        ObjectNode n = CanonicalJson.objectNode();
        n.put("runs", run.runs());
        n.put("status", run.status());
        run.flow().ifPresent(f -> n.putObject("flow").put("name", f.name()).put("digest", f.digest()));
        n.put("node", run.node().orElse(null));
        run.inFlight()
                .ifPresentOrElse(
                        f -> n.putObject("inFlight")
                                .put("node", f.node())
                                .put("attempt", f.attempt())
                                .put("pid", f.pid()),
                        () -> n.putNull("inFlight"));
        run.parked()
                .ifPresentOrElse(
                        p -> n.putObject("parked")
                                .put("reason", p.reason())
                                .put("question", p.question().orElse(null)),
                        () -> n.putNull("parked"));
        n.put("reason", run.reason().orElse(null));
        run.subtasks()
                .spec()
                .ifPresentOrElse(
                        s -> n.putObject("subtask")
                                .put("order", s.order())
                                .put("count", run.subtasks().count())
                                .put("slug", s.slug()),
                        () -> n.putNull("subtask"));
        ObjectNode counters = n.putObject("counters").put("fixIterations", run.fixIterations());
        ObjectNode loops = counters.putObject("loops");
        new TreeMap<>(run.counters()).forEach(loops::put);
        n.put("nodesFinished", run.history().size());
        n.putObject("usage").put("tokens", run.tokens()).put("cost", run.cost().toPlainString());
        // the run's own time (parked time left out): so far while it goes, in all once it ended
        ObjectNode wall = n.putObject("wall");
        wall.put("activeSeconds", run.wall().activeMillis(Instant.now()) / 1000);
        run.wall()
                .duration()
                .ifPresentOrElse(
                        d -> wall.put("durationSeconds", d.toSeconds()), () -> wall.putNull("durationSeconds"));
        run.wall().ended().ifPresentOrElse(t -> wall.put("ended", t.toString()), () -> wall.putNull("ended"));
        run.wall().limit().ifPresentOrElse(l -> wall.put("limit", l), () -> wall.putNull("limit"));
        ObjectNode sessions = n.putObject("sessions");
        new TreeMap<>(run.lineages())
                .forEach((lineage, l) -> sessions.putObject(lineage)
                        .put("provider", l.provider())
                        .put("id", l.session()));
        return n;
    }
}
