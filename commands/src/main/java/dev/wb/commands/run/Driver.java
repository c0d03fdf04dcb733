package dev.wb.commands.run;

import com.fasterxml.jackson.databind.JsonNode;
import dev.wb.commands.flow.FlowDefinition;
import dev.wb.commands.flow.FlowEdge;
import dev.wb.commands.flow.FlowNode;
import dev.wb.commands.flow.FlowVocabulary;
import dev.wb.commands.process.NodeProcess;
import dev.wb.commands.run.walk.Edges;
import dev.wb.commands.run.walk.Walk;
import dev.wb.engine.BootId;
import dev.wb.engine.Caller;
import dev.wb.projections.events.WbEvent;
import dev.wb.projections.events.WireName;
import dev.wb.projections.events.run.EdgeTaken;
import dev.wb.projections.events.run.NodeFinished;
import dev.wb.projections.events.run.NodeKind;
import dev.wb.projections.events.run.NodeLaunched;
import dev.wb.projections.events.run.NodeStarted;
import dev.wb.projections.events.run.NodeWhen;
import dev.wb.projections.events.run.RunDecomposed;
import dev.wb.projections.events.run.RunFinished;
import dev.wb.projections.events.run.RunParked;
import dev.wb.projections.events.run.SubtaskFinished;
import dev.wb.projections.events.run.SubtaskStarted;
import dev.wb.projections.run.RunState;
import dev.wb.projections.run.RunSubtasks;
import java.time.Duration;
import java.time.Instant;
import java.util.List;
import java.util.Optional;
import java.util.function.Consumer;

/**
 * The walk: each turn reads where the run stands (the task's stream folded, kept current by {@link RunLog}
 * as it appends) and takes the one next step (start a node, resolve a crashed one, take an edge, end the
 * run), recording it before going on. What each step records is decided by {@link Walk}, pure, on the
 * state and what happened; this class gathers what happened (the node's process, the tree, the clock). So the log alone says where a run is, and a run cut anywhere resumes
 * at the step after its last event. No node starts once the run's wall time is spent, and a node's process
 * gets at most what is left of it.
 */
final class Driver {

    private final RunContext ctx;
    private final RunLog log;
    private final Consumer<String> progress;
    private final FlowDefinition flow;
    private final int wallSeconds;

    /** @param wallSeconds the run's wall time limit: no node starts once it is spent, none runs past it */
    Driver(RunContext ctx, RunLog log, Consumer<String> progress, int wallSeconds) {
        this.ctx = ctx;
        this.log = log;
        this.progress = progress;
        this.flow = ctx.flow().definition();
        this.wallSeconds = wallSeconds;
    }

    FlowRun.Result drive() {
        while (true) {
            RunState state = log.state();
            if (!state.active()) {
                progress.accept("run " + ctx.key() + ": " + state.status()
                        + state.reason().map(r -> " — " + r).orElse(""));
                return new FlowRun.Result(state.status(), FlowRun.exitCode(state.status()), state.reason());
            }
            if (state.status().equals(RunState.PARKED)) {
                FlowRun.Result parked = FlowRun.parked(state);
                progress.accept("run " + ctx.key() + ": " + parked.reason().orElse("parked"));
                return parked;
            }
            step(state);
        }
    }

    private void step(RunState state) {
        if (state.inFlight().isPresent()) {
            resumeInFlight(state, state.inFlight().get());
            return;
        }
        if (state.pending().isPresent()) {
            String node = state.node().orElseThrow();
            String outcome = state.pending().get();
            if (outcome.equals("interrupted")) {
                String answer = state.answer().orElse("");
                if (answer.equals("rerun")) {
                    start(state, node);
                    return;
                }
                if (!answer.equals("approve")) {
                    log.append(new RunFinished(
                            RunFinished.Status.MANUAL,
                            "node '" + node + "' was interrupted and its work was not kept"));
                    return;
                }
                outcome = "done";
            }
            take(state, node, outcome);
            return;
        }
        start(state, state.node().orElseGet(() -> Walk.entry(flow)));
    }

    /** A node the crash left in flight: run again if that is safe, else recorded interrupted and parked. */
    private void resumeInFlight(RunState state, RunState.InFlight f) {
        FlowNode node = flow.node(f.node()).orElseThrow();
        boolean wrote = node.kind().equals("agent") && flow.profile(node).equals(FlowVocabulary.WORKSPACE_WRITE);
        if (!wrote) {
            progress.accept("  " + f.node() + " (" + f.kind() + ") was in flight: run again");
            start(state, f.node());
            return;
        }
        TreeState tree = TreeState.of(ctx);
        progress.accept("  " + f.node() + " (agent, workspace-write) was in flight: interrupted, parked for a person");
        log.append(
                new NodeFinished(
                        f.node(),
                        "interrupted",
                        0,
                        List.of(),
                        Optional.empty(),
                        Optional.empty(),
                        Optional.of("the run stopped while it edited the tree"),
                        Optional.empty(),
                        Optional.empty()),
                new RunParked(
                        RunParked.Reason.INTERRUPTED, f.node(), Optional.empty(), tree.head(), tree.changedPaths()));
    }

    private void start(RunState state, String id) {
        FlowNode node = flow.node(id).orElseThrow();
        JsonNode yaml = ctx.flow().node(id);
        Instant now = ctx.clock().instant();
        List<WbEvent> spent = Walk.beforeNode(state, wallSeconds, now, id);
        if (!spent.isEmpty()) {
            progress.accept("  the run spent its wall time limit of " + wallSeconds + " s");
            log.append(spent);
            return;
        }
        Duration wallLeft = Walk.wallLeft(state, wallSeconds, now);
        NodeStarted started =
                new NodeStarted(id, NodeKind.of(node.kind()), state.attempts(id) + 1, Caller.pid(), BootId.current());
        Optional<NodeWhen> when = Facts.evaluate(id, yaml.path("when"), ctx.configTree(), ctx.root(), ctx.key());
        if (when.isPresent()) {
            log.append(when.get(), started);
        } else {
            log.append(started);
        }
        long began = System.nanoTime();
        Optional<NodeResult> result = when.isPresent() && !when.get().runs()
                ? Optional.of(NodeResult.of(
                        Walk.skipped(node.kind()),
                        "skipped: when " + yaml.path("when").path("fact").asText() + " is not met"))
                : execute(state, id, node, yaml, wallLeft);
        result.ifPresent(r -> finish(state, id, node, r, began));
    }

    /** Runs the node by its kind; empty for a person's step, which parks the run. */
    private Optional<NodeResult> execute(RunState state, String id, FlowNode node, JsonNode yaml, Duration wallLeft) {
        return switch (node.kind()) {
            case "tool" -> Optional.of(ToolNode.run(ctx, node.tool().orElse(""), yaml, wallLeft, launched(id)));
            case "checks" -> Optional.of(ChecksNode.run(ctx, log));
            case "hitl" -> {
                park(id, yaml);
                yield Optional.empty();
            }
            case "publish" ->
                Optional.of(PublishNode.run(ctx, log, yaml.path("policy").asText(flow.publishing())));
            default -> Optional.of(AgentNode.run(ctx, node, yaml, state, wallLeft, launched(id)));
        };
    }

    /** Records the node's end (a rework past its budget accepted), and a proposed decomposition's decision. */
    private void finish(RunState state, String id, FlowNode node, NodeResult ran, long began) {
        NodeResult result = ran;
        if (Walk.acceptsRework(flow, ctx.config(), state, node, result.outcome())) {
            result = new NodeResult(
                            "accept",
                            result.artifacts(),
                            result.severity(),
                            result.usage(),
                            Optional.of("⚠️ accept (rework budget exhausted)"))
                    .withSession(result.session())
                    .withStopped(result.stopped());
        }
        long ms = (System.nanoTime() - began) / 1_000_000;
        progress.accept("  " + id + " (" + node.kind() + ") → " + result.outcome()
                + result.reason().map(r -> " — " + r).orElse(""));
        Walk.Ending ending =
                result.wall() ? Walk.Ending.WALL : result.needsPerson() ? Walk.Ending.PERSON : Walk.Ending.GOES_ON;
        if (ending != Walk.Ending.GOES_ON) {
            log.append(Walk.nodeEnded(result.finished(id, ms), ending, wallSeconds));
        } else if (Subtasks.proposes(flow, id)) {
            RunDecomposed decided = Subtasks.decide(ctx, id, result);
            progress.accept("  decomposition: "
                    + (decided.accepted() ? decided.subtasks().size() + " subtasks" : decided.reason()));
            log.append(result.finished(id, ms), decided);
        } else {
            log.append(result.finished(id, ms));
        }
    }

    /** Records the node's process as soon as it started: {@code node.launched}, for a resume after kill -9. */
    private Consumer<NodeProcess.Launched> launched(String id) {
        return p -> log.append(new NodeLaunched(id, log.state().attempts(id), p.pid(), p.group(), p.started()));
    }

    private void take(RunState state, String node, String outcome) {
        if (Subtasks.proposes(flow, node) && !state.subtasks().decided()) {
            // the proposing node finished without a decision (an interrupted agent kept on approve)
            log.append(Subtasks.decide(ctx, node, NodeResult.of(outcome)));
            return;
        }
        Edges.Next next = Edges.next(flow, ctx.config(), state, node, outcome);
        if (next instanceof Edges.Take take) {
            FlowEdge e = take.edge();
            EdgeTaken taken = Walk.taken(take);
            RunSubtasks sub = state.subtasks();
            if (sub.accepted()
                    && sub.current() == 0
                    && Subtasks.proposes(flow, node)
                    && Subtasks.inRegion(flow, e.to())) {
                log.append(taken, subtask(sub, 1, e.to()));
            } else if (sub.active() && Subtasks.exits(flow, e)) {
                TreeState tree = TreeState.of(ctx);
                SubtaskFinished finished =
                        new SubtaskFinished(sub.current(), sub.count(), tree.head(), tree.changedPaths());
                progress.accept("  subtask " + sub.current() + "/" + sub.count() + " finished");
                if (sub.current() < sub.count()) {
                    log.append(finished, subtask(sub, sub.current() + 1, Subtasks.entry(flow)));
                } else {
                    log.append(finished, taken);
                }
            } else {
                log.append(taken);
            }
        } else {
            if (next instanceof Edges.Exhausted spent) {
                progress.accept("  loop " + spent.loop() + " spent its budget of " + spent.limit());
            }
            log.append(Walk.events(next, node));
        }
    }

    private SubtaskStarted subtask(RunSubtasks sub, int order, String entry) {
        String slug = sub.specs().get(order - 1).slug();
        progress.accept("  subtask " + order + "/" + sub.count() + " (" + slug + ") starts at '" + entry + "'");
        return new SubtaskStarted(order, sub.count(), slug, entry);
    }

    private void park(String id, JsonNode yaml) {
        // the flow's validation holds the signal to question or approval
        RunParked.Reason signal =
                WireName.of(RunParked.Reason.class, yaml.path("signal").asText("question"), RunParked.Reason.QUESTION);
        String question = yaml.path("question").isTextual()
                ? yaml.path("question").asText()
                : signal == RunParked.Reason.APPROVAL ? "approve or deny?" : "node '" + id + "' asks a question";
        progress.accept("  " + id + " (hitl) → parked for a person (" + signal.wireName() + ")");
        log.append(new RunParked(signal, id, Optional.of(question), Optional.empty(), List.of()));
    }
}
