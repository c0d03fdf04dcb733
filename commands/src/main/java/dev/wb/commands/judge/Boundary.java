package dev.wb.commands.judge;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.wb.commands.Failure;
import dev.wb.commands.Workspace;
import dev.wb.commands.capsule.Capsule;
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
import java.util.Set;
import java.util.function.Function;

/**
 * The boundary a record claims to have reviewed, recomputed: for a snapshot, the snapshot (and every
 * ancestor) intact and its scope computed again from its own repository; for a commit or the working
 * tree (plain verification only), the scope computed again in the live repository. Gives the capsule
 * as reviewed, a reader of the reviewed content (for proof documents), and the clarification check.
 */
record Boundary(Optional<Snapshot> snapshot, Capsule capsule, Function<String, Optional<byte[]>> reader,
        List<String> clarification) {

    /** The boundary, or null with the reasons added when it cannot be recomputed or does not match. */
    static Boundary of(Workspace workspace, ReviewRecord record, RecordVerification.Evidence evidence,
            Map<String, String> env, List<String> reasons) {
        Optional<TaskKey> key = TaskKey.parse(record.taskId());
        if (key.isEmpty()) {
            reasons.add("taskId " + record.taskId() + " is not a task key");
            return null;
        }
        String candidate = record.candidate();
        ReadPolicy policy = ReadPolicy.load(workspace);
        try {
            if (candidate.startsWith("SNAPSHOT:")) {
                return ofSnapshot(workspace, record, key.get(), candidate, policy, env, reasons);
            }
            if (!(evidence instanceof RecordVerification.Plain)) {
                reasons.add("the record's candidate is " + candidate + ", not a snapshot: a pinned receipt and"
                        + " --run-tests need a snapshot (capture one: wb judge snapshot " + key.get() + ")");
                return null;
            }
            return ofLive(workspace, record, key.get(), candidate, policy, env, reasons);
        } catch (Failure e) {
            reasons.add(e.getMessage());
            return null;
        }
    }

    private static Boundary ofSnapshot(Workspace workspace, ReviewRecord record, TaskKey key, String candidate,
            ReadPolicy policy, Map<String, String> env, List<String> reasons) {
        Snapshot snapshot = Snapshots.load(workspace, Candidate.snapshotId(candidate));
        if (!snapshot.taskId().equals(key.value())) {
            reasons.add("the record is for " + key + " but its snapshot is of " + snapshot.taskId());
        }
        ScopeBlock recomputed = Snapshots.scopeOf(snapshot, env);
        compare(record, recomputed, reasons);
        Capsule capsule = Capsule.read(snapshot.worktree(), key, policy);
        Function<String, Optional<byte[]>> reader = path -> JudgeScope.readFile(snapshot.worktree().resolve(path));
        List<String> clarification;
        try (GitRepository repo = GitRepository.open(snapshot.worktree(), Snapshots.privateEnv(env), Backend.CLI)) {
            clarification = ClarificationCheck.notices(key, path -> blob(repo, snapshot.base(), path), reader,
                    snapshot.base(), snapshot.label());
        } catch (GitException e) {
            clarification = List.of("Clarification comparison unavailable: the snapshot's base cannot be read");
        }
        return new Boundary(Optional.of(snapshot), capsule, reader, clarification);
    }

    private static Boundary ofLive(Workspace workspace, ReviewRecord record, TaskKey key, String candidate,
            ReadPolicy policy, Map<String, String> env, List<String> reasons) {
        String base = record.scope().path("base").asText("");
        List<TaskKey> includes = new ArrayList<>();
        record.scope().path("includedTaskIds").forEach(t -> TaskKey.parse(t.asText()).ifPresent(includes::add));
        ScopeBlock recomputed = JudgeScope.compute(workspace, new JudgeScope.Request(key, base,
                Candidate.parse(candidate), includes), env);
        compare(record, recomputed, reasons);
        if (candidate.equals("WORKTREE")) {
            Function<String, Optional<byte[]>> reader = path -> JudgeScope.readFile(workspace.root().resolve(path));
            return new Boundary(Optional.empty(), Capsule.read(workspace.root(), key, policy), reader,
                    List.of("Clarification comparison unavailable: a WORKTREE candidate is the live workspace,"
                            + " which the comparison never uses"));
        }
        try (GitRepository live = GitRepository.open(workspace.root(), env, Backend.AUTO)) {
            String commit = recomputed.candidate();
            Map<String, byte[]> documents = new LinkedHashMap<>();
            for (String name : Capsule.DOCUMENTS) {
                blob(live, commit, ".workflow/" + key + "/" + name).ifPresent(bytes -> documents.put(name, bytes));
            }
            JudgeScope.capsule(key, path -> Optional.ofNullable(documents.get(path.substring(
                    path.lastIndexOf('/') + 1)))); // names every missing document
            Capsule capsule = Capsule.of(key, documents, policy);
            Map<String, byte[]> cache = new LinkedHashMap<>();
            Function<String, Optional<byte[]>> reader = path -> Optional.ofNullable(cache.computeIfAbsent(path,
                    p -> blob(live, commit, p).orElse(null)));
            List<String> clarification = ClarificationCheck.notices(key, path -> blob(live, base, path), reader, base,
                    commit);
            return new Boundary(Optional.empty(), capsule, reader, clarification);
        }
    }

    /**
     * Every field of the record's scope against the boundary's, recomputed: the judge copies the block
     * unchanged, so any difference is an edit (a kept digest over emptied paths, say). Two fields are
     * left out: {@code baseRef}, the spelling of the base, diagnostic only; and {@code wbVersion},
     * which has a reason of its own.
     */
    private static void compare(ReviewRecord record, ScopeBlock recomputed, List<String> reasons) {
        ObjectNode expected = recomputed.toJson();
        if (!recomputed.scopeDigest().equals(record.scopeDigest())) {
            reasons.add("the record's scopeDigest " + record.scopeDigest() + " is not the boundary's, recomputed: "
                    + recomputed.scopeDigest());
        }
        expected.fieldNames().forEachRemaining(field -> {
            if (!Set.of("baseRef", "wbVersion", "scopeDigest").contains(field)
                    && !same(expected.get(field), record.scope().get(field))) {
                reasons.add("the record's scope." + field + " is not the boundary's, recomputed (the scope block is"
                        + " copied unchanged from wb judge scope --json)");
            }
        });
    }

    private static boolean same(JsonNode a, JsonNode b) {
        return a != null && b != null && Arrays.equals(CanonicalJson.bytes(a), CanonicalJson.bytes(b));
    }

    static Optional<byte[]> blob(GitRepository repo, String commit, String path) {
        BlobRead read = repo.blobAt(commit, path, 16L << 20);
        return read instanceof BlobRead.Found found ? Optional.of(found.bytes()) : Optional.empty();
    }
}
