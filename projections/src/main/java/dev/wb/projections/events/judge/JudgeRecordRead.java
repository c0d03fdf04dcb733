package dev.wb.projections.events.judge;

import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.wb.engine.EventEnvelope;
import dev.wb.projections.events.EventType;
import dev.wb.projections.events.PayloadFields;
import dev.wb.projections.events.WbEvent;
import java.util.List;
import java.util.Map;
import java.util.Optional;

/**
 * wb read a review record ({@code wb judge verify}, {@code current}, {@code rounds}, a catch-up
 * capture). Appended once per record content and task: reading the same bytes again adds nothing, so
 * review rounds and their statistics are folded from these events.
 *
 * @param file where the record was read, relative to the repository (absolute when outside it)
 * @param recordDigest SHA-256 of the record's bytes
 * @param schemaVersion 6, or 5 for a legacy record
 * @param verdict {@code APPROVED}, {@code NEEDS_CHANGES} or {@code BLOCKED}
 * @param reviewedAt as written
 * @param reviewedInstant as a UTC instant, when it parses
 * @param scopeDigest from the record's scope block
 * @param candidate from the record's scope block
 * @param independent absent in the record means true
 * @param criteria each criterion id and its status, in the stored order
 * @param category {@code ordinary}, {@code catch-up} or {@code unknown}: from the candidate
 *     snapshot's metadata only; an unknown wire name reads as {@link RecordCategory#UNKNOWN}
 */
public record JudgeRecordRead(
        String file,
        String recordDigest,
        Optional<Integer> schemaVersion,
        Optional<String> verdict,
        Optional<String> reviewedAt,
        Optional<String> reviewedInstant,
        Optional<String> scopeDigest,
        Optional<String> candidate,
        Optional<Boolean> independent,
        Map<String, String> criteria,
        RecordCategory category)
        implements WbEvent {

    static final String FILE = "file";
    static final String RECORD_DIGEST = "recordDigest";
    static final String SCHEMA_VERSION = "schemaVersion";
    static final String VERDICT = "verdict";
    static final String REVIEWED_AT = "reviewedAt";
    static final String REVIEWED_INSTANT = "reviewedInstant";
    static final String SCOPE_DIGEST = "scopeDigest";
    static final String CANDIDATE = "candidate";
    static final String INDEPENDENT = "independent";
    static final String CRITERIA = "criteria";
    static final String CATEGORY = "category";

    public static final EventType<JudgeRecordRead> TYPE = EventType.of(
            "judge.record.read",
            List.of(
                    FILE,
                    RECORD_DIGEST,
                    SCHEMA_VERSION,
                    VERDICT,
                    REVIEWED_AT,
                    REVIEWED_INSTANT,
                    SCOPE_DIGEST,
                    CANDIDATE,
                    INDEPENDENT,
                    CRITERIA,
                    CATEGORY),
            JudgeRecordRead::read);

    /** The digest alone, streamed: a fold that only asks which records were read needs no more. */
    private static final PayloadFields DIGEST = PayloadFields.of(RECORD_DIGEST);

    public JudgeRecordRead {
        criteria = Reads.ordered(criteria);
    }

    /** The digest of the record an event of this type read, without parsing the rest; "" when absent. */
    public static String recordDigest(EventEnvelope event) {
        return DIGEST.read(event).path(RECORD_DIGEST).asText();
    }

    @Override
    public EventType<JudgeRecordRead> eventType() {
        return TYPE;
    }

    @Override
    public ObjectNode payload() {
        ObjectNode p = Reads.aboutRecord(file, recordDigest);
        schemaVersion.ifPresentOrElse(v -> p.put(SCHEMA_VERSION, v), () -> p.putNull(SCHEMA_VERSION));
        Reads.putOptional(p, VERDICT, verdict);
        Reads.putOptional(p, REVIEWED_AT, reviewedAt);
        Reads.putOptional(p, REVIEWED_INSTANT, reviewedInstant);
        Reads.putOptional(p, SCOPE_DIGEST, scopeDigest);
        Reads.putOptional(p, CANDIDATE, candidate);
        independent.ifPresentOrElse(v -> p.put(INDEPENDENT, v), () -> p.putNull(INDEPENDENT));
        ObjectNode object = p.putObject(CRITERIA);
        criteria.forEach(object::put);
        p.put(CATEGORY, category.wireName());
        return p;
    }

    private static JudgeRecordRead read(ObjectNode p) {
        return new JudgeRecordRead(
                Reads.text(p.path(FILE)),
                Reads.text(p.path(RECORD_DIGEST)),
                p.path(SCHEMA_VERSION).isInt()
                        ? Optional.of(p.path(SCHEMA_VERSION).asInt())
                        : Optional.empty(),
                Reads.optionalText(p.path(VERDICT)),
                Reads.optionalText(p.path(REVIEWED_AT)),
                Reads.optionalText(p.path(REVIEWED_INSTANT)),
                Reads.optionalText(p.path(SCOPE_DIGEST)),
                Reads.optionalText(p.path(CANDIDATE)),
                p.path(INDEPENDENT).isBoolean()
                        ? Optional.of(p.path(INDEPENDENT).asBoolean())
                        : Optional.empty(),
                Reads.textMap(p.path(CRITERIA)),
                RecordCategory.read(Reads.text(p.path(CATEGORY))));
    }
}
