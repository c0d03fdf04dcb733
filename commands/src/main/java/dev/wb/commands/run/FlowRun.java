package dev.wb.commands.run;

import com.fasterxml.jackson.databind.JsonNode;
import dev.wb.commands.ContentStore;
import dev.wb.commands.EventService;
import dev.wb.commands.Session;
import dev.wb.commands.base.Failure;
import dev.wb.commands.config.LocatedTree;
import dev.wb.commands.config.WorkspaceConfig;
import dev.wb.commands.config.WorkspaceRedactor;
import dev.wb.commands.flow.FlowForRun;
import dev.wb.engine.Digests;
import dev.wb.engine.StreamId;
import dev.wb.engine.TaskKey;
import dev.wb.engine.json.CanonicalJson;
import dev.wb.projections.events.WireName;
import dev.wb.projections.events.run.NodeFinished;
import dev.wb.projections.events.run.RunAnswered;
import dev.wb.projections.events.run.RunFinished;
import dev.wb.projections.events.run.RunParked;
import dev.wb.projections.events.run.RunStarted;
import dev.wb.projections.run.RunProjection;
import dev.wb.projections.run.RunState;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.function.Consumer;

/**
 * {@code wb run KEY [--flow NAME] [--answer A]}: drives a task through its flow, every step an event of
 * the task's stream (docs/RUNS.md). A task with a run under way resumes it from the log; one with none
 * (or whose last run ended) starts a new run, after the flow passes the full validator. The run's flow
 * may not change under it: a digest that differs from the one {@code run.started} recorded is refused.
 */
public final class FlowRun {

    public static final String DEFAULT_FLOW = "implementation";

    /** How the run stands when this invocation stops: its status and the exit code it maps to. */
    public record Result(String status, int exitCode, Optional<String> reason) {}

    /**
     * What the invocation asks of the run: a flow by name ({@code --flow}), the answer to a parked run
     * ({@code --answer}), and a wall time limit below the configured one ({@code --max-seconds}).
     */
    public record Options(Optional<String> flowName, Optional<String> answer, Optional<Integer> maxSeconds) {}

    private FlowRun() {}

    public static Result run(
            Session session, TaskKey key, Map<String, String> env, Options options, Consumer<String> progress) {
        Optional<String> flowName = options.flowName();
        Optional<String> answer = options.answer();
        Optional<Integer> maxSeconds = options.maxSeconds();
        StreamId stream = StreamId.task(key);
        RunLog log = RunLog.open(session, stream, key.toString());
        RunState state = log.state();
        boolean resume = state.active();
        if (answer.isPresent() && !state.status().equals(RunState.PARKED)) {
            throw Failure.usage(
                    key + " has no parked run to answer (its run is " + state.status() + ")",
                    "wb status " + key + "    (where its run stands)");
        }
        String name = resume ? state.flow().orElseThrow().name() : flowName.orElse(DEFAULT_FLOW);
        if (resume && flowName.isPresent() && !flowName.get().equals(name)) {
            throw Failure.usage(
                    key + "'s run follows flow '" + name + "'; --flow " + flowName.get() + " cannot change it mid-run",
                    "wb run " + key + "    (resumes it on '" + name + "')");
        }
        WorkspaceConfig config = WorkspaceConfig.load(session.workspace());
        FlowForRun.Loaded flow = FlowForRun.load(session.workspace(), config, name);
        if (resume && !flow.digest().equals(state.flow().orElseThrow().digest())) {
            String was = state.flow().orElseThrow().digest();
            throw Failure.usage(
                    "flow '" + name + "' changed since " + key + "'s run started: digest " + was + " then, "
                            + flow.digest() + " now; the run is not resumed on a different flow",
                    "restore .workflow/flows/" + name + ".yaml as it was (git log -p .workflow/flows/" + name
                            + ".yaml), then: wb run " + key);
        }
        Liveness.refuseLive(key, state);
        RunContext ctx = new RunContext(
                session,
                key,
                flow,
                config,
                configTree(session),
                env,
                WorkspaceRedactor.of(session.workspace(), config, env, Map.of()),
                new ContentStore(session.workspace()),
                new IsolationGate());
        int wall = wallSeconds(config, state, resume, maxSeconds, progress);
        if (!resume) {
            log.append(new RunStarted(name, flow.digest(), configDigest(session), name, Optional.of(wall)));
            progress.accept("run " + key + ": flow " + name + " (digest "
                    + flow.digest().substring(0, 12) + ")");
        } else if (answer.isPresent()) {
            answer(ctx, log, state, answer.get(), progress);
        } else if (state.status().equals(RunState.PARKED)) {
            return parked(state);
        } else {
            progress.accept("run " + key + ": resuming flow " + name + " from the log");
        }
        return new Driver(ctx, log, progress, wall).drive();
    }

    /**
     * The run's wall time limit: {@code agents.max_run_seconds}, lowered by {@code --max-seconds} and by the
     * limit the run started with; never raised ({@code --max-seconds} above the config is clamped to it).
     */
    private static int wallSeconds(
            WorkspaceConfig config,
            RunState state,
            boolean resume,
            Optional<Integer> maxSeconds,
            Consumer<String> progress) {
        int configured = config.agents().maxRunSeconds();
        if (maxSeconds.isPresent() && maxSeconds.get() < 1) {
            throw Failure.usage(
                    "--max-seconds must be a whole number of seconds above 0, not " + maxSeconds.get(),
                    "wb run KEY --max-seconds 600");
        }
        if (maxSeconds.isPresent() && maxSeconds.get() > configured) {
            progress.accept("--max-seconds " + maxSeconds.get() + " is above agents.max_run_seconds " + configured
                    + ": the run keeps " + configured + " (wb config set agents.max_run_seconds N raises it)");
        }
        int wall = Math.min(configured, maxSeconds.orElse(configured));
        if (resume && state.wall().limit().isPresent()) {
            wall = Math.min(wall, state.wall().limit().get());
        }
        return wall;
    }

    /** A parked run's answer, recorded with what it decides for the node that asked, in one batch. */
    private static void answer(RunContext ctx, RunLog log, RunState state, String answer, Consumer<String> progress) {
        RunState.Parked parked = state.parked().orElseThrow();
        progress.accept("run " + ctx.key() + ": answered " + parked.node() + " (" + parked.reason() + ")");
        switch (WireName.of(RunParked.Reason.class, parked.reason(), RunParked.Reason.INTERRUPTED)) {
            case APPROVAL -> {
                if (!answer.equals("approve") && !answer.equals("deny")) {
                    throw Failure.usage(
                            "node '" + parked.node() + "' asks for an approval: answer approve or deny",
                            "wb run " + ctx.key() + " --answer approve");
                }
                log.append(new RunAnswered(answer), NodeFinished.of(parked.node(), "route:" + answer, 0));
            }
            case QUESTION -> {
                String digest = Digests.hex(ctx.store().put(answer.getBytes(StandardCharsets.UTF_8)));
                log.append(
                        new RunAnswered(answer),
                        new NodeFinished(
                                parked.node(),
                                "done",
                                0,
                                List.of(new NodeFinished.Artifact("answer", digest)),
                                Optional.empty(),
                                Optional.empty(),
                                Optional.of("answered"),
                                Optional.empty(),
                                Optional.empty()));
            }
            case INTERRUPTED -> {
                if (!List.of("approve", "rerun", "deny").contains(answer)) {
                    throw Failure.usage(
                            "node '" + parked.node() + "' was interrupted: answer approve (keep the tree as it is and"
                                    + " go on), rerun (run the node again) or deny (end the run for a person)",
                            "wb run " + ctx.key() + " --answer rerun");
                }
                log.append(new RunAnswered(answer));
            }
        }
    }

    static Result parked(RunState state) {
        RunState.Parked p = state.parked().orElseThrow();
        return new Result(
                RunState.PARKED,
                3,
                Optional.of("parked at '" + p.node() + "' (" + p.reason() + ")"
                        + p.question().map(q -> ": " + q).orElse("")));
    }

    /** The exit code of a run's status: done 0, failed 1, manual 2, parked 3. */
    static int exitCode(String status) {
        if (status.equals(RunState.PARKED)) {
            return 3;
        }
        return switch (WireName.of(RunFinished.Status.class, status, RunFinished.Status.MANUAL)) {
            case DONE -> 0;
            case FAILED -> 1;
            case MANUAL -> 2;
        };
    }

    private static JsonNode configTree(Session session) {
        return WorkspaceConfig.read(session.workspace()).map(LocatedTree::root).orElse(CanonicalJson.objectNode());
    }

    private static String configDigest(Session session) {
        Path file = WorkspaceConfig.file(session.workspace());
        try {
            byte[] bytes = Files.isRegularFile(file) ? Files.readAllBytes(file) : new byte[0];
            return Digests.hex(Digests.sha256(bytes));
        } catch (IOException e) {
            return Digests.hex(Digests.sha256(new byte[0]));
        }
    }

    /** The run's state: the task's stream folded as wb's readers read it (merged, where sync is in use). */
    static Folded fold(Session session, StreamId stream) {
        Folded folded = new Folded();
        folded.state = new EventService(session).read(stream, RunProjection.INSTANCE);
        return folded;
    }

    /** The run's state, as read. */
    static final class Folded {
        RunState state = RunState.EMPTY;
    }
}
