package dev.wb.commands.judge.snapshot;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.wb.commands.judge.core.JsStringify;
import dev.wb.commands.judge.core.ReviewRecord;
import dev.wb.engine.Digests;
import dev.wb.engine.json.CanonicalJson;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.TreeSet;

/**
 * The complete scope block of a review, in the review judge's schema version 6 (docs/JUDGE.md):
 * what the judge reviewed, exactly. The judge copies it whole into its record; verification
 * recomputes it and compares every field.
 *
 * <p>{@code taskDigest} binds the five capsule documents' bytes; {@code changeDigest} git's binary
 * difference of the boundary, the untracked files' bytes and the withheld paths' names (both
 * computed by {@link JudgeScope}). {@code scopeDigest} is the digest of the block's JSON, as
 * {@code JSON.stringify} writes it, in the order below, without {@code scopeDigest} itself and
 * without {@code baseRef}: the base's spelling is diagnostic, so equivalent refs give one identity.
 */
public record ScopeBlock(
        int schemaVersion,
        String cliVersion,
        String taskId,
        String base,
        Optional<String> baseRef,
        String candidate,
        String baseCommit,
        String candidateCommit,
        List<String> changedFiles,
        boolean emptyBoundaryAuthorized,
        List<String> excludedPaths,
        List<String> includedTaskIds,
        String taskDigest,
        String changeDigest) {

    /** The review record's schema version, which the scope carries too. */
    public static final int SCHEMA_VERSION = ReviewRecord.SCHEMA_VERSION;

    /** The keys in the judge's order; {@code baseRef} alone is optional. */
    public static final List<String> KEYS = List.of(
            "schemaVersion",
            "cliVersion",
            "taskId",
            "base",
            "baseRef",
            "candidate",
            "baseCommit",
            "candidateCommit",
            "changedFiles",
            "emptyBoundaryAuthorized",
            "excludedPaths",
            "includedTaskIds",
            "taskDigest",
            "changeDigest",
            "scopeDigest");

    public ScopeBlock {
        changedFiles = List.copyOf(new TreeSet<>(changedFiles));
        excludedPaths = List.copyOf(new TreeSet<>(excludedPaths));
        includedTaskIds = List.copyOf(new TreeSet<>(includedTaskIds));
    }

    public String scopeDigest() {
        return Digests.sha256(JsStringify.bytes(identity()));
    }

    /** The fields the scope digest binds, in the judge's order. */
    private ObjectNode identity() {
        ObjectNode node = CanonicalJson.objectNode();
        node.put("schemaVersion", schemaVersion);
        node.put("cliVersion", cliVersion);
        node.put("taskId", taskId);
        node.put("base", base);
        node.put("candidate", candidate);
        node.put("baseCommit", baseCommit);
        node.put("candidateCommit", candidateCommit);
        changedFiles.forEach(node.putArray("changedFiles")::add);
        node.put("emptyBoundaryAuthorized", emptyBoundaryAuthorized);
        excludedPaths.forEach(node.putArray("excludedPaths")::add);
        includedTaskIds.forEach(node.putArray("includedTaskIds")::add);
        node.put("taskDigest", taskDigest);
        node.put("changeDigest", changeDigest);
        return node;
    }

    public ScopeBlock withCandidate(String candidate, Optional<String> baseRef) {
        return restamped(schemaVersion, cliVersion, baseRef, candidate, emptyBoundaryAuthorized);
    }

    public ScopeBlock withEmptyBoundaryAuthorized(boolean authorized) {
        return restamped(schemaVersion, cliVersion, baseRef, candidate, authorized);
    }

    /** The same boundary stamped by another CLI version or at another schema version (the legacy 5). */
    public ScopeBlock stamped(int schemaVersion, String cliVersion) {
        return restamped(schemaVersion, cliVersion, baseRef, candidate, emptyBoundaryAuthorized);
    }

    /** The same boundary (commits, paths, tasks and digests) under other stamps, names and authorisation. */
    private ScopeBlock restamped(
            int schemaVersion,
            String cliVersion,
            Optional<String> baseRef,
            String candidate,
            boolean emptyBoundaryAuthorized) {
        return new ScopeBlock(
                schemaVersion,
                cliVersion,
                taskId,
                base,
                baseRef,
                candidate,
                baseCommit,
                candidateCommit,
                changedFiles,
                emptyBoundaryAuthorized,
                excludedPaths,
                includedTaskIds,
                taskDigest,
                changeDigest);
    }

    /** The block as {@code wb judge scope --json} prints it and a record carries it, in the judge's key order. */
    public ObjectNode toJson() {
        ObjectNode identity = identity();
        ObjectNode node = CanonicalJson.objectNode();
        for (String key : KEYS) {
            if (key.equals("baseRef")) {
                baseRef.ifPresent(ref -> node.put("baseRef", ref));
            } else if (key.equals("scopeDigest")) {
                node.put("scopeDigest", scopeDigest());
            } else {
                node.set(key, identity.get(key));
            }
        }
        return node;
    }

    /** Reads a block {@link #toJson} wrote (a snapshot's metadata); the scope digest is recomputed, not read. */
    public static ScopeBlock fromJson(JsonNode node) {
        return new ScopeBlock(
                node.path("schemaVersion").asInt(),
                node.path("cliVersion").asText(),
                node.path("taskId").asText(),
                node.path("base").asText(),
                Optional.ofNullable(node.get("baseRef")).map(JsonNode::asText),
                node.path("candidate").asText(),
                node.path("baseCommit").asText(),
                node.path("candidateCommit").asText(),
                texts(node.path("changedFiles")),
                node.path("emptyBoundaryAuthorized").asBoolean(false),
                texts(node.path("excludedPaths")),
                texts(node.path("includedTaskIds")),
                node.path("taskDigest").asText(),
                node.path("changeDigest").asText());
    }

    private static List<String> texts(JsonNode array) {
        List<String> out = new ArrayList<>();
        array.forEach(n -> out.add(n.asText()));
        return out;
    }
}
