package dev.wb.commands.judge;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.wb.engine.Digests;
import dev.wb.engine.json.CanonicalJson;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;

/**
 * The complete scope block of a review: what the judge reviewed, exactly. The judge copies it
 * whole into its record; verification recomputes it and compares the digests.
 *
 * <p>{@code changeDigest} binds every changed path with how it changed, its mode and the SHA-256 of
 * its bytes. {@code scopeDigest} binds the task, the base commit, the changed and excluded paths, the
 * included tasks, the five capsule documents' digests, the change digest and whether an empty
 * boundary was authorised — not {@code baseRef} nor {@code candidate}, which say how the boundary was
 * named, not what it is: equivalent refs, and the same content seen as the working tree or as its
 * snapshot, give the same identity.
 */
public record ScopeBlock(String taskId, String base, Optional<String> baseRef, String candidate,
        List<ChangedFile> changes, List<String> excludedPaths, List<String> includedTaskIds,
        Map<String, String> capsuleDocuments, String capsuleDigest, boolean emptyBoundaryAuthorized) {

    public static final int VERSION = 1;

    public ScopeBlock {
        changes = List.copyOf(changes);
        excludedPaths = List.copyOf(excludedPaths);
        includedTaskIds = List.copyOf(includedTaskIds);
        capsuleDocuments = java.util.Collections.unmodifiableMap(new LinkedHashMap<>(capsuleDocuments));
    }

    public List<String> changedFiles() {
        return changes.stream().map(ChangedFile::path).toList();
    }

    public String changeDigest() {
        ArrayNode list = CanonicalJson.objectNode().arrayNode();
        changes.forEach(change -> list.add(change.toJson()));
        return Digests.sha256(CanonicalJson.bytes(list));
    }

    public String scopeDigest() {
        return Digests.sha256(CanonicalJson.bytes(bound()));
    }

    /** The fields the scope digest binds, as canonical JSON. */
    private ObjectNode bound() {
        ObjectNode bound = CanonicalJson.objectNode();
        bound.put("scopeVersion", VERSION);
        bound.put("taskId", taskId);
        bound.put("base", base);
        changedFiles().forEach(bound.putArray("changedFiles")::add);
        excludedPaths.forEach(bound.putArray("excludedPaths")::add);
        includedTaskIds.forEach(bound.putArray("includedTaskIds")::add);
        ObjectNode docs = bound.putObject("capsule");
        capsuleDocuments.forEach(docs::put);
        bound.put("capsuleDigest", capsuleDigest);
        bound.put("changeDigest", changeDigest());
        bound.put("emptyBoundaryAuthorized", emptyBoundaryAuthorized);
        return bound;
    }

    public ScopeBlock withCandidate(String candidate, Optional<String> baseRef) {
        return new ScopeBlock(taskId, base, baseRef, candidate, changes, excludedPaths, includedTaskIds,
                capsuleDocuments, capsuleDigest, emptyBoundaryAuthorized);
    }

    public ScopeBlock withEmptyBoundaryAuthorized(boolean authorized) {
        return new ScopeBlock(taskId, base, baseRef, candidate, changes, excludedPaths, includedTaskIds,
                capsuleDocuments, capsuleDigest, authorized);
    }

    /** The block as {@code wb judge scope --json} prints it and a record carries it. */
    public ObjectNode toJson() {
        return toJson(dev.wb.engine.WbVersion.current());
    }

    /** The block as the wb {@code wbVersion} wrote it (a snapshot's metadata keeps its capture's). */
    public ObjectNode toJson(String wbVersion) {
        ObjectNode node = bound();
        baseRef.ifPresent(ref -> node.put("baseRef", ref));
        node.put("candidate", candidate);
        ArrayNode changeList = node.putArray("changes");
        changes.forEach(change -> changeList.add(change.toJson()));
        node.put("scopeDigest", scopeDigest());
        node.put("wbVersion", wbVersion);
        return node;
    }

    /** Reads a block {@link #toJson} wrote (a snapshot's metadata); the digests are recomputed, not read. */
    public static ScopeBlock fromJson(JsonNode node) {
        List<ChangedFile> changes = new ArrayList<>();
        node.path("changes").forEach(c -> changes.add(ChangedFile.fromJson(c)));
        Map<String, String> docs = new LinkedHashMap<>();
        node.path("capsule").fields().forEachRemaining(e -> docs.put(e.getKey(), e.getValue().asText()));
        return new ScopeBlock(node.path("taskId").asText(), node.path("base").asText(),
                Optional.ofNullable(node.get("baseRef")).map(JsonNode::asText), node.path("candidate").asText(),
                changes, texts(node.path("excludedPaths")), texts(node.path("includedTaskIds")), docs,
                node.path("capsuleDigest").asText(), node.path("emptyBoundaryAuthorized").asBoolean(false));
    }

    private static List<String> texts(JsonNode array) {
        List<String> out = new ArrayList<>();
        array.forEach(n -> out.add(n.asText()));
        return out;
    }
}
