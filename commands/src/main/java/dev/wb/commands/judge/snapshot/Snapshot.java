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
 * answers to its folder's name. Its fields come in named parts; the accessors of each part's fields
 * are also the snapshot's own.
 */
public record Snapshot(
        String id, Origin origin, Commits commits, ScopeBlock scope, Content content, Lineage lineage, Path dir) {

    /** Of which task, when and by which wb it was captured, in which metadata format and object format. */
    public record Origin(int format, String taskId, String createdAt, String wbVersion, String objectFormat) {}

    /**
     * The commits the boundary lies between, and the live changes the capture laid over HEAD.
     *
     * @param head the live HEAD the capture started from; the candidate commit's parent
     * @param overlay the working tree's differences from {@code head} that the capture laid over it,
     *     blocked paths aside: what a later in-place run compares the live tree against
     */
    public record Commits(
            String head, String base, Optional<String> baseRef, String candidateCommit, List<ChangedFile> overlay) {}

    /** What the candidate's tree holds: its content's digest, its fingerprint's, and how many files it covers. */
    public record Content(String contentDigest, String fingerprintDigest, int coveredFiles) {}

    /** For a catch-up capture, the parent snapshot and the digest of the record that approved it. */
    public record Lineage(Optional<String> parent, Optional<String> parentRecordDigest) {}

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
        return new Snapshot(id, origin, commits, scope, content, lineage, other);
    }

    public int format() {
        return origin.format();
    }

    public String taskId() {
        return origin.taskId();
    }

    public String createdAt() {
        return origin.createdAt();
    }

    public String wbVersion() {
        return origin.wbVersion();
    }

    public String objectFormat() {
        return origin.objectFormat();
    }

    public String head() {
        return commits.head();
    }

    public String base() {
        return commits.base();
    }

    public Optional<String> baseRef() {
        return commits.baseRef();
    }

    public String candidateCommit() {
        return commits.candidateCommit();
    }

    public List<ChangedFile> overlay() {
        return commits.overlay();
    }

    public String contentDigest() {
        return content.contentDigest();
    }

    public String fingerprintDigest() {
        return content.fingerprintDigest();
    }

    public int coveredFiles() {
        return content.coveredFiles();
    }

    public Optional<String> parent() {
        return lineage.parent();
    }

    public Optional<String> parentRecordDigest() {
        return lineage.parentRecordDigest();
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
        bound.put("format", format());
        bound.put("taskId", taskId());
        bound.put("createdAt", createdAt());
        bound.put("wbVersion", wbVersion());
        bound.put("objectFormat", objectFormat());
        baseRef().ifPresentOrElse(ref -> bound.put("baseRef", ref), () -> bound.putNull("baseRef"));
        bound.put("coveredFiles", coveredFiles());
        // The scope names the snapshot as its candidate, which the id cannot bind before it exists:
        // the id binds the scope as it was before it had a name.
        bound.put("scopeDigest", scope.withCandidate("SNAPSHOT", baseRef()).scopeDigest());
        bound.put("contentDigest", contentDigest());
        bound.put("head", head());
        bound.put("base", base());
        bound.put("candidateCommit", candidateCommit());
        putOverlay(bound);
        bound.put("fingerprintDigest", fingerprintDigest());
        putLineage(bound);
        return Digests.hex(Digests.sha256(CanonicalJson.bytes(bound))).substring(0, 20);
    }

    /** This snapshot under the id its fields bind (and its scope naming it as the candidate). */
    public Snapshot identified() {
        String bound = expectedId();
        return new Snapshot(
                bound, origin, commits, scope.withCandidate("SNAPSHOT:" + bound, baseRef()), content, lineage, dir);
    }

    /** The metadata as snapshot.json holds it: what a load reads back and compares, field for field. */
    ObjectNode toJson() {
        ObjectNode node = CanonicalJson.objectNode();
        node.put("format", format());
        node.put("id", id);
        node.put("taskId", taskId());
        node.put("createdAt", createdAt());
        node.put("wbVersion", wbVersion());
        node.put("objectFormat", objectFormat());
        node.put("head", head());
        node.put("base", base());
        baseRef().ifPresent(ref -> node.put("baseRef", ref));
        node.put("candidateCommit", candidateCommit());
        node.set("scope", scope.toJson());
        putOverlay(node);
        node.put("contentDigest", contentDigest());
        node.put("fingerprintDigest", fingerprintDigest());
        node.put("coveredFiles", coveredFiles());
        putLineage(node);
        node.put("emptyBoundaryAuthorized", scope.emptyBoundaryAuthorized());
        return node;
    }

    private void putOverlay(ObjectNode node) {
        ArrayNode list = node.putArray("overlay");
        overlay().forEach(change -> list.add(change.toJson()));
    }

    /** The parent and its record's digest, each null for a full capture. */
    private void putLineage(ObjectNode node) {
        parent().ifPresentOrElse(p -> node.put("parent", p), () -> node.putNull("parent"));
        parentRecordDigest()
                .ifPresentOrElse(d -> node.put("parentRecordDigest", d), () -> node.putNull("parentRecordDigest"));
    }

    static Snapshot fromJson(JsonNode node, Path dir) {
        List<ChangedFile> overlay = new ArrayList<>();
        node.path("overlay").forEach(c -> overlay.add(ChangedFile.fromJson(c)));
        return new Snapshot(
                node.path("id").asText(),
                new Origin(
                        node.path("format").asInt(),
                        node.path("taskId").asText(),
                        node.path("createdAt").asText(),
                        node.path("wbVersion").asText(),
                        node.path("objectFormat").asText()),
                new Commits(
                        node.path("head").asText(),
                        node.path("base").asText(),
                        text(node.get("baseRef")),
                        node.path("candidateCommit").asText(),
                        overlay),
                ScopeBlock.fromJson(node.path("scope")),
                new Content(
                        node.path("contentDigest").asText(),
                        node.path("fingerprintDigest").asText(),
                        node.path("coveredFiles").asInt()),
                new Lineage(text(node.get("parent")), text(node.get("parentRecordDigest"))),
                dir);
    }

    private static Optional<String> text(JsonNode node) {
        return node == null || node.isNull() ? Optional.empty() : Optional.of(node.asText());
    }
}
