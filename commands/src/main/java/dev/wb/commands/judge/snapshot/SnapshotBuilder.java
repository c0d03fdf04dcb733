package dev.wb.commands.judge.snapshot;

import dev.wb.commands.Failure;
import dev.wb.commands.Workspace;
import dev.wb.commands.judge.core.ChangedFile;
import dev.wb.commands.judge.core.FileContent;
import dev.wb.commands.judge.core.Timings;
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
import dev.wb.git.WorktreeBoundary;
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
import java.util.Comparator;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.TreeSet;
import java.util.function.Predicate;

/**
 * Builds one snapshot in a temporary folder: a private repository holding the base (fetched from
 * the live repository, or from a parent snapshot for a catch-up) and the live HEAD, the working
 * tree's changes laid over HEAD, blocked paths withheld (their index entries set to the base's, the
 * files removed), the candidate committed, the tree fingerprinted, and the scope computed from the
 * snapshot itself. Nothing here writes outside the temporary folder.
 */
public final class SnapshotBuilder {

    /**
     * What to build. {@code baseSource} is the repository the base commit is fetched from; {@code
     * excluded} the blocked paths of the boundary when the live repository could list them exactly
     * (empty for a catch-up, whose base only the parent snapshot holds); {@code liveTree} the read of
     * the working tree the live boundary was computed from, whose HEAD and differences from it are
     * laid over the checkout (empty: read them now).
     */
    public record Plan(
            TaskKey key,
            String base,
            Optional<String> baseRef,
            Path baseSource,
            List<TaskKey> includes,
            boolean allowEmpty,
            Optional<List<String>> excluded,
            Optional<String> parent,
            Optional<String> parentRecordDigest,
            Optional<WorktreeBoundary> liveTree) {}

    private SnapshotBuilder() {}

    static Snapshot build(
            Workspace workspace,
            Plan plan,
            ReadPolicy policy,
            Map<String, String> liveEnv,
            Clock clock,
            Path temp,
            Timings timings)
            throws IOException {
        Map<String, String> env = liveEnv;
        Map<String, String> snapEnv = Snapshots.privateEnv(liveEnv);
        Path liveRoot = workspace.root();
        String head;
        String format;
        List<ChangedPath> overlayRaw;
        try (GitRepository live = GitRepository.open(liveRoot, env, Backend.AUTO)) {
            head = plan.liveTree()
                    .map(WorktreeBoundary::head)
                    .or(live::head)
                    .orElseThrow(() -> Failure.usage(
                            "nothing is committed on this branch yet",
                            "commit the base of the work first; a snapshot holds a base and a candidate commit"));
            format = live.objectFormat() == ObjectFormat.SHA256 ? "sha256" : "sha1";
            // The live boundary's own read of the working tree, when there is one: the overlay is then
            // the very state the boundary was checked on (compare-live checks it is still there).
            overlayRaw = timings.phase(
                    "overlay",
                    () -> plan.liveTree()
                            .map(WorktreeBoundary::againstHead)
                            .orElseGet(() -> live.review().againstWorktree(head)));
        }
        SnapshotRepository repo = timings.phase(
                "repository",
                () -> unchecked(() -> {
                    SnapshotRepository made = SnapshotRepository.init(temp.resolve("worktree"), format, env);
                    boolean sameSource = plan.baseSource().equals(liveRoot);
                    if (!sameSource) {
                        made.fetch(plan.baseSource(), List.of(plan.base()));
                    }
                    made.fetchAndCheckout(
                            liveRoot,
                            sameSource && !plan.base().equals(head) ? List.of(plan.base(), head) : List.of(head),
                            head);
                    return made;
                }));
        List<ChangedFile> overlay = new ArrayList<>();
        List<String> staged = new ArrayList<>();
        TreeSet<String> blockedOverlay = new TreeSet<>();
        timings.phase("copy", () -> {
            // Deletions first: a folder replaced by a file ("lib/x" gone, "lib" new) must lose its
            // contents before the file can take its place.
            List<ChangedPath> ordered = new ArrayList<>(overlayRaw);
            ordered.sort(Comparator.comparing((ChangedPath p) -> p.change() != Change.DELETED));
            for (ChangedPath path : ordered) {
                if (policy.blocked(path.path())) {
                    blockedOverlay.add(path.path());
                    continue;
                }
                overlay.add(copy(liveRoot, repo.root(), path));
                staged.add(path.path());
            }
            overlay.sort(Comparator.comparing(ChangedFile::path));
        });
        TreeSet<String> committedBlocked = new TreeSet<>();
        // The blob id of every file the index holds once the overlay is staged: the content the
        // fingerprint takes for those files instead of reading them again (a withheld path's file is
        // removed from the tree, so its entry is never looked up).
        Map<String, String> known = new HashMap<>();
        String candidate = timings.phase(
                "commit",
                () -> unchecked(() -> {
                    repo.stage(staged);
                    Map<String, String> baseBlocked = new HashMap<>();
                    List<String> baseEntries = new ArrayList<>();
                    Set<String> blocked = new TreeSet<>();
                    Predicate<String> withheld = policy.forManyPaths();
                    try (GitRepository snap = GitRepository.open(repo.root(), snapEnv, Backend.CLI)) {
                        // The base's paths and the index's are mostly the same: each is judged once.
                        Map<String, Boolean> decided = new HashMap<>();
                        for (IndexEntry entry : snap.review().treeEntries(plan.base())) {
                            boolean blockedHere = withheld.test(entry.path());
                            decided.put(entry.path(), blockedHere);
                            if (blockedHere) {
                                baseBlocked.put(entry.path(), entry.mode());
                                baseEntries.add(entry.mode() + " " + entry.objectId() + "\t" + entry.path());
                            }
                        }
                        for (IndexEntry entry : snap.review().indexEntries()) {
                            Boolean judged = decided.get(entry.path());
                            if (judged != null ? judged : withheld.test(entry.path())) {
                                blocked.add(entry.path());
                            } else if (!entry.mode().equals("160000")) {
                                known.put(entry.path(), "git:" + entry.objectId());
                            }
                        }
                        snap.review().betweenCommits(plan.base(), head).stream()
                                .map(ChangedPath::path)
                                .filter(withheld)
                                .forEach(committedBlocked::add);
                    }
                    blocked.addAll(baseBlocked.keySet());
                    repo.withhold(blocked, baseEntries, baseBlocked.keySet());
                    return repo.commitCandidate(
                            plan.base(),
                            "wb snapshot of " + plan.key() + "\n\nbase " + plan.base() + "\nhead " + head + "\n");
                }));
        List<String> excluded = plan.excluded().orElseGet(() -> {
            TreeSet<String> union = new TreeSet<>(committedBlocked);
            union.addAll(blockedOverlay);
            return List.copyOf(union);
        });
        Fingerprint fingerprint =
                timings.phase("fingerprint", () -> unchecked(() -> Fingerprint.of(repo.root(), known)));
        ScopeBlock scope =
                timings.phase("scope-of-snapshot", () -> scope(repo.root(), plan, candidate, excluded, snapEnv));
        if (scope.changedFiles().isEmpty() && !plan.allowEmpty()) {
            throw Failure.usage(
                    "the review boundary is empty: nothing differs from "
                            + plan.baseRef().orElse(plan.base()) + " (" + plan.base() + ")"
                            + (scope.excludedPaths().isEmpty() ? "" : " but blocked paths"),
                    "HEAD does not include commits already made on this branch: give a base that holds the change,"
                            + " e.g. --base origin/main",
                    "or, for a deliberately empty review, pass --allow-empty");
        }
        ScopeBlock authorized = scope.withEmptyBoundaryAuthorized(
                plan.allowEmpty() && scope.changedFiles().isEmpty());
        byte[] fingerprintBytes = fingerprint.bytes();
        Snapshot snapshot = new Snapshot(
                        Snapshot.FORMAT,
                        "",
                        plan.key().value(),
                        Instant.now(clock).toString(),
                        WbVersion.current(),
                        format,
                        head,
                        plan.base(),
                        plan.baseRef(),
                        candidate,
                        authorized,
                        overlay,
                        fingerprint.contentDigest(),
                        Digests.sha256(fingerprintBytes),
                        fingerprint.files(),
                        plan.parent(),
                        plan.parentRecordDigest(),
                        temp)
                .identified();
        AtomicFiles.write(temp.resolve(Snapshot.FINGERPRINT), fingerprintBytes);
        AtomicFiles.write(
                temp.resolve(Snapshot.METADATA),
                CanonicalJson.text(snapshot.toJson(), true).getBytes(StandardCharsets.UTF_8));
        return snapshot;
    }

    /** The scope block read from the built repository: git's difference of base and candidate there. */
    private static ScopeBlock scope(
            Path tree, Plan plan, String candidate, List<String> excluded, Map<String, String> env) {
        try (GitRepository snap = GitRepository.open(tree, env, Backend.CLI)) {
            return JudgeScope.build(
                            plan.key(),
                            JudgeScope.commitSides(snap, plan.key(), plan.base(), candidate),
                            path -> false,
                            plan.includes(),
                            Optional.of(excluded),
                            false)
                    .withCandidate("SNAPSHOT", plan.baseRef());
        }
    }

    /** Lays one live change over the snapshot's checkout of HEAD; returns it as the overlay records it. */
    private static ChangedFile copy(Path liveRoot, Path snapRoot, ChangedPath path) {
        Path source = liveRoot.resolve(path.path());
        Path target = snapRoot.resolve(path.path()).normalize();
        if (!target.startsWith(snapRoot) || target.startsWith(snapRoot.resolve(".git"))) {
            throw new Failure(
                    Failure.Kind.NOT_COMPLETED,
                    "a changed path leaves the repository: " + path.path(),
                    List.of("check the repository with git status"));
        }
        return unchecked(() -> {
            boolean gone = path.change() == Change.DELETED || !Files.exists(source, LinkOption.NOFOLLOW_LINKS);
            if (!gone && Files.isDirectory(source, LinkOption.NOFOLLOW_LINKS)) {
                throw JudgeScope.submodule(path.path());
            }
            if (gone) {
                // Only the path itself goes, and only when every folder above it is a real folder of
                // the snapshot: a link there could point anywhere.
                if (realFolders(snapRoot, target) && !Files.isDirectory(target, LinkOption.NOFOLLOW_LINKS)) {
                    Files.deleteIfExists(target);
                }
                return ChangedFile.deleted(path.path());
            }
            clear(snapRoot, target);
            Files.createDirectories(target.getParent());
            if (Files.isSymbolicLink(source)) {
                Files.createSymbolicLink(target, Files.readSymbolicLink(source));
            } else {
                Files.copy(source, target, StandardCopyOption.COPY_ATTRIBUTES, LinkOption.NOFOLLOW_LINKS);
            }
            // What was copied is what is recorded: the target is hashed, not the source, which may
            // have changed in between (the capture then fails its consistency check instead).
            FileContent copied =
                    FileContent.of(target).orElseThrow(() -> new IOException("copy of " + path.path() + " vanished"));
            String change = path.change() == Change.MODIFIED ? ChangedFile.MODIFIED : ChangedFile.ADDED;
            return new ChangedFile(path.path(), change, Optional.of(copied.mode()), Optional.of(copied.sha256()));
        });
    }

    /** Whether every folder between {@code root} and {@code target} is a real folder (no link, no file). */
    private static boolean realFolders(Path root, Path target) {
        for (Path dir = target.getParent();
                dir != null && dir.startsWith(root) && !dir.equals(root);
                dir = dir.getParent()) {
            if (!Files.isDirectory(dir, LinkOption.NOFOLLOW_LINKS)) {
                return false;
            }
        }
        return true;
    }

    /** Makes room for {@code target}: removes what is there, and any file standing where a folder must be. */
    private static void clear(Path root, Path target) throws IOException {
        for (Path dir = target.getParent();
                dir != null && dir.startsWith(root) && !dir.equals(root);
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
