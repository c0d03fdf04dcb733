package dev.wb.commands.judge.snapshot;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.wb.commands.judge.core.ChangedFile;
import dev.wb.engine.Digests;
import dev.wb.engine.json.CanonicalJson;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;

/**
 * A captured review boundary, as its {@code snapshot.json} records it. The id binds the task, the
 * scope (whose digest binds the authorised empty boundary), the content and the parent of a catch-up
 * capture; {@link #expectedId} recomputes it from the metadata, so an edited metadata file no longer
 * answers to its folder's name.
 *
 * @param head the live HEAD the capture started from; the candidate commit's parent
 * @param overlay the working tree's differences from {@code head} that the capture laid over it,
 *     blocked paths aside: what a later in-place run compares the live tree against
 */
public record Snapshot(
        int format,
        String id,
        String taskId,
        String createdAt,
        String wbVersion,
        String objectFormat,
        String head,
        String base,
        Optional<String> baseRef,
        String candidateCommit,
        ScopeBlock scope,
        List<ChangedFile> overlay,
        String contentDigest,
        String fingerprintDigest,
        int coveredFiles,
        Optional<String> parent,
        Optional<String> parentRecordDigest,
        Path dir) {

    /**
     * The metadata format. Format 8 holds the scope block in the review judge's schema version 6
     * field names; format 7 held wb's earlier scope block, format 6 left some fields out of the id.
     * Lower numbers are the formats of the tools wb's review flow descends from, which predate the
     * empty-boundary contract (5) or write detection and canonical base refs (below 5). All of them
     * are refused as legacy. (The review judge's own snapshots number their metadata {@code version},
     * not {@code format}; wb refuses them by that: Snapshots.)
     */
    public static final int FORMAT = 8;

    public static final String METADATA = "snapshot.json";
    public static final String FINGERPRINT = "fingerprint.txt";

    /** The same snapshot, seen at another folder (before and after it is published). */
    public Snapshot withDir(Path other) {
        return new Snapshot(
                format,
                id,
                taskId,
                createdAt,
                wbVersion,
                objectFormat,
                head,
                base,
                baseRef,
                candidateCommit,
                scope,
                overlay,
                contentDigest,
                fingerprintDigest,
                coveredFiles,
                parent,
                parentRecordDigest,
                other);
    }

    public Path worktree() {
        return dir.resolve("worktree");
    }

    public Path receipts() {
        return dir.resolve("receipts");
    }

    public String label() {
        return "SNAPSHOT:" + id;
    }

    public boolean emptyBoundaryAuthorized() {
        return scope.emptyBoundaryAuthorized();
    }

    /**
     * The id this metadata answers to: 20 hex digits of the SHA-256 of every field it records — the
     * format, the task, when and by which wb it was captured, the object format, the scope digest
     * (which binds the authorised empty boundary), the content, the commits, base ref and overlay an
     * in-place run compares against, the fingerprint (content and change times) and the number of
     * covered files, and for a catch-up the parent and its record. The rest of snapshot.json (the
     * scope block, the top-level {@code emptyBoundaryAuthorized}) is derived from these and must read
     * back exactly as {@link #toJson} writes it (Snapshots). Editing anything in snapshot.json or
     * fingerprint.txt leaves a folder whose name no longer matches.
     */
    public String expectedId() {
        ObjectNode bound = CanonicalJson.objectNode();
        bound.put("format", format);
        bound.put("taskId", taskId);
        bound.put("createdAt", createdAt);
        bound.put("wbVersion", wbVersion);
        bound.put("objectFormat", objectFormat);
        baseRef.ifPresentOrElse(ref -> bound.put("baseRef", ref), () -> bound.putNull("baseRef"));
        bound.put("coveredFiles", coveredFiles);
        // The scope names the snapshot as its candidate, which the id cannot bind before it exists:
        // the id binds the scope as it was before it had a name.
        bound.put("scopeDigest", scope.withCandidate("SNAPSHOT", baseRef).scopeDigest());
        bound.put("contentDigest", contentDigest);
        bound.put("head", head);
        bound.put("base", base);
        bound.put("candidateCommit", candidateCommit);
        ArrayNode list = bound.putArray("overlay");
        overlay.forEach(change -> list.add(change.toJson()));
        bound.put("fingerprintDigest", fingerprintDigest);
        parent.ifPresentOrElse(p -> bound.put("parent", p), () -> bound.putNull("parent"));
        parentRecordDigest.ifPresentOrElse(
                d -> bound.put("parentRecordDigest", d), () -> bound.putNull("parentRecordDigest"));
        return Digests.hex(Digests.sha256(CanonicalJson.bytes(bound))).substring(0, 20);
    }

    /** This snapshot under the id its fields bind (and its scope naming it as the candidate). */
    public Snapshot identified() {
        String id = expectedId();
        return new Snapshot(
                format,
                id,
                taskId,
                createdAt,
                wbVersion,
                objectFormat,
                head,
                base,
                baseRef,
                candidateCommit,
                scope.withCandidate("SNAPSHOT:" + id, baseRef),
                overlay,
                contentDigest,
                fingerprintDigest,
                coveredFiles,
                parent,
                parentRecordDigest,
                dir);
    }

    /** The metadata as snapshot.json holds it: what a load reads back and compares, field for field. */
    ObjectNode toJson() {
        ObjectNode node = CanonicalJson.objectNode();
        node.put("format", format);
        node.put("id", id);
        node.put("taskId", taskId);
        node.put("createdAt", createdAt);
        node.put("wbVersion", wbVersion);
        node.put("objectFormat", objectFormat);
        node.put("head", head);
        node.put("base", base);
        baseRef.ifPresent(ref -> node.put("baseRef", ref));
        node.put("candidateCommit", candidateCommit);
        node.set("scope", scope.toJson());
        ArrayNode list = node.putArray("overlay");
        overlay.forEach(change -> list.add(change.toJson()));
        node.put("contentDigest", contentDigest);
        node.put("fingerprintDigest", fingerprintDigest);
        node.put("coveredFiles", coveredFiles);
        parent.ifPresentOrElse(p -> node.put("parent", p), () -> node.putNull("parent"));
        parentRecordDigest.ifPresentOrElse(
                d -> node.put("parentRecordDigest", d), () -> node.putNull("parentRecordDigest"));
        node.put("emptyBoundaryAuthorized", scope.emptyBoundaryAuthorized());
        return node;
    }

    static Snapshot fromJson(JsonNode node, Path dir) {
        List<ChangedFile> overlay = new ArrayList<>();
        node.path("overlay").forEach(c -> overlay.add(ChangedFile.fromJson(c)));
        return new Snapshot(
                node.path("format").asInt(),
                node.path("id").asText(),
                node.path("taskId").asText(),
                node.path("createdAt").asText(),
                node.path("wbVersion").asText(),
                node.path("objectFormat").asText(),
                node.path("head").asText(),
                node.path("base").asText(),
                text(node.get("baseRef")),
                node.path("candidateCommit").asText(),
                ScopeBlock.fromJson(node.path("scope")),
                overlay,
                node.path("contentDigest").asText(),
                node.path("fingerprintDigest").asText(),
                node.path("coveredFiles").asInt(),
                text(node.get("parent")),
                text(node.get("parentRecordDigest")),
                dir);
    }

    private static Optional<String> text(JsonNode node) {
        return node == null || node.isNull() ? Optional.empty() : Optional.of(node.asText());
    }
}
