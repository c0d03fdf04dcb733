package dev.wb.commands.judge;

import dev.wb.commands.policy.ReadPolicy;
import dev.wb.commands.Failure;
import dev.wb.commands.Workspace;
import dev.wb.engine.Digests;
import dev.wb.engine.TaskKey;
import dev.wb.engine.WbVersion;
import dev.wb.engine.fs.AtomicFiles;
import dev.wb.engine.json.CanonicalJson;
import dev.wb.git.Backend;
import dev.wb.git.Change;
import dev.wb.git.ChangedPath;
import dev.wb.git.GitException;
import dev.wb.git.GitRepository;
import dev.wb.git.ObjectFormat;
import dev.wb.git.ReviewReads.IndexEntry;
import dev.wb.gitrun.SnapshotRepository;
import java.io.IOException;
import java.nio.file.AtomicMoveNotSupportedException;
import java.nio.file.FileAlreadyExistsException;
import java.nio.file.Files;
import java.nio.file.LinkOption;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.time.Clock;
import java.time.Instant;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.TreeSet;
import java.util.UUID;

/**
 * {@code wb judge snapshot}: captures the task's boundary into a private repository below
 * {@code .workflow/local/judge/snapshots/}. The capture is built in a {@code .capture-*} folder and
 * published by one rename once complete, so a refused or failed capture leaves neither a final nor a
 * temporary folder. The live repository is only read: its refs, branch, index, stash, work tree and
 * history stay as they were.
 */
public final class SnapshotCapture {

    public record Request(TaskKey key, String baseRef, List<TaskKey> includeTasks, boolean allowEmpty) {}

    /** The captured snapshot; {@code reused} when an identical capture already existed, intact. */
    public record Result(Snapshot snapshot, boolean reused) {}

    private SnapshotCapture() {}

    public static Result capture(Workspace workspace, Request request, Map<String, String> env, Clock clock,
            Timings timings) {
        workspace.ensureLocalDir();
        ReadPolicy policy = timings.phase("policy", () -> ReadPolicy.load(workspace));
        ScopeBlock scope = timings.phase("scope", () -> JudgeScope.compute(workspace,
                new JudgeScope.Request(request.key(), request.baseRef(), new Candidate.Worktree(),
                        request.includeTasks()), env));
        if (scope.changes().isEmpty() && !request.allowEmpty()) {
            throw Failure.usage("the review boundary is empty: nothing differs from " + request.baseRef() + " ("
                    + scope.base() + ")" + (scope.excludedPaths().isEmpty() ? "" : " but blocked paths"),
                    "HEAD does not include commits already made on this branch: give a base that holds the change,"
                            + " e.g. --base origin/main",
                    "or, for a deliberately empty review, pass --allow-empty");
        }
        Path snapshots = Snapshots.dir(workspace);
        Path temp = snapshots.resolve(".capture-" + UUID.randomUUID());
        try {
            Files.createDirectories(snapshots);
            Snapshot built = build(workspace, request, scope, policy, env, clock, temp, timings);
            return timings.phase("publish", () -> publish(workspace, built, temp));
        } catch (IOException | GitException e) {
            throw new Failure(Failure.Kind.NOT_COMPLETED, "the snapshot could not be captured: " + e.getMessage(),
                    List.of("nothing was published; check the repository with git status, then capture again"));
        } finally {
            deleteTree(temp);
        }
    }

    private static Snapshot build(Workspace workspace, Request request, ScopeBlock scope, ReadPolicy policy,
            Map<String, String> env, Clock clock, Path temp, Timings timings) throws IOException {
        Path liveRoot = workspace.root();
        String head;
        String format;
        List<ChangedPath> overlayRaw;
        Map<String, String> baseBlocked = new java.util.HashMap<>();
        List<String> baseEntries = new ArrayList<>();
        try (GitRepository live = GitRepository.open(liveRoot, env, Backend.AUTO)) {
            head = live.head().orElseThrow(() -> Failure.usage("nothing is committed on this branch yet",
                    "commit the base of the work first; a snapshot holds a base and a candidate commit"));
            format = live.objectFormat() == ObjectFormat.SHA256 ? "sha256" : "sha1";
            overlayRaw = timings.phase("overlay", () -> live.review().againstWorktree(head));
            for (IndexEntry entry : live.review().treeEntries(scope.base())) {
                if (policy.blocked(entry.path())) {
                    baseBlocked.put(entry.path(), entry.mode());
                    baseEntries.add(entry.mode() + " " + entry.objectId() + "\t" + entry.path());
                }
            }
        }
        Path tree = temp.resolve("worktree");
        SnapshotRepository repo = timings.phase("repository", () -> create(tree, liveRoot, format, scope.base(), head));
        List<ChangedFile> overlay = new ArrayList<>();
        List<String> staged = new ArrayList<>();
        timings.phase("copy", () -> {
            for (ChangedPath path : overlayRaw) {
                if (policy.blocked(path.path())) {
                    continue;
                }
                overlay.add(copy(liveRoot, repo.root(), path));
                staged.add(path.path());
            }
        });
        timings.phase("commit", () -> {
            try {
                repo.stage(staged);
                Set<String> blocked = new TreeSet<>(baseBlocked.keySet());
                try (GitRepository snap = GitRepository.open(repo.root(), env, Backend.CLI)) {
                    snap.review().indexEntries().stream().map(IndexEntry::path).filter(policy::blocked)
                            .forEach(blocked::add);
                }
                repo.withhold(blocked, baseEntries, baseBlocked.keySet());
                repo.commitCandidate(scope.base(), "wb snapshot of " + request.key() + "\n\nbase " + scope.base()
                        + "\nhead " + head + "\n");
            } catch (IOException e) {
                throw new java.io.UncheckedIOException(e);
            }
        });
        String candidate;
        try (GitRepository snap = GitRepository.open(repo.root(), env, Backend.CLI)) {
            candidate = snap.resolveCommit("refs/wb/candidate").orElseThrow();
        }
        Fingerprint fingerprint = timings.phase("fingerprint", () -> {
            try {
                return Fingerprint.of(repo.root());
            } catch (IOException e) {
                throw new java.io.UncheckedIOException(e);
            }
        });
        ScopeBlock authorized = scope.withEmptyBoundaryAuthorized(request.allowEmpty() && scope.changes().isEmpty());
        Snapshot draft = new Snapshot(Snapshot.FORMAT, "", request.key().value(), Instant.now(clock).toString(),
                WbVersion.current(), format, head, scope.base(), scope.baseRef(), candidate, authorized, overlay,
                fingerprint.contentDigest(), "", fingerprint.files(), Optional.empty(), Optional.empty(), temp);
        ScopeBlock recomputed = timings.phase("verify", () -> Snapshots.scopeOf(draft, env));
        if (!recomputed.scopeDigest().equals(authorized.scopeDigest())) {
            throw new Failure(Failure.Kind.NOT_COMPLETED, "the working tree changed while the snapshot was captured"
                    + " (its boundary no longer matches the one computed first)",
                    List.of("nothing was published; stop editing, then capture again"));
        }
        String id = Snapshot.expectedId(Snapshot.FORMAT, request.key().value(), authorized.scopeDigest(),
                fingerprint.contentDigest(), Optional.empty(), Optional.empty());
        byte[] fingerprintBytes = fingerprint.bytes();
        Snapshot snapshot = new Snapshot(Snapshot.FORMAT, id, draft.taskId(), draft.createdAt(), draft.wbVersion(),
                format, head, scope.base(), scope.baseRef(), candidate, authorized.withCandidate("SNAPSHOT:" + id,
                        scope.baseRef()), overlay, fingerprint.contentDigest(), Digests.sha256(fingerprintBytes),
                fingerprint.files(), Optional.empty(), Optional.empty(), temp);
        AtomicFiles.write(temp.resolve(Snapshot.FINGERPRINT), fingerprintBytes);
        AtomicFiles.write(temp.resolve(Snapshot.METADATA), CanonicalJson.text(snapshot.toJson(), true)
                .getBytes(java.nio.charset.StandardCharsets.UTF_8));
        return snapshot;
    }

    private static SnapshotRepository create(Path tree, Path live, String format, String base, String head) {
        try {
            List<String> commits = base.equals(head) ? List.of(head) : List.of(base, head);
            return SnapshotRepository.create(tree, live, format, commits, head);
        } catch (IOException e) {
            throw new java.io.UncheckedIOException(e);
        }
    }

    /** Lays one live change over the snapshot's checkout of HEAD; returns it as the overlay records it. */
    private static ChangedFile copy(Path liveRoot, Path snapRoot, ChangedPath path) {
        Path source = liveRoot.resolve(path.path());
        Path target = snapRoot.resolve(path.path()).normalize();
        if (!target.startsWith(snapRoot) || target.startsWith(snapRoot.resolve(".git"))) {
            throw new Failure(Failure.Kind.NOT_COMPLETED, "a changed path leaves the repository: " + path.path(),
                    List.of("check the repository with git status"));
        }
        try {
            Optional<FileContent> content = path.change() == Change.DELETED ? Optional.empty() : FileContent.of(source);
            clear(snapRoot, target);
            if (content.isEmpty()) {
                return ChangedFile.deleted(path.path());
            }
            Files.createDirectories(target.getParent());
            if (content.get().mode().equals(FileContent.SYMLINK)) {
                Files.createSymbolicLink(target, Files.readSymbolicLink(source));
            } else {
                Files.copy(source, target, StandardCopyOption.COPY_ATTRIBUTES, LinkOption.NOFOLLOW_LINKS);
            }
            String change = path.change() == Change.MODIFIED ? ChangedFile.MODIFIED : ChangedFile.ADDED;
            return new ChangedFile(path.path(), change, Optional.of(content.get().mode()),
                    Optional.of(content.get().sha256()));
        } catch (IOException e) {
            throw new java.io.UncheckedIOException(e);
        }
    }

    /** Makes room for {@code target}: removes what is there, and any file standing where a folder must be. */
    private static void clear(Path root, Path target) throws IOException {
        for (Path dir = target.getParent(); dir != null && dir.startsWith(root) && !dir.equals(root);
                dir = dir.getParent()) {
            if (Files.isSymbolicLink(dir) || Files.isRegularFile(dir, LinkOption.NOFOLLOW_LINKS)) {
                Files.delete(dir);
            }
        }
        if (Files.isDirectory(target, LinkOption.NOFOLLOW_LINKS)) {
            deleteTree(target);
        } else {
            Files.deleteIfExists(target);
        }
    }

    /** Moves the finished capture to its id's folder; an intact identical capture already there is reused. */
    private static Result publish(Workspace workspace, Snapshot built, Path temp) {
        Path target = Snapshots.dir(workspace).resolve(built.id());
        try {
            Files.move(temp, target, StandardCopyOption.ATOMIC_MOVE);
        } catch (FileAlreadyExistsException | java.nio.file.DirectoryNotEmptyException exists) {
            return new Result(Snapshots.load(workspace, built.id()), true);
        } catch (AtomicMoveNotSupportedException e) {
            throw new Failure(Failure.Kind.NOT_COMPLETED, "cannot publish the snapshot atomically: " + e.getMessage(),
                    List.of("keep .workflow/local/ on one file system"));
        } catch (IOException e) {
            if (Files.isDirectory(target)) {
                return new Result(Snapshots.load(workspace, built.id()), true);
            }
            throw new java.io.UncheckedIOException(e);
        }
        return new Result(built.withDir(target), false);
    }

    static void deleteTree(Path root) {
        if (!Files.exists(root, LinkOption.NOFOLLOW_LINKS)) {
            return;
        }
        try (var walk = Files.walk(root)) {
            List<Path> paths = new ArrayList<>(walk.toList());
            java.util.Collections.reverse(paths);
            for (Path path : paths) {
                if (!Files.isSymbolicLink(path)) {
                    path.toFile().setWritable(true);
                }
                Files.deleteIfExists(path);
            }
        } catch (IOException e) {
            // Best effort: a leftover temporary folder is reported by prune, never read as a snapshot.
        }
    }

}
