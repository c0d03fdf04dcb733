package dev.wb.commands.judge.record;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.wb.commands.base.Failure;
import dev.wb.commands.base.Workspace;
import dev.wb.commands.capsule.Capsule;
import dev.wb.commands.capsule.CapsuleFolder;
import dev.wb.commands.judge.core.ReviewRecord;
import dev.wb.commands.judge.snapshot.Candidate;
import dev.wb.commands.judge.snapshot.JudgeScope;
import dev.wb.commands.judge.snapshot.ScopeBlock;
import dev.wb.commands.judge.snapshot.Snapshot;
import dev.wb.commands.judge.snapshot.Snapshots;
import dev.wb.commands.policy.ReadPolicy;
import dev.wb.engine.TaskKey;
import dev.wb.engine.json.CanonicalJson;
import dev.wb.git.Backend;
import dev.wb.git.BlobRead;
import dev.wb.git.GitException;
import dev.wb.git.GitRepository;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.function.Function;

/**
 * The boundary a record claims to have reviewed, recomputed: for a snapshot, the snapshot (and every
 * ancestor) intact and its scope computed again from its own repository; for a commit or the working
 * tree (plain verification only), the scope computed again in the live repository. Gives the capsule
 * as reviewed, a reader of the reviewed content (for proof documents), and the clarification check.
 */
record Boundary(
        Optional<Snapshot> snapshot,
        Capsule capsule,
        Function<String, Optional<byte[]>> reader,
        List<String> clarification) {

    /** The boundary, or null with the reasons added when it cannot be recomputed or does not match. */
    static Boundary of(
            Workspace workspace,
            ReviewRecord record,
            RecordVerification.Evidence evidence,
            Map<String, String> env,
            List<String> reasons) {
        Optional<TaskKey> key = TaskKey.parse(record.taskId());
        if (key.isEmpty()) {
            reasons.add("taskId is invalid.");
            return null;
        }
        String candidate = record.candidate();
        ReadPolicy policy = ReadPolicy.load(workspace);
        Claim claim = new Claim(workspace, record, key.get(), candidate, policy, env);
        try {
            if (candidate.startsWith("SNAPSHOT:")) {
                return claim.ofSnapshot(reasons);
            }
            if (!(evidence instanceof RecordVerification.Plain)) {
                reasons.add("the record's candidate is " + candidate + ", not a snapshot: a pinned receipt and"
                        + " --run-tests need a snapshot (capture one: wb judge snapshot " + key.get() + ")");
                return null;
            }
            return claim.ofLive(reasons);
        } catch (Failure e) {
            reasons.add("Cannot recompute review scope: " + e.getMessage());
            return null;
        }
    }

    /**
     * What a record claims, as a recomputation reads it: the workspace, the record, its task, its
     * candidate's spelling, the read policy and the environment; and the boundary recomputed from it.
     */
    private record Claim(
            Workspace workspace,
            ReviewRecord record,
            TaskKey key,
            String candidate,
            ReadPolicy policy,
            Map<String, String> env) {

        Boundary ofSnapshot(List<String> reasons) {
            Snapshot snapshot = Snapshots.load(workspace, Candidate.snapshotId(candidate), env);
            if (!snapshot.taskId().equals(key.value())) {
                reasons.add("Snapshot " + snapshot.id() + " belongs to " + snapshot.taskId() + ", not " + key + ".");
            }
            ScopeBlock recomputed = Snapshots.scopeOf(snapshot, env);
            compare(record, recomputed, reasons);
            Capsule capsule = Capsule.read(snapshot.worktree(), key, policy);
            Function<String, Optional<byte[]>> reader =
                    path -> JudgeScope.readFile(snapshot.worktree().resolve(path));
            String folder = CapsuleFolder.resolve(snapshot.worktree(), key);
            List<String> clarification;
            try (GitRepository repo = GitRepository.open(snapshot.worktree(), Snapshots.privateEnv(env), Backend.CLI)) {
                clarification = ClarificationCheck.notices(
                        folder, path -> blob(repo, snapshot.base(), path), reader, snapshot.base(), snapshot.label());
            } catch (GitException e) {
                clarification = List.of("Clarification comparison unavailable: the snapshot's base cannot be read");
            }
            return new Boundary(Optional.of(snapshot), capsule, reader, clarification);
        }

        Boundary ofLive(List<String> reasons) {
            String base = record.scope().path("baseCommit").asText("");
            List<TaskKey> includes = new ArrayList<>();
            record.scope()
                    .path("includedTaskIds")
                    .forEach(t -> TaskKey.parse(t.asText()).ifPresent(includes::add));
            ScopeBlock recomputed = JudgeScope.compute(
                    workspace, new JudgeScope.Request(key, base, Candidate.parse(candidate), includes), env);
            compare(record, recomputed, reasons);
            if (candidate.equals("WORKTREE")) {
                Function<String, Optional<byte[]>> reader =
                        path -> JudgeScope.readFile(workspace.root().resolve(path));
                return new Boundary(
                        Optional.empty(),
                        Capsule.read(workspace.root(), key, policy),
                        reader,
                        List.of("Clarification comparison unavailable: a WORKTREE candidate is the live workspace,"
                                + " which the comparison never uses. No conclusion about consultation is drawn."));
            }
            try (GitRepository live = GitRepository.open(workspace.root(), env, Backend.AUTO)) {
                String commit = recomputed.candidateCommit();
                JudgeScope.Sides sides = JudgeScope.commitSides(live, key, base, commit);
                // The capsule the scope's taskDigest covers: the one on disk, as the review judge reads it.
                Capsule capsule = Capsule.read(workspace.root(), key, policy);
                Map<String, byte[]> cache = new LinkedHashMap<>();
                Function<String, Optional<byte[]>> reader = path -> Optional.ofNullable(
                        cache.computeIfAbsent(path, p -> blob(live, commit, p).orElse(null)));
                List<String> clarification = ClarificationCheck.notices(
                        sides.capsuleFolder(), path -> blob(live, base, path), reader, base, commit);
                return new Boundary(Optional.empty(), capsule, reader, clarification);
            }
        }
    }

    /**
     * The record's scope against the boundary's, recomputed, stamped at the record's schema version
     * (5 for a legacy record) and CLI version (the version gate is its own reason). The judge's
     * comparisons, in its words: {@code scope.<field> no longer matches the repository.} for the
     * commits, digests and path lists, {@code scope.includedTaskIds no longer matches the reviewed
     * snapshot.}; then wb's stricter rest: every other field but {@code baseRef} (the base's
     * spelling, diagnostic only) must be the recomputed one too, since the judge copies the block
     * unchanged and a difference can only be an edit.
     */
    private static void compare(ReviewRecord record, ScopeBlock recomputed, List<String> reasons) {
        JsonNode scope = record.scope();
        ObjectNode expected = recomputed
                .stamped(record.schemaVersion(), scope.path("cliVersion").asText())
                .toJson();
        for (String field : List.of(
                "baseCommit",
                "candidateCommit",
                "taskDigest",
                "changeDigest",
                "scopeDigest",
                "changedFiles",
                "excludedPaths")) {
            if (!same(expected.get(field), scope.get(field))) {
                reasons.add("scope." + field + " no longer matches the repository.");
            }
        }
        if (!same(expected.get("includedTaskIds"), scope.get("includedTaskIds"))) {
            reasons.add("scope.includedTaskIds no longer matches the reviewed snapshot.");
        }
        for (String field : List.of("base", "candidate", "emptyBoundaryAuthorized")) {
            if (!same(expected.get(field), scope.get(field))) {
                reasons.add("scope." + field + " no longer matches the repository.");
            }
        }
    }

    private static boolean same(JsonNode a, JsonNode b) {
        return a != null && b != null && Arrays.equals(CanonicalJson.bytes(a), CanonicalJson.bytes(b));
    }

    static Optional<byte[]> blob(GitRepository repo, String commit, String path) {
        BlobRead read = repo.blobAt(commit, path, 16L << 20);
        return read instanceof BlobRead.Found found ? Optional.of(found.bytes()) : Optional.empty();
    }
}
