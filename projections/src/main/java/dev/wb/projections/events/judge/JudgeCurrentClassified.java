package dev.wb.projections.events.judge;

import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.wb.engine.json.CanonicalJson;
import dev.wb.projections.events.EventType;
import dev.wb.projections.events.WbEvent;
import java.util.List;

/**
 * {@code wb judge current} classified a verified record's snapshot against the live workspace.
 *
 * @param recordDigest the verified record
 * @param snapshot its snapshot
 * @param status {@code CURRENT}, {@code NEWER_CHANGES} or {@code DIVERGED}: the whole workspace; an unknown
 *     wire name reads as {@link BoundaryStatus#DIVERGED}
 * @param reviewBoundary the same, with the task's valid continuation sidecar left out
 * @param executionMetadata the sidecar's state: {@code ABSENT}, {@code UNCHANGED}, {@code CREATED},
 *     {@code REMOVED} or {@code ADVANCED}; an unknown wire name reads as {@link ExecutionMetadata#ADVANCED}
 */
public record JudgeCurrentClassified(
        String recordDigest,
        String snapshot,
        BoundaryStatus status,
        BoundaryStatus reviewBoundary,
        ExecutionMetadata executionMetadata)
        implements WbEvent {

    static final String RECORD_DIGEST = "recordDigest";
    static final String SNAPSHOT = "snapshot";
    static final String STATUS = "status";
    static final String REVIEW_BOUNDARY = "reviewBoundary";
    static final String EXECUTION_METADATA = "executionMetadata";

    public static final EventType<JudgeCurrentClassified> TYPE = EventType.of(
            "judge.current.classified",
            List.of(RECORD_DIGEST, SNAPSHOT, STATUS, REVIEW_BOUNDARY, EXECUTION_METADATA),
            JudgeCurrentClassified::read);

    @Override
    public EventType<JudgeCurrentClassified> eventType() {
        return TYPE;
    }

    @Override
    public ObjectNode payload() {
        ObjectNode p = CanonicalJson.objectNode();
        p.put(RECORD_DIGEST, recordDigest);
        p.put(SNAPSHOT, snapshot);
        p.put(STATUS, status.wireName());
        p.put(REVIEW_BOUNDARY, reviewBoundary.wireName());
        p.put(EXECUTION_METADATA, executionMetadata.wireName());
        return p;
    }

    private static JudgeCurrentClassified read(ObjectNode p) {
        return new JudgeCurrentClassified(
                Reads.text(p.path(RECORD_DIGEST)),
                Reads.text(p.path(SNAPSHOT)),
                BoundaryStatus.read(Reads.text(p.path(STATUS))),
                BoundaryStatus.read(Reads.text(p.path(REVIEW_BOUNDARY))),
                ExecutionMetadata.read(Reads.text(p.path(EXECUTION_METADATA))));
    }
}
