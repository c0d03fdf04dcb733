package dev.wb.commands.judge.snapshot;

import com.fasterxml.jackson.databind.JsonNode;
import dev.wb.commands.base.Failure;
import dev.wb.commands.base.Workspace;
import dev.wb.engine.Digests;
import dev.wb.engine.TaskKey;
import dev.wb.engine.json.CanonicalJson;
import dev.wb.git.Backend;
import dev.wb.git.GitException;
import dev.wb.git.GitRepository;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.LinkOption;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.HashMap;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.TreeSet;

/**
 * Where snapshots live ({@code .workflow/local/judge/snapshots/<id>/}) and how one is loaded: only
 * whole, in the current format, answering to its id, with every covered path unchanged since capture
 * and every ancestor intact. A snapshot that fails any of these is refused with the reason and the
 * command that captures a new one.
 */
public final class Snapshots {

    private Snapshots() {}

    public static Path judgeDir(Workspace workspace) {
        return workspace.localDir().resolve("judge");
    }

    public static Path dir(Workspace workspace) {
        return judgeDir(workspace).resolve("snapshots");
    }

    /**
     * The snapshot {@code id}, strongly checked (see the class comment); its repository's refs are read
     * by the git on the PATH of {@code env}, the run's environment.
     */
    public static Snapshot load(Workspace workspace, String id, Map<String, String> env) {
        return load(workspace, id, env, new HashSet<>());
    }

    private static Snapshot load(Workspace workspace, String id, Map<String, String> env, Set<String> seen) {
        Path dir = dir(workspace).resolve(Candidate.snapshotId(id));
        if (!Files.isDirectory(dir, LinkOption.NOFOLLOW_LINKS)) {
            throw Failure.missing(
                    "unknown snapshot: SNAPSHOT:" + id + " (no "
                            + workspace.root().relativize(dir) + ")",
                    "capture one: wb judge snapshot KEY --base REF");
        }
        Snapshot snapshot = readMetadata(dir, id);
        String fix = "capture a new snapshot: wb judge snapshot " + snapshot.taskId();
        byte[] fingerprintBytes = read(dir.resolve(Snapshot.FINGERPRINT), id);
        if (!Digests.sha256(fingerprintBytes).equals(snapshot.fingerprintDigest())) {
            throw damaged(id, "its fingerprint file was changed after capture", fix);
        }
        Fingerprint recorded;
        try {
            recorded = Fingerprint.parse(fingerprintBytes);
        } catch (IllegalArgumentException e) {
            throw damaged(id, "its fingerprint file is malformed (" + e.getMessage() + ")", fix);
        }
        if (!recorded.contentDigest().equals(snapshot.contentDigest()) || recorded.files() != snapshot.coveredFiles()) {
            throw damaged(id, "its fingerprint does not match the content its id binds", fix);
        }
        List<String> changed;
        try {
            changed = recorded.differences(Fingerprint.stat(snapshot.worktree()));
        } catch (IOException e) {
            throw damaged(id, "its tree cannot be read (" + e.getMessage() + ")", fix);
        }
        if (!changed.isEmpty()) {
            throw damaged(id, "its tree was modified after capture: " + sample(changed), fix);
        }
        checkRefs(snapshot, env, fix);
        if (snapshot.parent().isPresent()) {
            if (!seen.add(id)) {
                throw damaged(id, "its ancestry loops back to itself", fix);
            }
            load(workspace, snapshot.parent().get(), env, seen);
        }
        return snapshot;
    }

    private static Snapshot readMetadata(Path dir, String id) {
        JsonNode node = metadataNode(dir, id);
        String fix = "capture a new snapshot: wb judge snapshot "
                + node.path("taskId").asText("KEY");
        refuseOtherFormats(node, id, fix);
        Snapshot snapshot;
        try {
            snapshot = Snapshot.fromJson(node, dir);
        } catch (RuntimeException e) {
            throw damaged(id, "its " + Snapshot.METADATA + " is malformed", fix);
        }
        checkBindings(snapshot, node, id, fix);
        return snapshot;
    }

    /** The metadata file, parsed: a JSON object with a format (not the original review judge's version). */
    private static JsonNode metadataNode(Path dir, String id) {
        String fix = "capture a new snapshot: wb judge snapshot KEY";
        JsonNode node;
        try {
            node = CanonicalJson.parse(read(dir.resolve(Snapshot.METADATA), id));
        } catch (RuntimeException e) {
            if (e instanceof Failure failure) {
                throw failure;
            }
            throw damaged(id, "its " + Snapshot.METADATA + " is not valid JSON", fix);
        }
        if (node != null && node.isObject() && !node.has("format") && node.has("version")) {
            throw new Failure(
                    Failure.Kind.MISSING,
                    "SNAPSHOT:" + id + " was captured by the original review judge"
                            + " (its snapshot version " + node.path("version").asText()
                            + "), whose fingerprints and private"
                            + " repository wb does not read",
                    List.of("re-capture it with: wb judge snapshot "
                            + node.path("taskId").asText("KEY") + " --base REF"));
        }
        if (node == null || !node.isObject() || !node.path("format").canConvertToInt()) {
            throw damaged(id, "its " + Snapshot.METADATA + " has no format", fix);
        }
        return node;
    }

    /** Refuses a legacy format, and one written by a newer wb. */
    private static void refuseOtherFormats(JsonNode node, String id, String fix) {
        int format = node.path("format").asInt();
        if (format < Snapshot.FORMAT || node.has("generatedArtifacts") || node.has("buildArtifacts")) {
            throw new Failure(
                    Failure.Kind.MISSING,
                    "SNAPSHOT:" + id + " is in a legacy format (" + format
                            + "; this wb reads format " + Snapshot.FORMAT + "): it predates " + predates(format)
                            + ", so it cannot be reviewed or run",
                    List.of(fix));
        }
        if (format > Snapshot.FORMAT) {
            throw new Failure(
                    Failure.Kind.MISSING,
                    "SNAPSHOT:" + id + " was written by a newer wb (format " + format + "; this wb reads "
                            + Snapshot.FORMAT + ")",
                    List.of("use the wb that captured it, or " + fix));
        }
    }

    /** Refuses metadata that no longer answers to its folder's id, or whose derived fields disagree with it. */
    private static void checkBindings(Snapshot snapshot, JsonNode node, String id, String fix) {
        String expected = snapshot.expectedId();
        if (!expected.equals(id) || !snapshot.id().equals(id)) {
            throw damaged(id, "its metadata no longer answers to its id (it binds " + expected + ")", fix);
        }
        List<String> derived = disagreeing(node, snapshot.toJson());
        if (!derived.isEmpty()) {
            throw damaged(
                    id,
                    "its metadata's " + String.join(", ", derived) + " no longer agree with what its id" + " binds",
                    fix);
        }
        if (snapshot.emptyBoundaryAuthorized()
                != snapshot.scope().changedFiles().isEmpty()) {
            throw damaged(
                    id,
                    "its metadata says emptyBoundaryAuthorized " + snapshot.emptyBoundaryAuthorized()
                            + " for " + snapshot.scope().changedFiles().size()
                            + " changed files (only an empty boundary is"
                            + " captured, and only with --allow-empty)",
                    fix);
        }
    }

    private static String predates(int format) {
        if (format == 7) {
            return "the review judge's version 6 scope block (schemaVersion, cliVersion, baseCommit, taskDigest…)";
        }
        if (format == 6) {
            return "the binding of all its metadata into its id";
        }
        return "the empty-boundary contract" + (format < 5 ? ", write detection and canonical base refs" : "");
    }

    /**
     * The fields of the metadata as read that differ from the metadata as its bound fields write it:
     * the scope block and the top-level {@code emptyBoundaryAuthorized} are derived, so an edit there
     * (an emptied {@code scope.changedFiles}, a flipped flag) shows as a difference; an unknown
     * field too. Scope fields are named {@code scope.<field>}.
     */
    private static List<String> disagreeing(JsonNode read, JsonNode written) {
        List<String> fields = new ArrayList<>();
        TreeSet<String> names = new TreeSet<>();
        read.fieldNames().forEachRemaining(names::add);
        written.fieldNames().forEachRemaining(names::add);
        for (String name : names) {
            JsonNode a = read.get(name);
            JsonNode b = written.get(name);
            if (name.equals("scope") && a != null && a.isObject() && b != null) {
                disagreeing(a, b).forEach(field -> fields.add("scope." + field));
            } else if (a == null || b == null || !Arrays.equals(CanonicalJson.bytes(a), CanonicalJson.bytes(b))) {
                fields.add(name);
            }
        }
        return fields;
    }

    private static void checkRefs(Snapshot snapshot, Map<String, String> env, String fix) {
        try (GitRepository repo = GitRepository.open(snapshot.worktree(), privateEnv(env), Backend.CLI)) {
            if (!repo.resolveCommit("refs/wb/candidate").equals(Optional.of(snapshot.candidateCommit()))
                    || !repo.resolveCommit("refs/wb/base").equals(Optional.of(snapshot.base()))) {
                throw damaged(snapshot.id(), "its repository's base or candidate ref moved", fix);
            }
        } catch (GitException e) {
            throw damaged(snapshot.id(), "its repository cannot be read (" + e.getMessage() + ")", fix);
        }
    }

    /**
     * The environment git gets for a snapshot's own repository: the caller's without any {@code GIT_*}
     * variable, which (a {@code GIT_DIR} from a hook, say) would point git at the live repository.
     */
    public static Map<String, String> privateEnv(Map<String, String> env) {
        Map<String, String> clean = new HashMap<>(env);
        clean.keySet().removeIf(name -> name.startsWith("GIT_"));
        return clean;
    }

    /**
     * The scope block recomputed from the snapshot's own repository: git's difference of its base and
     * candidate commits there (the captured tree), the capsule in the candidate, the withheld paths
     * and the CLI version as captured (the repository never held the withheld paths).
     */
    public static ScopeBlock scopeOf(Snapshot snapshot, Map<String, String> env) {
        try (GitRepository repo = GitRepository.open(snapshot.worktree(), privateEnv(env), Backend.CLI)) {
            ScopeBlock recorded = snapshot.scope();
            TaskKey key = TaskKey.parse(snapshot.taskId()).orElseThrow();
            ScopeBlock computed = JudgeScope.build(
                    key,
                    JudgeScope.commitSides(repo, key, snapshot.base(), snapshot.candidateCommit()),
                    path -> false,
                    recorded.includedTaskIds().stream()
                            .map(t -> TaskKey.parse(t).orElseThrow())
                            .toList(),
                    Optional.of(recorded.excludedPaths()),
                    recorded.emptyBoundaryAuthorized());
            return computed.stamped(recorded.schemaVersion(), recorded.cliVersion())
                    .withCandidate(snapshot.label(), snapshot.baseRef());
        } catch (GitException e) {
            throw damaged(
                    snapshot.id(),
                    "its repository cannot be read (" + e.getMessage() + ")",
                    "capture a new snapshot: wb judge snapshot " + snapshot.taskId());
        }
    }

    /** Every snapshot folder's name, sorted; temporary capture folders aside. */
    public static List<String> ids(Workspace workspace) {
        List<String> ids = new ArrayList<>();
        try (var stream = Files.list(dir(workspace))) {
            stream.map(p -> p.getFileName().toString())
                    .filter(n -> Candidate.SNAPSHOT_ID.matcher(n).matches())
                    .sorted()
                    .forEach(ids::add);
        } catch (IOException e) {
            return List.of();
        }
        return ids;
    }

    private static byte[] read(Path file, String id) {
        try {
            return Files.readAllBytes(file);
        } catch (IOException e) {
            throw damaged(
                    id,
                    "its " + file.getFileName() + " cannot be read",
                    "capture a new snapshot: wb judge snapshot KEY");
        }
    }

    static Failure damaged(String id, String why, String fix) {
        return new Failure(Failure.Kind.MISSING, "SNAPSHOT:" + id + " is not intact: " + why, List.of(fix));
    }

    public static String sample(List<String> paths) {
        int shown = Math.min(paths.size(), 10);
        return String.join(", ", paths.subList(0, shown))
                + (paths.size() > shown ? " and " + (paths.size() - shown) + " more" : "");
    }
}
