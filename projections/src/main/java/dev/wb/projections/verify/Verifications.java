package dev.wb.projections.verify;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.wb.engine.EventEnvelope;
import dev.wb.engine.Payload;
import dev.wb.engine.json.CanonicalJson;
import dev.wb.projections.NamedProjection;
import dev.wb.projections.events.Verdict;
import dev.wb.projections.events.WbEvent;
import dev.wb.projections.events.verify.VerifyCommandRan;
import dev.wb.projections.events.verify.VerifyFinished;
import dev.wb.projections.events.verify.VerifyRegressionRan;
import dev.wb.projections.events.verify.VerifyStarted;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;

/**
 * A task's verify runs, folded: how many passed, failed or were interrupted, and the latest run as
 * recorded — its start (commands, refusals, variable names), each command's result, its end. A run
 * whose end was never recorded (wb was killed) stays incomplete: never a pass. evidence.md and
 * evidence.json are rendered from {@link Run}.
 */
public final class Verifications extends NamedProjection<Verifications.State> {

    public static final Verifications INSTANCE = new Verifications();

    /** The verdict of a run whose end was never recorded (wb was killed): never a pass. */
    public static final Verdict INCOMPLETE = Verdict.INCOMPLETE;

    /**
     * One run, as its events recorded it.
     *
     * @param regression the regression targets run ({@code --regression}), in plan order
     * @param finished empty while the run is incomplete
     */
    public record Run(
            long startedVersion,
            VerifyStarted started,
            List<VerifyCommandRan> commands,
            List<VerifyRegressionRan> regression,
            Optional<VerifyFinished> finished) {
        public Run {
            commands = List.copyOf(commands);
            regression = List.copyOf(regression);
        }

        /** {@code pass}, {@code fail}, {@code interrupted}, or {@code incomplete} when no end was recorded. */
        public Verdict verdict() {
            return finished.map(VerifyFinished::verdict).orElse(INCOMPLETE);
        }

        Run with(VerifyCommandRan command) {
            List<VerifyCommandRan> all = new ArrayList<>(commands);
            all.add(command);
            return new Run(startedVersion, started, all, regression, finished);
        }

        Run with(VerifyRegressionRan target) {
            List<VerifyRegressionRan> all = new ArrayList<>(regression);
            all.add(target);
            return new Run(startedVersion, started, commands, all, finished);
        }
    }

    public record State(int runs, int passed, int failed, int interrupted, Optional<Run> latest) {
        public static final State EMPTY = new State(0, 0, 0, 0, Optional.empty());
    }

    private Verifications() {
        super("verify", 2, State.EMPTY);
    }

    @Override
    public State evolve(State state, EventEnvelope event) {
        if (VerifyStarted.TYPE.matches(event)) {
            Run run = new Run(event.version(), VerifyStarted.TYPE.read(event), List.of(), List.of(), Optional.empty());
            return new State(state.runs() + 1, state.passed(), state.failed(), state.interrupted(), Optional.of(run));
        }
        if (state.latest().isEmpty()) {
            return state;
        }
        Run run = state.latest().get();
        if (VerifyCommandRan.TYPE.matches(event)) {
            return new State(
                    state.runs(),
                    state.passed(),
                    state.failed(),
                    state.interrupted(),
                    Optional.of(run.with(VerifyCommandRan.TYPE.read(event))));
        }
        if (VerifyRegressionRan.TYPE.matches(event)) {
            return new State(
                    state.runs(),
                    state.passed(),
                    state.failed(),
                    state.interrupted(),
                    Optional.of(run.with(VerifyRegressionRan.TYPE.read(event))));
        }
        if (VerifyFinished.TYPE.matches(event)) {
            VerifyFinished finished = VerifyFinished.TYPE.read(event);
            Verdict verdict = finished.verdict();
            Run done = new Run(
                    run.startedVersion(), run.started(), run.commands(), run.regression(), Optional.of(finished));
            return new State(
                    state.runs(),
                    state.passed() + (verdict == Verdict.PASS ? 1 : 0),
                    state.failed() + (verdict == Verdict.FAIL ? 1 : 0),
                    state.interrupted() + (verdict == Verdict.INTERRUPTED ? 1 : 0),
                    Optional.of(done));
        }
        return state;
    }

    @Override
    public JsonNode toJson(State state) {
        ObjectNode node = CanonicalJson.objectNode();
        node.put("runs", state.runs());
        node.put("passed", state.passed());
        node.put("failed", state.failed());
        node.put("interrupted", state.interrupted());
        state.latest().ifPresent(run -> {
            ObjectNode latest = node.putObject("latest");
            latest.put("startedVersion", run.startedVersion());
            latest.put("verdict", run.verdict().wireName());
            latest.set("started", stored(run.started()));
            ArrayNode commands = latest.putArray("commands");
            run.commands().forEach(c -> commands.add(stored(c)));
            ArrayNode regression = latest.putArray("regression");
            run.regression().forEach(r -> regression.add(stored(r)));
            run.finished().ifPresent(f -> latest.set("finished", stored(f)));
        });
        return node;
    }

    /** An event's payload as the log stores it (keys in canonical order), as this state always held it. */
    public static ObjectNode stored(WbEvent event) {
        return Payload.of(event.payload()).json();
    }

    @Override
    public State fromJson(JsonNode json) {
        try {
            Optional<Run> latest = Optional.empty();
            JsonNode l = json.get("latest");
            if (l != null) {
                List<VerifyCommandRan> commands = new ArrayList<>();
                l.required("commands").forEach(c -> commands.add(VerifyCommandRan.TYPE.read((ObjectNode) c)));
                List<VerifyRegressionRan> regression = new ArrayList<>();
                l.path("regression").forEach(r -> regression.add(VerifyRegressionRan.TYPE.read((ObjectNode) r)));
                JsonNode finished = l.get("finished");
                latest = Optional.of(new Run(
                        l.required("startedVersion").longValue(),
                        VerifyStarted.TYPE.read((ObjectNode) l.required("started")),
                        commands,
                        regression,
                        finished == null
                                ? Optional.empty()
                                : Optional.of(VerifyFinished.TYPE.read((ObjectNode) finished))));
            }
            return new State(
                    json.required("runs").intValue(),
                    json.required("passed").intValue(),
                    json.required("failed").intValue(),
                    json.required("interrupted").intValue(),
                    latest);
        } catch (RuntimeException e) {
            throw new IllegalArgumentException("not a verify state: " + e.getMessage(), e);
        }
    }
}
