package dev.wb.projections.events.verify;

import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.wb.engine.EventEnvelope;
import dev.wb.engine.json.CanonicalJson;
import dev.wb.projections.events.EventType;
import dev.wb.projections.events.PayloadFields;
import dev.wb.projections.events.Verdict;
import dev.wb.projections.events.WbEvent;
import dev.wb.projections.events.WireName;
import java.util.List;

/**
 * The verify run ended: its verdict and counts. Pass only when at least one command ran, every one
 * ran and exited 0, nothing was refused and nothing was interrupted.
 *
 * @param verdict {@link Verdict#PASS}, {@link Verdict#FAIL} or {@link Verdict#INTERRUPTED}; an unknown one
 *     reads as {@link Verdict#FAIL}, which passes nothing
 * @param refused commands and verify_env names refused before anything ran
 * @param notRun commands never reached (after an interruption)
 */
public record VerifyFinished(
        Verdict verdict, long ran, long passed, long failed, long refused, long notRun, long durationMs)
        implements WbEvent {

    static final String VERDICT = "verdict";
    static final String RAN = "ran";
    static final String PASSED = "passed";
    static final String FAILED = "failed";
    static final String REFUSED = "refused";
    static final String NOT_RUN = "notRun";
    static final String DURATION_MS = "durationMs";

    public static final EventType<VerifyFinished> TYPE = EventType.of(
            "verify.finished",
            List.of(VERDICT, RAN, PASSED, FAILED, REFUSED, NOT_RUN, DURATION_MS),
            VerifyFinished::read);

    /** What {@code wb status} folds of a run's end, streamed. */
    private static final PayloadFields STAGES = PayloadFields.of(VERDICT);

    @Override
    public EventType<VerifyFinished> eventType() {
        return TYPE;
    }

    @Override
    public ObjectNode payload() {
        ObjectNode p = CanonicalJson.objectNode();
        p.put(VERDICT, verdict.wireName());
        p.put(RAN, ran);
        p.put(PASSED, passed);
        p.put(FAILED, failed);
        p.put(REFUSED, refused);
        p.put(NOT_RUN, notRun);
        p.put(DURATION_MS, durationMs);
        return p;
    }

    /** The verdict only, streamed (the counts read as 0). */
    public static VerifyFinished readStages(EventEnvelope event) {
        return read(STAGES.read(event));
    }

    private static VerifyFinished read(ObjectNode p) {
        return new VerifyFinished(
                WireName.of(Verdict.class, p.path(VERDICT).asText(null), Verdict.FAIL),
                p.path(RAN).asLong(),
                p.path(PASSED).asLong(),
                p.path(FAILED).asLong(),
                p.path(REFUSED).asLong(),
                p.path(NOT_RUN).asLong(),
                p.path(DURATION_MS).asLong());
    }
}
