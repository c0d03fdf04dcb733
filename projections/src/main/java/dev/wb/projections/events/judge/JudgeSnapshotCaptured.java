package dev.wb.projections.events.judge;

import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.wb.engine.json.CanonicalJson;
import dev.wb.projections.events.EventType;
import dev.wb.projections.events.WbEvent;
import java.util.List;
import java.util.Map;
import java.util.Optional;

/**
 * {@code wb judge snapshot} captured an immutable review boundary, or found an identical one intact
 * and reused it (docs/JUDGE.md).
 *
 * @param snapshot the snapshot id: binds task, scope, content and parent
 * @param format the snapshot metadata format
 * @param reused a capture with this id was already there, intact
 * @param base the base, resolved once to a full commit id
 * @param baseRef the base as the user typed it, when typed
 * @param head the live HEAD the capture started from
 * @param candidateCommit the candidate commit in the snapshot's repository
 * @param digests the scope block's digests and the covered content's
 * @param cliVersion the wb that computed the scope (null in a snapshot of an earlier format)
 * @param boundary the changed, withheld and included paths and tasks
 * @param parent the parent snapshot of a catch-up capture
 * @param parentRecordDigest the digest of the parent review record's bytes (catch-ups only)
 */
public record JudgeSnapshotCaptured(
        String snapshot,
        int format,
        boolean reused,
        String base,
        Optional<String> baseRef,
        String head,
        String candidateCommit,
        Digests digests,
        String cliVersion,
        Boundary boundary,
        Optional<String> parent,
        Optional<String> parentRecordDigest)
        implements WbEvent {

    static final String SNAPSHOT = "snapshot";
    static final String FORMAT = "format";
    static final String REUSED = "reused";
    static final String BASE = "base";
    static final String BASE_REF = "baseRef";
    static final String HEAD = "head";
    static final String CANDIDATE_COMMIT = "candidateCommit";
    static final String SCOPE_DIGEST = "scopeDigest";
    static final String CHANGE_DIGEST = "changeDigest";
    static final String TASK_DIGEST = "taskDigest";
    static final String CONTENT_DIGEST = "contentDigest";
    static final String CLI_VERSION = "cliVersion";
    static final String DOCUMENT_DIGESTS = "documentDigests";
    static final String CHANGED_FILES = "changedFiles";
    static final String EXCLUDED_PATHS = "excludedPaths";
    static final String INCLUDED_TASK_IDS = "includedTaskIds";
    static final String COVERED_FILES = "coveredFiles";
    static final String EMPTY_BOUNDARY_AUTHORIZED = "emptyBoundaryAuthorized";
    static final String PARENT = "parent";
    static final String PARENT_RECORD_DIGEST = "parentRecordDigest";

    public static final EventType<JudgeSnapshotCaptured> TYPE = EventType.of(
            "judge.snapshot.captured",
            List.of(
                    SNAPSHOT,
                    FORMAT,
                    REUSED,
                    BASE,
                    BASE_REF,
                    HEAD,
                    CANDIDATE_COMMIT,
                    SCOPE_DIGEST,
                    CHANGE_DIGEST,
                    TASK_DIGEST,
                    CONTENT_DIGEST,
                    CLI_VERSION,
                    DOCUMENT_DIGESTS,
                    CHANGED_FILES,
                    EXCLUDED_PATHS,
                    INCLUDED_TASK_IDS,
                    COVERED_FILES,
                    EMPTY_BOUNDARY_AUTHORIZED,
                    PARENT,
                    PARENT_RECORD_DIGEST),
            JudgeSnapshotCaptured::read);

    /**
     * The review judge's scope digests, the digest of every covered file's content, and wb's addition:
     * each capsule document's own digest (events written before issue 14 have none, and an earlier
     * {@code capsuleDigest} in place of {@code taskDigest}, which reads as null).
     */
    public record Digests(
            String scopeDigest,
            String changeDigest,
            String taskDigest,
            String contentDigest,
            Map<String, String> documentDigests) {
        public Digests {
            documentDigests = Reads.ordered(documentDigests);
        }
    }

    /**
     * The boundary: the changed files, the blocked paths withheld from it, the tasks included with
     * {@code --include-task}, how many files the reviewable tree holds, and whether {@code
     * --allow-empty} authorised an empty boundary.
     */
    public record Boundary(
            List<String> changedFiles,
            List<String> excludedPaths,
            List<String> includedTaskIds,
            int coveredFiles,
            boolean emptyBoundaryAuthorized) {
        public Boundary {
            changedFiles = List.copyOf(changedFiles);
            excludedPaths = List.copyOf(excludedPaths);
            includedTaskIds = List.copyOf(includedTaskIds);
        }
    }

    @Override
    public EventType<JudgeSnapshotCaptured> eventType() {
        return TYPE;
    }

    @Override
    public ObjectNode payload() {
        ObjectNode p = CanonicalJson.objectNode();
        p.put(SNAPSHOT, snapshot);
        p.put(FORMAT, format);
        p.put(REUSED, reused);
        p.put(BASE, base);
        baseRef.ifPresent(ref -> p.put(BASE_REF, ref));
        p.put(HEAD, head);
        p.put(CANDIDATE_COMMIT, candidateCommit);
        p.put(SCOPE_DIGEST, digests.scopeDigest());
        p.put(CHANGE_DIGEST, digests.changeDigest());
        p.put(TASK_DIGEST, digests.taskDigest());
        p.put(CLI_VERSION, cliVersion);
        p.put(CONTENT_DIGEST, digests.contentDigest());
        Reads.putTexts(p, CHANGED_FILES, boundary.changedFiles());
        Reads.putTexts(p, EXCLUDED_PATHS, boundary.excludedPaths());
        Reads.putTexts(p, INCLUDED_TASK_IDS, boundary.includedTaskIds());
        p.put(COVERED_FILES, boundary.coveredFiles());
        p.put(EMPTY_BOUNDARY_AUTHORIZED, boundary.emptyBoundaryAuthorized());
        ObjectNode documents = p.putObject(DOCUMENT_DIGESTS);
        digests.documentDigests().forEach(documents::put);
        Reads.putOptional(p, PARENT, parent);
        parentRecordDigest.ifPresent(d -> p.put(PARENT_RECORD_DIGEST, d));
        return p;
    }

    private static JudgeSnapshotCaptured read(ObjectNode p) {
        return new JudgeSnapshotCaptured(
                Reads.text(p.path(SNAPSHOT)),
                p.path(FORMAT).asInt(),
                p.path(REUSED).asBoolean(),
                Reads.text(p.path(BASE)),
                Reads.optionalText(p.path(BASE_REF)),
                Reads.text(p.path(HEAD)),
                Reads.text(p.path(CANDIDATE_COMMIT)),
                new Digests(
                        Reads.text(p.path(SCOPE_DIGEST)),
                        Reads.text(p.path(CHANGE_DIGEST)),
                        Reads.text(p.path(TASK_DIGEST)),
                        Reads.text(p.path(CONTENT_DIGEST)),
                        Reads.textMap(p.path(DOCUMENT_DIGESTS))),
                Reads.text(p.path(CLI_VERSION)),
                new Boundary(
                        Reads.texts(p.path(CHANGED_FILES)),
                        Reads.texts(p.path(EXCLUDED_PATHS)),
                        Reads.texts(p.path(INCLUDED_TASK_IDS)),
                        p.path(COVERED_FILES).asInt(),
                        p.path(EMPTY_BOUNDARY_AUTHORIZED).asBoolean()),
                Reads.optionalText(p.path(PARENT)),
                Reads.optionalText(p.path(PARENT_RECORD_DIGEST)));
    }
}
