package dev.wb.commands.judge.snapshot;

import dev.wb.commands.base.Failure;
import dev.wb.commands.base.Workspace;
import dev.wb.commands.capsule.Capsule;
import dev.wb.commands.capsule.CapsuleFolder;
import dev.wb.commands.judge.core.DiffRenames;
import dev.wb.commands.policy.ReadPolicy;
import dev.wb.engine.TaskKey;
import dev.wb.engine.WbVersion;
import dev.wb.git.Backend;
import dev.wb.git.BlobRead;
import dev.wb.git.GitException;
import dev.wb.git.GitRepository;
import dev.wb.git.ReviewReads.IndexEntry;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.LinkOption;
import java.nio.file.Path;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.HexFormat;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.TreeMap;
import java.util.TreeSet;
import java.util.function.Function;
import java.util.function.Predicate;

/**
 * {@code wb judge scope}: the complete scope block of a task's change, as the review judge defines
 * it (docs/JUDGE.md). The base is resolved once, in the live repository, to its full commit id; the
 * boundary is git's own difference between that commit and the candidate (plus, for the working
 * tree, every untracked file git does not ignore); blocked paths are listed by name and kept out of
 * the difference at git's level; a change inside another task's capsule stops the computation unless
 * that task is named with {@code --include-task}.
 */
public final class JudgeScope {

    public record Request(TaskKey key, String baseRef, Candidate candidate, List<TaskKey> includeTasks) {}

    /**
     * One side of a boundary as git sees it: the base, the candidate commit the diff runs against
     * (empty for the working tree), the change digest's diff (given the paths to keep out of it), the
     * tracked paths that differ, the untracked files and how to read them, and the task's capsule
     * folder with a reader of its documents.
     */
    public record Sides(
            String base,
            String candidateCommit,
            Optional<String> diffAgainst,
            Function<List<String>, byte[]> changeDiff,
            List<String> tracked,
            List<String> untracked,
            Function<String, Optional<byte[]>> untrackedBytes,
            Function<String, Optional<byte[]>> capsuleBytes,
            String capsuleFolder) {}

    private JudgeScope() {}

    public static ScopeBlock compute(Workspace workspace, Request request, Map<String, String> env) {
        ReadPolicy policy = ReadPolicy.load(workspace);
        try (GitRepository live = GitRepository.open(workspace.root(), env, Backend.AUTO)) {
            if (request.candidate() instanceof Candidate.Snapshot snapshot) {
                return ofSnapshot(workspace, live, request, snapshot, env);
            }
            String base = resolveBase(live, request.baseRef());
            Optional<String> baseRef =
                    request.baseRef().equals(base) ? Optional.empty() : Optional.of(request.baseRef());
            if (request.candidate() instanceof Candidate.Commit commit) {
                String id = live.resolveCommit(commit.ref())
                        .orElseThrow(() -> Failure.usage(
                                "unknown candidate: " + commit.ref(),
                                "give a commit, branch or tag, WORKTREE or SNAPSHOT:<id>"));
                return build(
                                request.key(),
                                LiveBoundary.capsuleOnDisk(
                                        workspace, request.key(), commitSides(live, request.key(), base, id)),
                                policy,
                                request.includeTasks(),
                                Optional.empty(),
                                false)
                        .withCandidate(commit.ref(), baseRef);
            }
            String head = live.head()
                    .orElseThrow(() -> Failure.usage(
                            "nothing is committed on this branch yet",
                            "commit the base of the work first; the scope names HEAD as its candidate commit"));
            Sides sides =
                    LiveBoundary.sides(workspace, request.key(), live.review().worktree(base, head));
            return build(request.key(), sides, policy, request.includeTasks(), Optional.empty(), false)
                    .withCandidate("WORKTREE", baseRef);
        } catch (GitException e) {
            throw new Failure(
                    Failure.Kind.NOT_COMPLETED,
                    "git could not compute the review boundary: " + e.getMessage(),
                    List.of("check the repository with: git status"));
        }
    }

    private static ScopeBlock ofSnapshot(
            Workspace workspace,
            GitRepository live,
            Request request,
            Candidate.Snapshot snapshot,
            Map<String, String> env) {
        Snapshot captured = Snapshots.load(workspace, snapshot.id(), env);
        if (!captured.taskId().equals(request.key().value())) {
            throw Failure.usage(
                    snapshot.label() + " is a snapshot of " + captured.taskId() + ", not " + request.key(),
                    "ask for its scope as: wb judge scope " + captured.taskId() + " --base " + captured.base()
                            + " --candidate " + snapshot.label());
        }
        // A catch-up snapshot's base is its parent's candidate commit, which only the snapshots hold.
        String base = request.baseRef().equals(captured.base())
                        || request.baseRef().equals(captured.baseRef().orElse(null))
                ? captured.base()
                : resolveBase(live, request.baseRef());
        if (!captured.base().equals(base)) {
            throw Failure.usage(
                    "SNAPSHOT:" + snapshot.id() + " was captured against base " + captured.base() + ", not " + base
                            + " (" + request.baseRef() + ")",
                    "give the snapshot's base: --base " + captured.base());
        }
        return Snapshots.scopeOf(captured, env);
    }

    /** The sides of a boundary between two commits of {@code repo}: the candidate's tree read from git. */
    public static Sides commitSides(GitRepository repo, TaskKey key, String base, String commit) {
        Map<String, IndexEntry> tree = new HashMap<>();
        repo.review().treeEntries(commit).forEach(entry -> tree.put(entry.path(), entry));
        List<String> tracked = repo.review().changedNames(base, Optional.of(commit));
        tracked.stream()
                .filter(p -> tree.containsKey(p) && tree.get(p).mode().equals("160000"))
                .findFirst()
                .ifPresent(p -> {
                    throw submodule(p);
                });
        // A folder's sub-folders, found when asked (the capsule's resolution asks for one folder's).
        Function<String, List<String>> children = dir -> {
            String prefix = dir + "/";
            TreeSet<String> names = new TreeSet<>();
            for (String path : tree.keySet()) {
                int slash = path.startsWith(prefix) ? path.indexOf('/', prefix.length()) : -1;
                if (slash >= 0) {
                    names.add(path.substring(prefix.length(), slash));
                }
            }
            return List.copyOf(names);
        };
        return new Sides(
                base,
                commit,
                Optional.of(commit),
                excluded -> repo.review().binaryDiff(base, Optional.of(commit), excluded),
                tracked,
                List.of(),
                path -> Optional.empty(),
                doc -> blob(repo, commit, doc),
                CapsuleFolder.resolve(key, tree::containsKey, children));
    }

    /**
     * The block from one side of a boundary: wb's own never-committed folder ({@code .workflow/local/})
     * left out, blocked paths set aside by name, the foreign-capsule rule, the change digest and the
     * capsule's digest. {@code excludedOverride} gives the withheld paths when the side cannot see them
     * (a snapshot's repository, which never held them).
     */
    static ScopeBlock build(
            TaskKey key,
            Sides sides,
            Predicate<String> blocked,
            List<TaskKey> includeTasks,
            Optional<List<String>> excludedOverride,
            boolean emptyBoundaryAuthorized) {
        Parts parts = parts(key, sides, blocked, includeTasks, excludedOverride);
        MessageDigest change = sha256();
        change.update(bytes("git-diff\0"));
        byte[] diff = sides.changeDiff().apply(parts.gitExcluded());
        change.update(diff);
        for (String path : parts.untracked()) {
            byte[] content = sides.untrackedBytes().apply(path).orElseThrow(() -> submodule(path));
            change.update(bytes("untracked\0" + path + "\0"));
            change.update(content);
            change.update(bytes("\0"));
        }
        change.update(bytes("excluded\0" + String.join("\0", parts.excluded()) + "\0"));
        String taskDigest =
                capsule(key, sides.capsuleFolder(), sides.capsuleBytes()).taskDigest();
        return new ScopeBlock(
                ScopeBlock.SCHEMA_VERSION,
                WbVersion.current(),
                key.value(),
                sides.base(),
                Optional.empty(),
                sides.diffAgainst().orElse("WORKTREE"),
                sides.base(),
                sides.candidateCommit(),
                renamedAway(parts.changed(), DiffRenames.sources(diff)),
                emptyBoundaryAuthorized,
                parts.excluded(),
                parts.included(),
                taskDigest,
                "sha256:" + HexFormat.of().formatHex(change.digest()));
    }

    /** The changed paths as {@code git diff --name-only} names them: a renamed file by its new path only. */
    private static List<String> renamedAway(List<String> changed, Set<String> sources) {
        return changed.stream().filter(p -> !sources.contains(p)).toList();
    }

    /**
     * A boundary's paths, sorted: changed (tracked and untracked), withheld, the tasks included, the
     * tracked paths kept out of git's diff, and the untracked files the change digest reads. The
     * foreign-capsule rule is applied here.
     */
    record Parts(
            List<String> changed,
            List<String> excluded,
            List<String> included,
            List<String> gitExcluded,
            List<String> untracked) {}

    static Parts parts(
            TaskKey key,
            Sides sides,
            Predicate<String> blocked,
            List<TaskKey> includeTasks,
            Optional<List<String>> excludedOverride) {
        TreeSet<String> changed = new TreeSet<>();
        TreeSet<String> excluded = new TreeSet<>(excludedOverride.orElse(List.of()));
        List<String> gitExcluded = new ArrayList<>();
        for (String path : sides.tracked()) {
            if (local(path) || blocked.test(path)) {
                gitExcluded.add(path);
                if (!local(path)) {
                    excluded.add(path);
                }
            } else {
                changed.add(path);
            }
        }
        List<String> untracked = new ArrayList<>();
        for (String path : new TreeSet<>(sides.untracked())) {
            if (local(path)) {
                continue;
            }
            if (blocked.test(path)) {
                excluded.add(path);
            } else {
                untracked.add(path);
                changed.add(path);
            }
        }
        TreeSet<String> included = new TreeSet<>();
        includeTasks.forEach(task -> included.add(task.value()));
        refuseForeignCapsules(key, List.copyOf(changed), included);
        return new Parts(
                List.copyOf(changed),
                List.copyOf(excluded),
                List.copyOf(included),
                List.copyOf(gitExcluded),
                List.copyOf(untracked));
    }

    private static boolean local(String path) {
        return path.startsWith(".workflow/local/");
    }

    public static String resolveBase(GitRepository live, String baseRef) {
        return live.resolveCommit(baseRef)
                .orElseThrow(() -> Failure.usage(
                        "unknown base: " + baseRef + " names no commit in this repository",
                        "give a branch, tag or commit that exists, e.g. --base main"));
    }

    /** A changed path whose content is not a file or link wb can read: refused by name. */
    static Failure submodule(String path) {
        return new Failure(
                Failure.Kind.USAGE,
                "the boundary changes " + path + ", which is not a file wb can read"
                        + " (a submodule's commit, or a file that cannot be read): review capture covers files and links",
                List.of(
                        "review a submodule's change in its own repository, and commit or reset its pointer here",
                        "or check that " + path + " is readable"));
    }

    /**
     * Fails closed on changes inside another task's capsule — {@code .workflow/<OTHER-KEY>/…} or the
     * judge layout's {@code .workflow/tasks/<OTHER-KEY>-<slug>/…} — that no {@code --include-task} names.
     */
    public static void refuseForeignCapsules(TaskKey key, List<String> changed, Set<String> included) {
        Map<String, List<String>> foreign = new TreeMap<>();
        for (String path : changed) {
            foreignTask(path)
                    .filter(task -> !task.equals(key.value()) && !included.contains(task))
                    .ifPresent(task -> foreign.computeIfAbsent(task, t -> new ArrayList<>())
                            .add(path));
        }
        if (foreign.isEmpty()) {
            return;
        }
        List<String> parts = new ArrayList<>();
        foreign.forEach((task, paths) -> parts.add(task + " (" + String.join(", ", paths) + ")"));
        List<String> fixes = new ArrayList<>();
        fixes.add("isolate this task's work from the other tasks' (a worktree of its own), or");
        foreign.keySet().forEach(task -> fixes.add("include it deliberately: --include-task " + task));
        throw new Failure(
                Failure.Kind.USAGE,
                "Judge scope for " + key + " contains foreign task capsule changes from "
                        + String.join(", ", foreign.keySet()) + ": " + String.join("; ", parts),
                fixes);
    }

    /** The task whose capsule folder holds {@code path}, in either layout, if any. */
    static Optional<String> foreignTask(String path) {
        Optional<String> judgeLayout = CapsuleFolder.taskOf(path);
        if (judgeLayout.isPresent() || !path.startsWith(".workflow/")) {
            return judgeLayout;
        }
        String rest = path.substring(".workflow/".length());
        int slash = rest.indexOf('/');
        if (slash < 0) {
            return Optional.empty();
        }
        return TaskKey.parse(rest.substring(0, slash)).map(TaskKey::value);
    }

    /** The capsule in {@code folder}, its documents read through {@code read}; a missing one is named. */
    public static Capsule capsule(TaskKey key, String folder, Function<String, Optional<byte[]>> read) {
        Map<String, byte[]> documents = new LinkedHashMap<>();
        List<String> missing = new ArrayList<>();
        for (String name : Capsule.DOCUMENTS) {
            String path = folder + "/" + name;
            read.apply(path).ifPresentOrElse(bytes -> documents.put(name, bytes), () -> missing.add(path));
        }
        if (!missing.isEmpty()) {
            throw Failure.missing(
                    "Task capsule file is missing: " + String.join(", ", missing),
                    "write the five capsule documents: " + String.join(", ", Capsule.DOCUMENTS) + " (docs/CAPSULE.md)");
        }
        return Capsule.of(key, documents, ReadPolicy.none());
    }

    public static Optional<byte[]> readFile(Path file) {
        try {
            if (!Files.isRegularFile(file, LinkOption.NOFOLLOW_LINKS)) {
                return Optional.empty();
            }
            return Optional.of(Files.readAllBytes(file));
        } catch (IOException e) {
            return Optional.empty();
        }
    }

    /** An untracked path's bytes, or a link's target (as the judge hashes it); empty when neither. */
    static Optional<byte[]> linkOrBytes(Path file) {
        try {
            if (Files.isSymbolicLink(file)) {
                return Optional.of(Files.readSymbolicLink(file).toString().getBytes(StandardCharsets.UTF_8));
            }
            return readFile(file);
        } catch (IOException e) {
            return Optional.empty();
        }
    }

    private static Optional<byte[]> blob(GitRepository repo, String commit, String path) {
        BlobRead read = repo.blobAt(commit, path, Long.MAX_VALUE >> 1);
        return read instanceof BlobRead.Found found ? Optional.of(found.bytes()) : Optional.empty();
    }

    private static byte[] bytes(String text) {
        return text.getBytes(StandardCharsets.UTF_8);
    }

    private static MessageDigest sha256() {
        try {
            return MessageDigest.getInstance("SHA-256");
        } catch (NoSuchAlgorithmException e) {
            throw new IllegalStateException(e);
        }
    }
}
