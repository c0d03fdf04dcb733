package dev.wb.projections.events.judge;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.wb.projections.events.EventType;
import dev.wb.projections.events.WbEvent;
import dev.wb.projections.events.WireName;
import java.util.List;
import java.util.Optional;

/**
 * {@code wb judge verify} checked a record.
 *
 * @param file the record verified, relative to the repository (absolute when outside it)
 * @param recordDigest SHA-256 of its bytes
 * @param mode what backed its claims; an unknown wire name reads as {@link JudgeVerifyMode#PLAIN}
 * @param receiptDigest the digest pinned (receipt mode only)
 * @param valid no reason rejects it
 * @param approved valid and APPROVED
 * @param legacy a version 5 record
 * @param verdict the record's verdict, when it has one
 * @param reasons what rejects the record
 * @param notices what does not
 * @param verifiedNow what the verification established now
 */
public record JudgeRecordVerified(
        String file,
        String recordDigest,
        JudgeVerifyMode mode,
        Optional<String> receiptDigest,
        boolean valid,
        boolean approved,
        boolean legacy,
        Optional<String> verdict,
        List<String> reasons,
        List<String> notices,
        VerifiedNow verifiedNow)
        implements WbEvent {

    static final String FILE = JudgeRecordRead.FILE;
    static final String RECORD_DIGEST = JudgeRecordRead.RECORD_DIGEST;
    static final String MODE = "mode";
    static final String RECEIPT_DIGEST = "receiptDigest";
    static final String VALID = "valid";
    static final String APPROVED = "approved";
    static final String LEGACY = "legacy";
    static final String VERDICT = "verdict";
    static final String REASONS = "reasons";
    static final String NOTICES = "notices";
    static final String VERIFIED_NOW = "verifiedNow";
    static final String RUNTIME = "runtime";
    static final String REVIEW_BOUNDARY = "reviewBoundary";
    static final String EXECUTION_METADATA = "executionMetadata";

    public static final EventType<JudgeRecordVerified> TYPE = EventType.of(
            "judge.record.verified",
            List.of(
                    FILE,
                    RECORD_DIGEST,
                    MODE,
                    RECEIPT_DIGEST,
                    VALID,
                    APPROVED,
                    LEGACY,
                    VERDICT,
                    REASONS,
                    NOTICES,
                    VERIFIED_NOW),
            JudgeRecordVerified::read);

    /**
     * The record's standing now, as the verification found it.
     *
     * @param runtime {@code verified}, {@code trusted}, {@code unknown} or {@code
     *     not-applicable-to-runtime}; an unknown wire name reads as {@link RuntimeValidation#UNKNOWN}
     * @param reviewBoundary where the reviewed boundary stands against the live workspace, or {@link
     *     BoundaryStatus#NOT_CLASSIFIED}; an unknown wire name reads as {@link BoundaryStatus#DIVERGED}
     * @param executionMetadata the continuation sidecar's state, when the boundary was classified
     */
    public record VerifiedNow(
            RuntimeValidation runtime, BoundaryStatus reviewBoundary, Optional<ExecutionMetadata> executionMetadata) {}

    public JudgeRecordVerified {
        reasons = List.copyOf(reasons);
        notices = List.copyOf(notices);
    }

    @Override
    public EventType<JudgeRecordVerified> eventType() {
        return TYPE;
    }

    @Override
    public ObjectNode payload() {
        ObjectNode p = Reads.aboutRecord(file, recordDigest);
        p.put(MODE, mode.wireName());
        receiptDigest.ifPresent(d -> p.put(RECEIPT_DIGEST, d));
        p.put(VALID, valid);
        p.put(APPROVED, approved);
        p.put(LEGACY, legacy);
        Reads.putOptional(p, VERDICT, verdict);
        Reads.putTexts(p, REASONS, reasons);
        Reads.putTexts(p, NOTICES, notices);
        ObjectNode now = p.putObject(VERIFIED_NOW);
        now.put(RUNTIME, verifiedNow.runtime().wireName());
        now.put(REVIEW_BOUNDARY, verifiedNow.reviewBoundary().wireName());
        Reads.putOptional(
                now, EXECUTION_METADATA, verifiedNow.executionMetadata().map(ExecutionMetadata::wireName));
        return p;
    }

    private static JudgeRecordVerified read(ObjectNode p) {
        JsonNode now = p.path(VERIFIED_NOW);
        return new JudgeRecordVerified(
                Reads.text(p.path(FILE)),
                Reads.text(p.path(RECORD_DIGEST)),
                WireName.of(JudgeVerifyMode.class, Reads.text(p.path(MODE)), JudgeVerifyMode.PLAIN),
                Reads.optionalText(p.path(RECEIPT_DIGEST)),
                p.path(VALID).asBoolean(),
                p.path(APPROVED).asBoolean(),
                p.path(LEGACY).asBoolean(),
                Reads.optionalText(p.path(VERDICT)),
                Reads.texts(p.path(REASONS)),
                Reads.texts(p.path(NOTICES)),
                new VerifiedNow(
                        RuntimeValidation.read(Reads.text(now.path(RUNTIME))),
                        BoundaryStatus.read(Reads.text(now.path(REVIEW_BOUNDARY))),
                        Reads.optionalText(now.path(EXECUTION_METADATA)).map(ExecutionMetadata::read)));
    }
}
