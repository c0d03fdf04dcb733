package dev.wb.projections.events.judge;

import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.wb.projections.events.EventType;
import dev.wb.projections.events.WbEvent;
import dev.wb.projections.events.WireName;
import java.util.ArrayList;
import java.util.List;

/**
 * {@code wb judge run} ended. Events carry command texts and statuses, never output: a failed
 * command's redacted evidence stays in the receipt.
 *
 * @param snapshot the snapshot validated
 * @param mode where the commands ran, or {@link JudgeRunMode#DOCUMENTATION} for a capsule that declares no
 *     runtime validation
 * @param outcome {@link JudgeRunOutcome#PASSED}, {@link JudgeRunOutcome#FAILED}, {@link
 *     JudgeRunOutcome#INVALIDATED} or {@link JudgeRunOutcome#NO_RUNTIME_VALIDATION}
 * @param results each command's status
 * @param changedPaths covered paths the run changed (in place) or reviewed files it rewrote (isolated)
 * @param receiptDigest the receipt written for this run
 */
public record JudgeRunFinished(
        String snapshot,
        JudgeRunMode mode,
        JudgeRunOutcome outcome,
        List<Result> results,
        List<String> changedPaths,
        String receiptDigest)
        implements WbEvent {

    static final String SNAPSHOT = JudgeRunStarted.SNAPSHOT;
    static final String MODE = JudgeRunStarted.MODE;
    static final String OUTCOME = "outcome";
    static final String RESULTS = "results";
    static final String CHANGED_PATHS = "changedPaths";
    static final String RECEIPT_DIGEST = "receiptDigest";
    static final String INDEX = "index";
    static final String COMMAND = "command";
    static final String OPTIONAL = "optional";
    static final String STATUS = "status";
    static final String EXIT_CODE = "exitCode";
    static final String DURATION_MS = "durationMs";

    public static final EventType<JudgeRunFinished> TYPE = EventType.of(
            "judge.run.finished",
            List.of(SNAPSHOT, MODE, OUTCOME, RESULTS, CHANGED_PATHS, RECEIPT_DIGEST),
            JudgeRunFinished::read);

    /** One command's result, as the receipt holds it less its evidence and end. */
    public record Result(
            int index, String command, boolean optional, CommandStatus status, int exitCode, long durationMs) {}

    /**
     * How one command of the run ended. A status this wb does not know reads as {@link #FAILED}: failing
     * closed, a command whose end cannot be read did not pass.
     */
    public enum CommandStatus implements WireName {
        /** It exited 0. */
        PASSED("passed"),
        /** It exited otherwise, timed out or could not start. */
        FAILED("failed"),
        /** An earlier command ended the run before it. */
        NOT_RUN("not-run");

        private final String wire;

        CommandStatus(String wire) {
            this.wire = wire;
        }

        @Override
        public String wireName() {
            return wire;
        }
    }

    public JudgeRunFinished {
        results = List.copyOf(results);
        changedPaths = List.copyOf(changedPaths);
    }

    @Override
    public EventType<JudgeRunFinished> eventType() {
        return TYPE;
    }

    @Override
    public ObjectNode payload() {
        ObjectNode p = Reads.aboutRun(snapshot, mode);
        p.put(OUTCOME, outcome.wireName());
        ArrayNode list = p.putArray(RESULTS);
        results.forEach(r -> list.addObject()
                .put(INDEX, r.index())
                .put(COMMAND, r.command())
                .put(OPTIONAL, r.optional())
                .put(STATUS, r.status().wireName())
                .put(EXIT_CODE, r.exitCode())
                .put(DURATION_MS, r.durationMs()));
        Reads.putTexts(p, CHANGED_PATHS, changedPaths);
        p.put(RECEIPT_DIGEST, receiptDigest);
        return p;
    }

    private static JudgeRunFinished read(ObjectNode p) {
        List<Result> results = new ArrayList<>();
        p.path(RESULTS)
                .forEach(r -> results.add(new Result(
                        r.path(INDEX).asInt(),
                        Reads.text(r.path(COMMAND)),
                        r.path(OPTIONAL).asBoolean(),
                        WireName.of(CommandStatus.class, Reads.text(r.path(STATUS)), CommandStatus.FAILED),
                        r.path(EXIT_CODE).asInt(),
                        r.path(DURATION_MS).asLong())));
        return new JudgeRunFinished(
                Reads.text(p.path(SNAPSHOT)),
                Reads.mode(p.path(MODE)),
                Reads.outcome(p.path(OUTCOME)),
                results,
                Reads.texts(p.path(CHANGED_PATHS)),
                Reads.text(p.path(RECEIPT_DIGEST)));
    }
}
