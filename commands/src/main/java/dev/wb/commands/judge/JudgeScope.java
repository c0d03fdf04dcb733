package dev.wb.commands.judge;

import dev.wb.commands.policy.ReadPolicy;
import dev.wb.commands.Failure;
import dev.wb.commands.Workspace;
import dev.wb.commands.capsule.Capsule;
import dev.wb.engine.Digests;
import dev.wb.engine.TaskKey;
import dev.wb.git.BlobRead;
import dev.wb.git.Change;
import dev.wb.git.ChangedPath;
import dev.wb.git.GitException;
import dev.wb.git.GitRepository;
import dev.wb.git.ReviewReads.IndexEntry;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.TreeMap;
import java.util.TreeSet;
import java.util.function.Function;

/**
 * {@code wb judge scope}: the complete scope block of a task's change. The base is resolved once, in
 * the live repository, to its full commit id; the boundary is git's own difference between that
 * commit and the candidate; blocked paths are listed by name and never read; a change inside another
 * task's capsule stops the computation unless that task is named with {@code --include-task}.
 */
public final class JudgeScope {

    public record Request(TaskKey key, String baseRef, Candidate candidate, List<TaskKey> includeTasks) {}

    private JudgeScope() {}

    public static ScopeBlock compute(Workspace workspace, Request request, Map<String, String> env) {
        ReadPolicy policy = ReadPolicy.load(workspace);
        try (GitRepository live = GitRepository.open(workspace.root(), env, dev.wb.git.Backend.AUTO)) {
            if (request.candidate() instanceof Candidate.Snapshot snapshot) {
                Snapshot captured = Snapshots.load(workspace, snapshot.id());
                if (!captured.taskId().equals(request.key().value())) {
                    throw Failure.usage(snapshot.label() + " is a snapshot of " + captured.taskId() + ", not "
                            + request.key(), "ask for its scope as: wb judge scope " + captured.taskId() + " --base "
                            + captured.base() + " --candidate " + snapshot.label());
                }
                // A catch-up snapshot's base is its parent's candidate commit, which only the snapshots hold.
                String base = request.baseRef().equals(captured.base())
                        || request.baseRef().equals(captured.baseRef().orElse(null)) ? captured.base()
                                : resolveBase(live, request.baseRef());
                if (!captured.base().equals(base)) {
                    throw Failure.usage("SNAPSHOT:" + snapshot.id() + " was captured against base " + captured.base()
                            + ", not " + base + " (" + request.baseRef() + ")",
                            "give the snapshot's base: --base " + captured.base());
                }
                return Snapshots.scopeOf(captured, env);
            }
            String base = resolveBase(live, request.baseRef());
            Optional<String> baseRef = request.baseRef().equals(base) ? Optional.empty()
                    : Optional.of(request.baseRef());
            if (request.candidate() instanceof Candidate.Commit commit) {
                String id = live.resolveCommit(commit.ref()).orElseThrow(() -> Failure.usage(
                        "unknown candidate: " + commit.ref(), "give a commit, branch or tag, WORKTREE or SNAPSHOT:<id>"));
                List<ChangedPath> raw = live.review().betweenCommits(base, id);
                return ofCommit(live, request, base, id, raw, policy).withCandidate(id, baseRef);
            }
            List<ChangedPath> raw = live.review().againstWorktree(base);
            return build(request.key(), base, "WORKTREE", raw, policy, request.includeTasks(),
                    path -> FileContent.of(workspace.root().resolve(path)),
                    doc -> readFile(workspace.root().resolve(doc)), false).withCandidate("WORKTREE", baseRef);
        } catch (GitException e) {
            throw new Failure(Failure.Kind.NOT_COMPLETED, "git could not compute the review boundary: " + e.getMessage(),
                    List.of("check the repository with: git status"));
        }
    }

    static String resolveBase(GitRepository live, String baseRef) {
        return live.resolveCommit(baseRef).orElseThrow(() -> Failure.usage("unknown base: " + baseRef
                + " names no commit in this repository", "give a branch, tag or commit that exists, e.g. --base main"));
    }

    private static ScopeBlock ofCommit(GitRepository live, Request request, String base, String commit,
            List<ChangedPath> raw, ReadPolicy policy) {
        Map<String, IndexEntry> tree = new HashMap<>();
        live.review().treeEntries(commit).forEach(entry -> tree.put(entry.path(), entry));
        Function<String, Optional<FileContent>> content = path -> {
            IndexEntry entry = tree.get(path);
            if (entry == null) {
                return Optional.empty();
            }
            return blob(live, commit, path).map(bytes -> new FileContent(entry.mode(), Digests.sha256(bytes)));
        };
        return build(request.key(), base, commit, raw, policy, request.includeTasks(), content,
                doc -> blob(live, commit, doc), false);
    }

    private static Optional<byte[]> blob(GitRepository repo, String commit, String path) {
        BlobRead read = repo.blobAt(commit, path, Long.MAX_VALUE >> 1);
        return read instanceof BlobRead.Found found ? Optional.of(found.bytes()) : Optional.empty();
    }

    /**
     * The block from git's raw difference: blocked paths set aside by name, the foreign-capsule rule,
     * each remaining path's content, and the capsule read through {@code capsule}.
     */
    static ScopeBlock build(TaskKey key, String base, String candidate, List<ChangedPath> raw, ReadPolicy policy,
            List<TaskKey> includeTasks, Function<String, Optional<FileContent>> content,
            Function<String, Optional<byte[]>> capsule, boolean emptyBoundaryAuthorized) {
        TreeSet<String> included = new TreeSet<>();
        includeTasks.forEach(task -> included.add(task.value()));
        refuseForeignCapsules(key, raw, included);
        List<ChangedFile> changes = new ArrayList<>();
        TreeSet<String> excluded = new TreeSet<>();
        for (ChangedPath path : raw) {
            if (path.path().startsWith(".workflow/local/")) {
                continue; // wb's own never-committed folder: the log, snapshots, receipts
            }
            if (policy.blocked(path.path())) {
                excluded.add(path.path());
                continue;
            }
            if (path.change() == Change.DELETED) {
                changes.add(ChangedFile.deleted(path.path()));
                continue;
            }
            Optional<FileContent> file = content.apply(path.path());
            String change = path.change() == Change.MODIFIED ? ChangedFile.MODIFIED : ChangedFile.ADDED;
            if (file.isEmpty()) {
                // git saw content here that is not a file or link: a submodule's new commit, or a
                // file too large or unreadable. Never recorded as "deleted".
                throw submodule(path.path());
            }
            changes.add(new ChangedFile(path.path(), change, Optional.of(file.get().mode()),
                    Optional.of(file.get().sha256())));
        }
        Capsule documents = capsule(key, capsule);
        return new ScopeBlock(key.value(), base, Optional.empty(), candidate, changes, List.copyOf(excluded),
                List.copyOf(included), documents.documentDigests(), documents.digest(), emptyBoundaryAuthorized);
    }

    /** A changed path whose content is not a file or link wb can read: refused by name. */
    static Failure submodule(String path) {
        return new Failure(Failure.Kind.USAGE, "the boundary changes " + path + ", which is not a file wb can read"
                + " (a submodule's commit, or a file that cannot be read): review capture covers files and links",
                List.of("review a submodule's change in its own repository, and commit or reset its pointer here",
                        "or check that " + path + " is readable"));
    }

    /** Fails closed on changes below {@code .workflow/<OTHER-KEY>/} that no {@code --include-task} names. */
    static void refuseForeignCapsules(TaskKey key, List<ChangedPath> raw, java.util.Set<String> included) {
        Map<String, List<String>> foreign = new TreeMap<>();
        for (ChangedPath path : raw) {
            foreignTask(path.path()).filter(task -> !task.equals(key.value()) && !included.contains(task))
                    .ifPresent(task -> foreign.computeIfAbsent(task, t -> new ArrayList<>()).add(path.path()));
        }
        if (foreign.isEmpty()) {
            return;
        }
        List<String> parts = new ArrayList<>();
        foreign.forEach((task, paths) -> parts.add(task + " (" + String.join(", ", paths) + ")"));
        List<String> fixes = new ArrayList<>();
        fixes.add("isolate this task's work from the other tasks' (a worktree of its own), or");
        foreign.keySet().forEach(task -> fixes.add("include it deliberately: --include-task " + task));
        throw new Failure(Failure.Kind.USAGE, "the boundary changes files inside other tasks' capsules: "
                + String.join("; ", parts), fixes);
    }

    /** The task whose capsule folder holds {@code path} ({@code .workflow/KEY/…}), if any. */
    static Optional<String> foreignTask(String path) {
        if (!path.startsWith(".workflow/")) {
            return Optional.empty();
        }
        String rest = path.substring(".workflow/".length());
        int slash = rest.indexOf('/');
        if (slash < 0) {
            return Optional.empty();
        }
        return TaskKey.parse(rest.substring(0, slash)).map(TaskKey::value);
    }

    /** The five documents' digests, read through {@code read}; a missing one is named. */
    static Capsule capsule(TaskKey key, Function<String, Optional<byte[]>> read) {
        Map<String, byte[]> documents = new LinkedHashMap<>();
        List<String> missing = new ArrayList<>();
        for (String name : Capsule.DOCUMENTS) {
            String path = ".workflow/" + key.value() + "/" + name;
            read.apply(path).ifPresentOrElse(bytes -> documents.put(name, bytes), () -> missing.add(path));
        }
        if (!missing.isEmpty()) {
            throw Failure.missing("the capsule of " + key + " lacks " + String.join(", ", missing),
                    "write the five capsule documents: " + String.join(", ", Capsule.DOCUMENTS) + " (docs/CAPSULE.md)");
        }
        return Capsule.of(key, documents, ReadPolicy.none());
    }

    static Optional<byte[]> readFile(Path file) {
        try {
            if (!java.nio.file.Files.isRegularFile(file, java.nio.file.LinkOption.NOFOLLOW_LINKS)) {
                return Optional.empty();
            }
            return Optional.of(java.nio.file.Files.readAllBytes(file));
        } catch (java.io.IOException e) {
            return Optional.empty();
        }
    }
}
