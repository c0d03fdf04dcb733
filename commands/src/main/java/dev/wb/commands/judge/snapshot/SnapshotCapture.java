package dev.wb.commands.judge.snapshot;

import dev.wb.commands.base.Failure;
import dev.wb.commands.base.Workspace;
import dev.wb.commands.judge.core.Timings;
import dev.wb.commands.policy.ReadPolicy;
import dev.wb.engine.TaskKey;
import dev.wb.git.GitException;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.AtomicMoveNotSupportedException;
import java.nio.file.Files;
import java.nio.file.LinkOption;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.time.Clock;
import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.UUID;
import java.util.function.Consumer;

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

    /** A full capture: the base resolved once in the live repository, the boundary checked there first. */
    public static Result capture(
            Workspace workspace, Request request, Map<String, String> env, Clock clock, Timings timings) {
        workspace.ensureLocalDir();
        ReadPolicy policy = timings.phase("policy", () -> ReadPolicy.load(workspace));
        LiveBoundary live = timings.phase(
                "scope",
                () -> LiveBoundary.read(
                        workspace,
                        new JudgeScope.Request(
                                request.key(), request.baseRef(), new Candidate.Worktree(), request.includeTasks()),
                        env));
        SnapshotBuilder.Plan plan = new SnapshotBuilder.Plan(
                request.key(),
                live.base(),
                live.baseRef(),
                workspace.root(),
                request.includeTasks(),
                request.allowEmpty(),
                Optional.of(live.excludedPaths()),
                Optional.empty(),
                Optional.empty(),
                Optional.of(live.tree()));
        return publishBuilt(new SnapshotBuilder.Context(workspace, policy, env, clock, timings), plan, built -> {
            ScopeBlock captured = built.scope();
            // The content itself is compared next (LiveTree); the path lists may differ where git's views
            // do (a file removed from the index but kept on disk, unchanged, is a change only to the index).
            if (!captured.taskDigest().equals(live.taskDigest())
                    || !captured.excludedPaths().equals(live.excludedPaths())
                    || !captured.includedTaskIds().equals(live.includedTaskIds())) {
                throw new Failure(
                        Failure.Kind.NOT_COMPLETED,
                        "the working tree changed while the snapshot was"
                                + " captured (its boundary no longer matches the one computed first)",
                        List.of("nothing was published; stop editing, then capture again"));
            }
        });
    }

    /** Builds in a temporary folder, checks the result, and publishes it; nothing is left on failure. */
    public static Result publishBuilt(
            SnapshotBuilder.Context context, SnapshotBuilder.Plan plan, Consumer<Snapshot> check) {
        Workspace workspace = context.workspace();
        Map<String, String> env = context.env();
        Timings timings = context.timings();
        Path snapshots = Snapshots.dir(workspace);
        Path temp = snapshots.resolve(".capture-" + UUID.randomUUID());
        try {
            Files.createDirectories(snapshots);
            Snapshot built = SnapshotBuilder.build(context, plan, temp);
            check.accept(built);
            if (!timings.phase("compare-live", () -> LiveTree.compare(workspace, built, env))
                    .matches()) {
                throw new Failure(
                        Failure.Kind.NOT_COMPLETED,
                        "the working tree changed while the snapshot was"
                                + " captured (what was copied is no longer what is there)",
                        List.of("nothing was published; stop editing, then capture again"));
            }
            return timings.phase("publish", () -> publish(workspace, built, temp, env));
        } catch (IOException | UncheckedIOException | GitException e) {
            throw new Failure(
                    Failure.Kind.NOT_COMPLETED,
                    "the snapshot could not be captured: " + e.getMessage(),
                    List.of("nothing was published; check the repository with git status, then capture again"));
        } finally {
            deleteTree(temp);
        }
    }

    /** Moves the finished capture to its id's folder; an intact identical capture already there is reused. */
    private static Result publish(Workspace workspace, Snapshot built, Path temp, Map<String, String> env) {
        Path target = Snapshots.dir(workspace).resolve(built.id());
        if (Files.isDirectory(target, LinkOption.NOFOLLOW_LINKS)) {
            return new Result(Snapshots.load(workspace, built.id(), env), true);
        }
        try {
            Files.move(temp, target, StandardCopyOption.ATOMIC_MOVE);
        } catch (AtomicMoveNotSupportedException e) {
            throw new Failure(
                    Failure.Kind.NOT_COMPLETED,
                    "cannot publish the snapshot atomically: " + e.getMessage(),
                    List.of("keep .workflow/local/ on one file system"));
        } catch (IOException e) {
            if (Files.isDirectory(target)) {
                return new Result(Snapshots.load(workspace, built.id(), env), true);
            }
            throw new UncheckedIOException(e);
        }
        return new Result(built.withDir(target), false);
    }

    public static void deleteTree(Path root) {
        if (!Files.exists(root, LinkOption.NOFOLLOW_LINKS)) {
            return;
        }
        try (var walk = Files.walk(root)) {
            List<Path> paths = new ArrayList<>(walk.toList());
            Collections.reverse(paths);
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
