package dev.wb.commands.judge.snapshot;

import dev.wb.commands.base.Failure;
import dev.wb.commands.base.Workspace;
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

    /** What a build runs with: the workspace, its read policy, the live environment, the clock and the timings. */
    public record Context(
            Workspace workspace, ReadPolicy policy, Map<String, String> env, Clock clock, Timings timings) {}

    /** The live repository as the capture starts: its HEAD, its object format, the working tree's changes from HEAD. */
    private record LiveRead(String head, String objectFormat, List<ChangedPath> changes) {}

    /** The live changes laid over the checkout: the overlay as recorded, the paths staged, the blocked ones left out. */
    private record Overlay(List<ChangedFile> files, List<String> staged, Set<String> blocked) {}

    /**
     * The committed candidate: its commit, the blob id of every file the index holds once the overlay is
     * staged (the content the fingerprint takes instead of reading those files again), and the blocked
     * paths the commits between the base and HEAD change.
     */
    private record Committed(String commit, Map<String, String> known, Set<String> committedBlocked) {}

    private final Context context;
    private final Plan plan;
    private final Path temp;
    private final Map<String, String> snapEnv;

    private SnapshotBuilder(Context context, Plan plan, Path temp) {
        this.context = context;
        this.plan = plan;
        this.temp = temp;
        this.snapEnv = Snapshots.privateEnv(context.env());
    }

    /** Builds the snapshot {@code plan} describes in {@code temp}, its metadata and fingerprint written there. */
    static Snapshot build(Context context, Plan plan, Path temp) throws IOException {
        return new SnapshotBuilder(context, plan, temp).build();
    }

    private Snapshot build() throws IOException {
        Timings timings = context.timings();
        LiveRead live = readLive();
        SnapshotRepository repo =
                timings.phase("repository", () -> unchecked(() -> repository(live.head(), live.objectFormat())));
        Overlay overlay = timings.phase("copy", () -> overlay(repo.root(), live.changes()));
        Committed committed = timings.phase("commit", () -> unchecked(() -> commit(repo, live.head(), overlay)));
        List<String> excluded = plan.excluded().orElseGet(() -> {
            TreeSet<String> union = new TreeSet<>(committed.committedBlocked());
            union.addAll(overlay.blocked());
            return List.copyOf(union);
        });
        Fingerprint fingerprint =
                timings.phase("fingerprint", () -> unchecked(() -> Fingerprint.of(repo.root(), committed.known())));
        ScopeBlock scope = timings.phase(
                "scope-of-snapshot", () -> scope(repo.root(), plan, committed.commit(), excluded, snapEnv));
        refuseEmpty(scope);
        byte[] fingerprintBytes = fingerprint.bytes();
        Snapshot snapshot = new Snapshot(
                        "",
                        new Snapshot.Origin(
                                Snapshot.FORMAT,
                                plan.key().value(),
                                Instant.now(context.clock()).toString(),
                                WbVersion.current(),
                                live.objectFormat()),
                        new Snapshot.Commits(
                                live.head(), plan.base(), plan.baseRef(), committed.commit(), overlay.files()),
                        scope.withEmptyBoundaryAuthorized(
                                plan.allowEmpty() && scope.changedFiles().isEmpty()),
                        new Snapshot.Content(
                                fingerprint.contentDigest(), Digests.sha256(fingerprintBytes), fingerprint.files()),
                        new Snapshot.Lineage(plan.parent(), plan.parentRecordDigest()),
                        temp)
                .identified();
        AtomicFiles.write(temp.resolve(Snapshot.FINGERPRINT), fingerprintBytes);
        AtomicFiles.write(
                temp.resolve(Snapshot.METADATA),
                CanonicalJson.text(snapshot.toJson(), true).getBytes(StandardCharsets.UTF_8));
        return snapshot;
    }

    /** HEAD, the object format and the working tree's changes, read from the live repository. */
    private LiveRead readLive() {
        try (GitRepository live = GitRepository.open(context.workspace().root(), context.env(), Backend.AUTO)) {
            String head = plan.liveTree()
                    .map(WorktreeBoundary::head)
                    .or(live::head)
                    .orElseThrow(() -> Failure.usage(
                            "nothing is committed on this branch yet",
                            "commit the base of the work first; a snapshot holds a base and a candidate commit"));
            String format = live.objectFormat() == ObjectFormat.SHA256 ? "sha256" : "sha1";
            // The live boundary's own read of the working tree, when there is one: the overlay is then
            // the very state the boundary was checked on (compare-live checks it is still there).
            List<ChangedPath> changes = context.timings()
                    .phase(
                            "overlay",
                            () -> plan.liveTree()
                                    .map(WorktreeBoundary::againstHead)
                                    .orElseGet(() -> live.review().againstWorktree(head)));
            return new LiveRead(head, format, changes);
        }
    }

    /** The private repository, holding the base and the live HEAD, checked out at HEAD. */
    private SnapshotRepository repository(String head, String format) throws IOException {
        Path liveRoot = context.workspace().root();
        SnapshotRepository made = SnapshotRepository.init(temp.resolve("worktree"), format, context.env());
        boolean sameSource = plan.baseSource().equals(liveRoot);
        if (!sameSource) {
            made.fetch(plan.baseSource(), List.of(plan.base()));
        }
        made.fetchAndCheckout(
                liveRoot, sameSource && !plan.base().equals(head) ? List.of(plan.base(), head) : List.of(head), head);
        return made;
    }

    /** Lays each live change over the checkout, blocked paths aside. */
    private Overlay overlay(Path snapRoot, List<ChangedPath> changes) {
        List<ChangedFile> overlay = new ArrayList<>();
        List<String> staged = new ArrayList<>();
        TreeSet<String> blocked = new TreeSet<>();
        // Deletions first: a folder replaced by a file ("lib/x" gone, "lib" new) must lose its
        // contents before the file can take its place.
        List<ChangedPath> ordered = new ArrayList<>(changes);
        ordered.sort(Comparator.comparing((ChangedPath p) -> p.change() != Change.DELETED));
        for (ChangedPath path : ordered) {
            if (context.policy().blocked(path.path())) {
                blocked.add(path.path());
                continue;
            }
            overlay.add(copy(context.workspace().root(), snapRoot, path));
            staged.add(path.path());
        }
        overlay.sort(Comparator.comparing(ChangedFile::path));
        return new Overlay(overlay, staged, blocked);
    }

    /** Stages the overlay, withholds the blocked paths (their entries set to the base's) and commits the candidate. */
    private Committed commit(SnapshotRepository repo, String head, Overlay overlay) throws IOException {
        repo.stage(overlay.staged());
        Map<String, String> baseBlocked = new HashMap<>();
        List<String> baseEntries = new ArrayList<>();
        Set<String> blocked = new TreeSet<>();
        Map<String, String> known = new HashMap<>();
        TreeSet<String> committedBlocked = new TreeSet<>();
        Predicate<String> withheld = context.policy().forManyPaths();
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
        String candidate = repo.commitCandidate(
                plan.base(), "wb snapshot of " + plan.key() + "\n\nbase " + plan.base() + "\nhead " + head + "\n");
        return new Committed(candidate, known, committedBlocked);
    }

    /** Refuses an empty boundary unless the plan allows one. */
    private void refuseEmpty(ScopeBlock scope) {
        if (scope.changedFiles().isEmpty() && !plan.allowEmpty()) {
            throw Failure.usage(
                    "the review boundary is empty: nothing differs from "
                            + plan.baseRef().orElse(plan.base()) + " (" + plan.base() + ")"
                            + (scope.excludedPaths().isEmpty() ? "" : " but blocked paths"),
                    "HEAD does not include commits already made on this branch: give a base that holds the change,"
                            + " e.g. --base origin/main",
                    "or, for a deliberately empty review, pass --allow-empty");
        }
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
