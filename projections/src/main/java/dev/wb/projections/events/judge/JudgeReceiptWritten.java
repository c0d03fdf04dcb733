package dev.wb.projections.events.judge;

import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.wb.engine.json.CanonicalJson;
import dev.wb.projections.events.EventType;
import dev.wb.projections.events.WbEvent;
import java.util.List;

/**
 * A validation receipt was written (in the batch of its {@code judge.run.finished}).
 *
 * @param snapshot the snapshot the run validated
 * @param receiptDigest SHA-256 of the receipt file's exact bytes: what the caller pins
 * @param path the receipt's file, relative to the repository
 * @param mode where the commands ran, as in the receipt
 * @param passed as in the receipt
 * @param outcome as in the receipt
 */
public record JudgeReceiptWritten(
        String snapshot, String receiptDigest, String path, JudgeRunMode mode, boolean passed, JudgeRunOutcome outcome)
        implements WbEvent {

    static final String SNAPSHOT = "snapshot";
    static final String RECEIPT_DIGEST = "receiptDigest";
    static final String PATH = "path";
    static final String MODE = "mode";
    static final String PASSED = "passed";
    static final String OUTCOME = "outcome";

    public static final EventType<JudgeReceiptWritten> TYPE = EventType.of(
            "judge.receipt.written",
            List.of(SNAPSHOT, RECEIPT_DIGEST, PATH, MODE, PASSED, OUTCOME),
            JudgeReceiptWritten::read);

    @Override
    public EventType<JudgeReceiptWritten> eventType() {
        return TYPE;
    }

    @Override
    public ObjectNode payload() {
        ObjectNode p = CanonicalJson.objectNode();
        p.put(SNAPSHOT, snapshot);
        p.put(RECEIPT_DIGEST, receiptDigest);
        p.put(PATH, path);
        p.put(MODE, mode.wireName());
        p.put(PASSED, passed);
        p.put(OUTCOME, outcome.wireName());
        return p;
    }

    private static JudgeReceiptWritten read(ObjectNode p) {
        return new JudgeReceiptWritten(
                Reads.text(p.path(SNAPSHOT)),
                Reads.text(p.path(RECEIPT_DIGEST)),
                Reads.text(p.path(PATH)),
                Reads.mode(p.path(MODE)),
                p.path(PASSED).asBoolean(),
                Reads.outcome(p.path(OUTCOME)));
    }
}
