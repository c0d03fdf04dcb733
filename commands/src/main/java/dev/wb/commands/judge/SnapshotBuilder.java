package dev.wb.commands.judge;

import dev.wb.commands.Failure;
import dev.wb.commands.Workspace;
import dev.wb.commands.policy.ReadPolicy;
import dev.wb.engine.Digests;
import dev.wb.engine.TaskKey;
import dev.wb.engine.WbVersion;
import dev.wb.engine.fs.AtomicFiles;
import dev.wb.engine.json.CanonicalJson;
import dev.wb.git.Backend;
import dev.wb.git.Change;
import dev.wb.git.ChangedPath;
import dev.wb.git.GitRepository;
import dev.wb.git.ObjectFormat;
import dev.wb.git.ReviewReads.IndexEntry;
import dev.wb.gitrun.SnapshotRepository;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.LinkOption;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.time.Clock;
import java.time.Instant;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.TreeSet;

/**
 * Builds one snapshot in a temporary folder: a private repository holding the base (fetched from
 * the live repository, or from a parent snapshot for a catch-up) and the live HEAD, the working
 * tree's changes laid over HEAD, blocked paths withheld (their index entries set to the base's, the
 * files removed), the candidate committed, the tree fingerprinted, and the scope computed from the
 * snapshot itself. Nothing here writes outside the temporary folder.
 */
final class SnapshotBuilder {

    /**
     * What to build. {@code baseSource} is the repository the base commit is fetched from; {@code
     * excluded} the blocked paths of the boundary when the live repository could list them exactly
     * (empty for a catch-up, whose base only the parent snapshot holds).
     */
    record Plan(TaskKey key, String base, Optional<String> baseRef, Path baseSource, List<TaskKey> includes,
            boolean allowEmpty, Optional<List<String>> excluded, Optional<String> parent,
            Optional<String> parentRecordDigest) {}

    private SnapshotBuilder() {}

    static Snapshot build(Workspace workspace, Plan plan, ReadPolicy policy, Map<String, String> env, Clock clock,
            Path temp, Timings timings) throws IOException {
        Path liveRoot = workspace.root();
        String head;
        String format;
        List<ChangedPath> overlayRaw;
        try (GitRepository live = GitRepository.open(liveRoot, env, Backend.AUTO)) {
            head = live.head().orElseThrow(() -> Failure.usage("nothing is committed on this branch yet",
                    "commit the base of the work first; a snapshot holds a base and a candidate commit"));
            format = live.objectFormat() == ObjectFormat.SHA256 ? "sha256" : "sha1";
            overlayRaw = timings.phase("overlay", () -> live.review().againstWorktree(head));
        }
        SnapshotRepository repo = timings.phase("repository", () -> unchecked(() -> {
            SnapshotRepository made = SnapshotRepository.init(temp.resolve("worktree"), format);
            boolean sameSource = plan.baseSource().equals(liveRoot);
            made.fetch(liveRoot, sameSource && !plan.base().equals(head) ? List.of(plan.base(), head) : List.of(head));
            if (!sameSource) {
                made.fetch(plan.baseSource(), List.of(plan.base()));
            }
            made.checkout(head);
            return made;
        }));
        List<ChangedFile> overlay = new ArrayList<>();
        List<String> staged = new ArrayList<>();
        TreeSet<String> blockedOverlay = new TreeSet<>();
        timings.phase("copy", () -> {
            for (ChangedPath path : overlayRaw) {
                if (policy.blocked(path.path())) {
                    blockedOverlay.add(path.path());
                    continue;
                }
                overlay.add(copy(liveRoot, repo.root(), path));
                staged.add(path.path());
            }
        });
        TreeSet<String> committedBlocked = new TreeSet<>();
        timings.phase("commit", () -> unchecked(() -> {
            repo.stage(staged);
            Map<String, String> baseBlocked = new HashMap<>();
            List<String> baseEntries = new ArrayList<>();
            Set<String> blocked = new TreeSet<>();
            try (GitRepository snap = GitRepository.open(repo.root(), env, Backend.CLI)) {
                for (IndexEntry entry : snap.review().treeEntries(plan.base())) {
                    if (policy.blocked(entry.path())) {
                        baseBlocked.put(entry.path(), entry.mode());
                        baseEntries.add(entry.mode() + " " + entry.objectId() + "\t" + entry.path());
                    }
                }
                snap.review().indexEntries().stream().map(IndexEntry::path).filter(policy::blocked)
                        .forEach(blocked::add);
                snap.review().betweenCommits(plan.base(), head).stream().map(ChangedPath::path)
                        .filter(policy::blocked).forEach(committedBlocked::add);
            }
            blocked.addAll(baseBlocked.keySet());
            repo.withhold(blocked, baseEntries, baseBlocked.keySet());
            repo.commitCandidate(plan.base(), "wb snapshot of " + plan.key() + "\n\nbase " + plan.base() + "\nhead "
                    + head + "\n");
            return null;
        }));
        String candidate;
        try (GitRepository snap = GitRepository.open(repo.root(), env, Backend.CLI)) {
            candidate = snap.resolveCommit("refs/wb/candidate").orElseThrow();
        }
        Fingerprint fingerprint = timings.phase("fingerprint", () -> unchecked(() -> Fingerprint.of(repo.root())));
        List<String> excluded = plan.excluded().orElseGet(() -> {
            TreeSet<String> union = new TreeSet<>(committedBlocked);
            union.addAll(blockedOverlay);
            return List.copyOf(union);
        });
        ScopeBlock scope = timings.phase("scope-of-snapshot", () -> scope(repo.root(), plan, candidate, excluded, env));
        if (scope.changes().isEmpty() && !plan.allowEmpty()) {
            throw Failure.usage("the review boundary is empty: nothing differs from " + plan.baseRef().orElse(plan.base())
                    + " (" + plan.base() + ")" + (scope.excludedPaths().isEmpty() ? "" : " but blocked paths"),
                    "HEAD does not include commits already made on this branch: give a base that holds the change,"
                            + " e.g. --base origin/main",
                    "or, for a deliberately empty review, pass --allow-empty");
        }
        ScopeBlock authorized = scope.withEmptyBoundaryAuthorized(plan.allowEmpty() && scope.changes().isEmpty());
        String id = Snapshot.expectedId(Snapshot.FORMAT, plan.key().value(), authorized.scopeDigest(),
                fingerprint.contentDigest(), plan.parent(), plan.parentRecordDigest());
        byte[] fingerprintBytes = fingerprint.bytes();
        Snapshot snapshot = new Snapshot(Snapshot.FORMAT, id, plan.key().value(), Instant.now(clock).toString(),
                WbVersion.current(), format, head, plan.base(), plan.baseRef(), candidate,
                authorized.withCandidate("SNAPSHOT:" + id, plan.baseRef()), overlay, fingerprint.contentDigest(),
                Digests.sha256(fingerprintBytes), fingerprint.files(), plan.parent(), plan.parentRecordDigest(), temp);
        AtomicFiles.write(temp.resolve(Snapshot.FINGERPRINT), fingerprintBytes);
        AtomicFiles.write(temp.resolve(Snapshot.METADATA), CanonicalJson.text(snapshot.toJson(), true)
                .getBytes(StandardCharsets.UTF_8));
        return snapshot;
    }

    /** The scope block read from the built repository: git's difference of base and candidate there. */
    private static ScopeBlock scope(Path tree, Plan plan, String candidate, List<String> excluded,
            Map<String, String> env) {
        try (GitRepository snap = GitRepository.open(tree, env, Backend.CLI)) {
            ScopeBlock computed = JudgeScope.build(plan.key(), plan.base(), "SNAPSHOT", snap.review()
                    .betweenCommits(plan.base(), candidate), ReadPolicy.none(), plan.includes(),
                    path -> FileContent.of(tree.resolve(path)), doc -> JudgeScope.readFile(tree.resolve(doc)), false);
            return new ScopeBlock(computed.taskId(), computed.base(), plan.baseRef(), computed.candidate(),
                    computed.changes(), excluded, computed.includedTaskIds(), computed.capsuleDocuments(),
                    computed.capsuleDigest(), false);
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
        return unchecked(() -> {
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
        });
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
            SnapshotCapture.deleteTree(target);
        } else {
            Files.deleteIfExists(target);
        }
    }

    interface IoWork<T> {
        T run() throws IOException;
    }

    static <T> T unchecked(IoWork<T> work) {
        try {
            return work.run();
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }
}
