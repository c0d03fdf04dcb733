package dev.wb.cli.history;

import static dev.wb.cli.history.Summaries.cut;

import dev.wb.engine.EventEnvelope;
import dev.wb.engine.text.TerminalText;
import dev.wb.projections.events.run.EdgeTaken;
import dev.wb.projections.events.run.NodeFinished;
import dev.wb.projections.events.run.NodeLaunched;
import dev.wb.projections.events.run.NodeStarted;
import dev.wb.projections.events.run.NodeWhen;
import dev.wb.projections.events.run.RunAnswered;
import dev.wb.projections.events.run.RunBudgetExhausted;
import dev.wb.projections.events.run.RunDecomposed;
import dev.wb.projections.events.run.RunFinished;
import dev.wb.projections.events.run.RunParked;
import dev.wb.projections.events.run.RunStarted;
import dev.wb.projections.events.run.SubtaskFinished;
import dev.wb.projections.events.run.SubtaskStarted;

/** {@code wb replay}'s one-line summaries of a run's events ({@code wb run}); payload text is escaped. */
final class RunSummaries {

    private RunSummaries() {}

    /** The summary of a run event, or null for another type. */
    static String of(EventEnvelope event) {
        String node = node(event);
        if (node != null) {
            return node;
        }
        String subtask = subtask(event);
        return subtask != null ? subtask : run(event);
    }

    /** The run's own events: its start, a budget spent, a person asked and answering, its end; else null. */
    private static String run(EventEnvelope event) {
        if (RunStarted.TYPE.matches(event)) {
            RunStarted started = RunStarted.TYPE.read(event);
            return cut("flow " + e(started.flow()) + " (task type " + e(started.taskType()) + ") · digest "
                    + e(prefix(started.flowDigest()))
                    + started.maxSeconds().map(m -> " · wall limit " + m + " s").orElse(""));
        }
        if (RunBudgetExhausted.TYPE.matches(event)) {
            RunBudgetExhausted spent = RunBudgetExhausted.TYPE.read(event);
            return cut(
                    spent.loop().equals("wall_seconds")
                            ? "the run spent its wall time limit of " + spent.limit() + " s"
                            : "loop " + e(spent.loop()) + " spent its budget of " + spent.limit());
        }
        if (RunParked.TYPE.matches(event)) {
            RunParked parked = RunParked.TYPE.read(event);
            return cut(
                    "parked at " + e(parked.node()) + " · " + e(parked.reason().wireName())
                            + parked.question().map(q -> " · " + e(q)).orElse("")
                            + (parked.changedPaths().isEmpty()
                                    ? ""
                                    : " · " + parked.changedPaths().size() + " changed path(s)"));
        }
        if (RunAnswered.TYPE.matches(event)) {
            return cut("answered: " + e(RunAnswered.TYPE.read(event).answer()));
        }
        if (RunFinished.TYPE.matches(event)) {
            RunFinished finished = RunFinished.TYPE.read(event);
            return cut(e(finished.status().wireName()) + " · " + e(finished.reason()));
        }
        return null;
    }

    /** A node's events: its start, its process, its end, its condition, the edge after it; else null. */
    private static String node(EventEnvelope event) {
        if (NodeStarted.TYPE.matches(event)) {
            NodeStarted started = NodeStarted.TYPE.read(event);
            return cut(e(started.node()) + " (" + e(started.kind().wireName()) + ") attempt " + started.attempt()
                    + " · pid " + started.pid());
        }
        if (NodeLaunched.TYPE.matches(event)) {
            NodeLaunched launched = NodeLaunched.TYPE.read(event);
            return cut(e(launched.node()) + " attempt " + launched.attempt() + " · process " + launched.pid()
                    + launched.group().map(g -> " · group " + g).orElse(""));
        }
        if (NodeFinished.TYPE.matches(event)) {
            NodeFinished finished = NodeFinished.TYPE.read(event);
            return cut(e(finished.node()) + " → " + e(finished.outcome()) + " in " + finished.durationMs() + " ms"
                    + finished.severity().map(s -> " · severity " + e(s)).orElse("")
                    + (finished.artifacts().isEmpty()
                            ? ""
                            : " · " + finished.artifacts().size() + " artifact(s)")
                    + finished.usage().map(u -> " · " + u.tokens() + " tokens").orElse("")
                    + finished.session().map(RunSummaries::session).orElse("")
                    + finished.stopped().map(RunSummaries::stopped).orElse("")
                    + finished.reason().map(r -> " · " + e(r)).orElse(""));
        }
        if (EdgeTaken.TYPE.matches(event)) {
            EdgeTaken edge = EdgeTaken.TYPE.read(event);
            return cut(e(edge.from()) + " → " + e(edge.to())
                    + edge.outcome().map(o -> " on " + e(o)).orElse("")
                    + edge.loop()
                            .map(l -> " · loop " + e(l) + " " + edge.counter())
                            .orElse(""));
        }
        if (NodeWhen.TYPE.matches(event)) {
            NodeWhen when = NodeWhen.TYPE.read(event);
            return cut(e(when.node()) + (when.runs() ? " runs" : " is skipped") + ": " + e(when.fact()) + " is "
                    + when.value() + (when.equals() ? "" : " (wants false)") + " · " + e(when.basis()));
        }
        return null;
    }

    /** The run's decomposition into subtasks, and each subtask's start and end; else null. */
    private static String subtask(EventEnvelope event) {
        if (RunDecomposed.TYPE.matches(event)) {
            RunDecomposed d = RunDecomposed.TYPE.read(event);
            return cut(
                    d.accepted()
                            ? e(d.node()) + " split the task into "
                                    + d.subtasks().size() + " subtasks: "
                                    + e(String.join(
                                            ", ",
                                            d.subtasks().stream()
                                                    .map(RunDecomposed.Subtask::slug)
                                                    .toList()))
                            : e(d.node()) + ": the task runs as one unit (" + e(d.reason()) + ")");
        }
        if (SubtaskStarted.TYPE.matches(event)) {
            SubtaskStarted s = SubtaskStarted.TYPE.read(event);
            return cut("subtask " + s.order() + "/" + s.count() + " " + e(s.slug()) + " starts at " + e(s.node()));
        }
        if (SubtaskFinished.TYPE.matches(event)) {
            SubtaskFinished f = SubtaskFinished.TYPE.read(event);
            return cut("subtask " + f.order() + "/" + f.count() + " finished · "
                    + f.changedPaths().size() + " changed path(s)");
        }
        return null;
    }

    /** What the node's program left running of its group, stopped at its end. */
    private static String stopped(NodeFinished.Stopped stopped) {
        return " · stopped " + stopped.processes() + " process(es) left running"
                + (stopped.killed() > 0 ? " (" + stopped.killed() + " by SIGKILL)" : "")
                + (stopped.left() > 0 ? ", " + stopped.left() + " still running" : "");
    }

    /** A node's provider session: its id's start, continued or new, and the one the provider refused. */
    private static String session(NodeFinished.Session s) {
        return " · session " + s.id().map(id -> e(prefix8(id))).orElse("unknown")
                + (s.resumed() ? " continued" : " new")
                + s.refused()
                        .map(r -> " (" + e(s.provider()) + " refused " + e(prefix8(r)) + ")")
                        .orElse("");
    }

    private static String prefix8(String id) {
        return id.length() > 8 ? id.substring(0, 8) : id;
    }

    private static String e(String text) {
        return TerminalText.escape(text);
    }

    private static String prefix(String digest) {
        return digest.length() > 12 ? digest.substring(0, 12) : digest;
    }
}
