package dev.wb.projections.events.judge;

import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.wb.engine.json.CanonicalJson;
import dev.wb.projections.events.EventType;
import dev.wb.projections.events.WbEvent;
import java.util.ArrayList;
import java.util.List;

/**
 * {@code wb judge run} ended. Events carry command texts and statuses, never output: a failed
 * command's redacted evidence stays in the receipt.
 *
 * @param snapshot the snapshot validated
 * @param mode {@code in-place}, {@code isolated}, or {@code documentation} for a capsule that declares
 *     no runtime validation
 * @param outcome {@code passed}, {@code failed}, {@code invalidated} or {@code no-runtime-validation}
 * @param results each command's status: {@code passed}, {@code failed} or {@code not-run}
 * @param changedPaths covered paths the run changed (in place) or reviewed files it rewrote (isolated)
 * @param receiptDigest the receipt written for this run
 */
public record JudgeRunFinished(
        String snapshot,
        String mode,
        String outcome,
        List<Result> results,
        List<String> changedPaths,
        String receiptDigest)
        implements WbEvent {

    static final String SNAPSHOT = "snapshot";
    static final String MODE = "mode";
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
    public record Result(int index, String command, boolean optional, String status, int exitCode, long durationMs) {}

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
        ObjectNode p = CanonicalJson.objectNode();
        p.put(SNAPSHOT, snapshot);
        p.put(MODE, mode);
        p.put(OUTCOME, outcome);
        ArrayNode list = p.putArray(RESULTS);
        results.forEach(r -> list.addObject()
                .put(INDEX, r.index())
                .put(COMMAND, r.command())
                .put(OPTIONAL, r.optional())
                .put(STATUS, r.status())
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
                        Reads.text(r.path(STATUS)),
                        r.path(EXIT_CODE).asInt(),
                        r.path(DURATION_MS).asLong())));
        return new JudgeRunFinished(
                Reads.text(p.path(SNAPSHOT)),
                Reads.text(p.path(MODE)),
                Reads.text(p.path(OUTCOME)),
                results,
                Reads.texts(p.path(CHANGED_PATHS)),
                Reads.text(p.path(RECEIPT_DIGEST)));
    }
}
