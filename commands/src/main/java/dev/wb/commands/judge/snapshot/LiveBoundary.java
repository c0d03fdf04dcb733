package dev.wb.commands.judge.snapshot;

import dev.wb.commands.base.Failure;
import dev.wb.commands.base.Workspace;
import dev.wb.commands.capsule.CapsuleFolder;
import dev.wb.commands.policy.ReadPolicy;
import dev.wb.engine.TaskKey;
import dev.wb.git.Backend;
import dev.wb.git.GitException;
import dev.wb.git.GitRepository;
import dev.wb.git.WorktreeBoundary;
import java.nio.file.Files;
import java.nio.file.LinkOption;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.Optional;

/**
 * The live working tree's boundary as a capture checks it before building: what {@link
 * JudgeScope#compute} gives for {@code WORKTREE}, with the same refusals in the same order (an
 * unknown base, nothing committed, a changed folder, a foreign capsule, an unreadable untracked
 * path, a missing capsule document), but without the change digest, which a capture never uses: the
 * snapshot's scope has its own, computed from the snapshot. It keeps the one read of the working
 * tree ({@code tree}) that the capture then lays over HEAD.
 */
public record LiveBoundary(
        String base,
        Optional<String> baseRef,
        List<String> excludedPaths,
        List<String> includedTaskIds,
        String taskDigest,
        WorktreeBoundary tree) {

    public static LiveBoundary read(Workspace workspace, JudgeScope.Request request, Map<String, String> env) {
        ReadPolicy policy = ReadPolicy.load(workspace);
        try (GitRepository live = GitRepository.open(workspace.root(), env, Backend.AUTO)) {
            String base = JudgeScope.resolveBase(live, request.baseRef());
            String head = live.head()
                    .orElseThrow(() -> Failure.usage(
                            "nothing is committed on this branch yet",
                            "commit the base of the work first; the scope names HEAD as its candidate commit"));
            WorktreeBoundary tree = live.review().worktree(base, head);
            JudgeScope.Sides sides = sides(workspace, request.key(), tree);
            JudgeScope.Parts parts =
                    JudgeScope.parts(request.key(), sides, policy, request.includeTasks(), Optional.empty());
            // Each untracked file must be readable, as the change digest would read it; its bytes are not kept.
            parts.untracked().stream()
                    .filter(path -> sides.untrackedBytes().apply(path).isEmpty())
                    .findFirst()
                    .ifPresent(path -> {
                        throw JudgeScope.submodule(path);
                    });
            String taskDigest = JudgeScope.capsule(request.key(), sides.capsuleFolder(), sides.capsuleBytes())
                    .taskDigest();
            return new LiveBoundary(
                    base,
                    request.baseRef().equals(base) ? Optional.empty() : Optional.of(request.baseRef()),
                    parts.excluded(),
                    parts.included(),
                    taskDigest,
                    tree);
        } catch (GitException e) {
            throw new Failure(
                    Failure.Kind.NOT_COMPLETED,
                    "git could not compute the review boundary: " + e.getMessage(),
                    List.of("check the repository with: git status"));
        }
    }

    /**
     * The sides of the working tree's boundary, from one read of it ({@link WorktreeBoundary}); a
     * changed path that is a folder on disk (a submodule whose commit moved) is refused by name.
     */
    static JudgeScope.Sides sides(Workspace workspace, TaskKey key, WorktreeBoundary tree) {
        Path root = workspace.root();
        List<String> tracked = tree.changedNames();
        tracked.stream()
                .filter(p -> Files.isDirectory(root.resolve(p), LinkOption.NOFOLLOW_LINKS))
                .findFirst()
                .ifPresent(p -> {
                    throw JudgeScope.submodule(p);
                });
        return new JudgeScope.Sides(
                tree.base(),
                tree.head(),
                Optional.empty(),
                tree::binaryDiff,
                tracked,
                tree.untracked(),
                path -> JudgeScope.linkOrBytes(root.resolve(path)),
                doc -> JudgeScope.readFile(root.resolve(doc)),
                CapsuleFolder.resolve(root, key));
    }

    /**
     * The same sides with the task's capsule read from the live working tree, as the review judge reads it
     * for a commit candidate too: its {@code taskDigest} covers the capsule on disk, an uncommitted edit
     * included, so reviewing {@code HEAD} while the capsule is edited binds the edited capsule.
     */
    static JudgeScope.Sides capsuleOnDisk(Workspace workspace, TaskKey key, JudgeScope.Sides sides) {
        Path root = workspace.root();
        return new JudgeScope.Sides(
                sides.base(),
                sides.candidateCommit(),
                sides.diffAgainst(),
                sides.changeDiff(),
                sides.tracked(),
                sides.untracked(),
                sides.untrackedBytes(),
                doc -> JudgeScope.readFile(root.resolve(doc)),
                CapsuleFolder.resolve(root, key));
    }
}
