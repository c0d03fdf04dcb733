package dev.wb.commands.judge.record;

import com.fasterxml.jackson.databind.JsonNode;
import dev.wb.commands.EventService;
import dev.wb.commands.Failure;
import dev.wb.commands.Session;
import dev.wb.commands.Workspace;
import dev.wb.commands.capsule.CapsuleFolder;
import dev.wb.commands.judge.snapshot.LiveTree;
import dev.wb.commands.judge.snapshot.Snapshot;
import dev.wb.engine.StreamId;
import dev.wb.engine.TaskKey;
import dev.wb.engine.json.CanonicalJson;
import dev.wb.git.Backend;
import dev.wb.git.GitException;
import dev.wb.git.GitRepository;
import dev.wb.projections.events.judge.BoundaryStatus;
import dev.wb.projections.events.judge.ExecutionMetadata;
import dev.wb.projections.events.judge.JudgeCurrentClassified;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.LinkOption;
import java.nio.file.Path;
import java.util.Arrays;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;

/**
 * {@code wb judge current}: whether an approved snapshot still describes the live workspace, on three
 * separate axes. {@code status} compares everything; {@code reviewBoundary} the same with the task's
 * valid continuation sidecar ({@code .workflow/KEY/continuation.json}) left out, so execution
 * metadata moving on does not read as new code; {@code executionMetadata} says what the sidecar did.
 *
 * <p>CURRENT: the snapshot's HEAD is the live HEAD or one of its ancestors, and the live content
 * over the snapshot's coverage is the snapshot's. NEWER_CHANGES: the same lineage, other content.
 * DIVERGED: the snapshot's HEAD is not in the live history (rewritten, or unrelated).
 */
public final class JudgeCurrent {

    /**
     * The three axes, and the paths behind NEWER_CHANGES: every covered path whose live content is not
     * the snapshot's (the sidecar included), sorted; empty for CURRENT, and for DIVERGED, where the
     * history itself moved away.
     */
    public record Classification(
            BoundaryStatus status,
            BoundaryStatus reviewBoundary,
            ExecutionMetadata executionMetadata,
            List<String> changedFiles) {
        public Classification {
            changedFiles = List.copyOf(changedFiles);
        }
    }

    public static final String SIDECAR = "continuation.json";

    private JudgeCurrent() {}

    /**
     * Records the classification of a verified, approved snapshot record in the record's task
     * ({@code judge.current.classified}) and returns that task.
     */
    public static TaskKey record(Session session, JudgeVerify.Result verified, Classification c) {
        RecordVerification.Outcome outcome = verified.outcome();
        TaskKey key = TaskKey.parse(outcome.record().orElseThrow().taskId()).orElseThrow();
        new EventService(session)
                .record(
                        StreamId.task(key),
                        new JudgeCurrentClassified(
                                verified.recordDigest(),
                                outcome.snapshot().orElseThrow().id(),
                                c.status(),
                                c.reviewBoundary(),
                                c.executionMetadata()));
        return key;
    }

    public static Classification classify(Workspace workspace, Snapshot snapshot, Map<String, String> env) {
        String sidecar = CapsuleFolder.resolve(snapshot.worktree(), new TaskKey(snapshot.taskId())) + "/" + SIDECAR;
        Path captured = snapshot.worktree().resolve(sidecar);
        Path live = workspace.root().resolve(sidecar);
        ExecutionMetadata metadata = metadata(captured, live);
        boolean lineage;
        try (GitRepository repo = GitRepository.open(workspace.root(), env, Backend.AUTO)) {
            Optional<String> head = repo.head();
            lineage = head.isPresent()
                    && repo.resolveCommit(snapshot.head()).isPresent()
                    && repo.review().isAncestor(snapshot.head(), head.get());
        } catch (GitException e) {
            throw new Failure(
                    Failure.Kind.NOT_COMPLETED,
                    "git could not read the live history: " + e.getMessage(),
                    List.of("check the repository with: git status"));
        }
        if (!lineage) {
            return new Classification(BoundaryStatus.DIVERGED, BoundaryStatus.DIVERGED, metadata, List.of());
        }
        List<String> changed = LiveTree.compare(workspace, snapshot, env).changed();
        BoundaryStatus status = changed.isEmpty() ? BoundaryStatus.CURRENT : BoundaryStatus.NEWER_CHANGES;
        boolean leaveOut = !Boolean.FALSE.equals(valid(captured)) && !Boolean.FALSE.equals(valid(live));
        BoundaryStatus boundary = !leaveOut
                ? status
                : LiveTree.compare(workspace, snapshot, env, Set.of(sidecar)).matches()
                        ? BoundaryStatus.CURRENT
                        : BoundaryStatus.NEWER_CHANGES;
        return new Classification(status, boundary, metadata, changed);
    }

    /** ABSENT, UNCHANGED, CREATED, REMOVED or ADVANCED: the sidecar at capture against the live one. */
    static ExecutionMetadata metadata(Path captured, Path live) {
        Optional<byte[]> before = bytes(captured);
        Optional<byte[]> now = bytes(live);
        if (before.isEmpty()) {
            return now.isEmpty() ? ExecutionMetadata.ABSENT : ExecutionMetadata.CREATED;
        }
        if (now.isEmpty()) {
            return ExecutionMetadata.REMOVED;
        }
        return Arrays.equals(before.get(), now.get()) ? ExecutionMetadata.UNCHANGED : ExecutionMetadata.ADVANCED;
    }

    /**
     * Whether a sidecar is valid: a regular file (not a link) holding a JSON object. Null when there is
     * none. An invalid, unsupported or irregular sidecar is compared like any other file.
     */
    static Boolean valid(Path file) {
        if (!Files.exists(file, LinkOption.NOFOLLOW_LINKS)) {
            return null;
        }
        if (!Files.isRegularFile(file, LinkOption.NOFOLLOW_LINKS)) {
            return false;
        }
        try {
            JsonNode node = CanonicalJson.parse(Files.readAllBytes(file));
            return node != null && node.isObject();
        } catch (IOException | RuntimeException e) {
            return false;
        }
    }

    private static Optional<byte[]> bytes(Path file) {
        try {
            return Files.isRegularFile(file, LinkOption.NOFOLLOW_LINKS) || Files.isSymbolicLink(file)
                    ? Optional.of(
                            Files.isSymbolicLink(file)
                                    ? Files.readSymbolicLink(file).toString().getBytes(StandardCharsets.UTF_8)
                                    : Files.readAllBytes(file))
                    : Optional.empty();
        } catch (IOException e) {
            return Optional.empty();
        }
    }
}
