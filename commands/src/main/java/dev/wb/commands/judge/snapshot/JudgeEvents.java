package dev.wb.commands.judge.snapshot;

import dev.wb.commands.EventService;
import dev.wb.commands.Session;
import dev.wb.commands.capsule.Capsule;
import dev.wb.commands.judge.core.Fitted;
import dev.wb.engine.EventEnvelope;
import dev.wb.engine.StreamId;
import dev.wb.engine.TaskKey;
import dev.wb.projections.events.WbEvent;
import dev.wb.projections.events.judge.CommandsApproval;
import dev.wb.projections.events.judge.JudgeSnapshotCaptured;
import dev.wb.projections.events.judge.TaskCommandsApproved;
import java.util.List;
import java.util.Map;

/** The review-capture events (docs/EVENTS.md), built from what happened, and appended as facts. */
public final class JudgeEvents {

    private JudgeEvents() {}

    public static WbEvent snapshotCaptured(Snapshot snapshot, boolean reused) {
        ScopeBlock scope = snapshot.scope();
        return Fitted.of(new JudgeSnapshotCaptured(
                snapshot.id(),
                snapshot.format(),
                reused,
                snapshot.base(),
                snapshot.baseRef(),
                snapshot.head(),
                snapshot.candidateCommit(),
                new JudgeSnapshotCaptured.Digests(
                        scope.scopeDigest(),
                        scope.changeDigest(),
                        scope.taskDigest(),
                        snapshot.contentDigest(),
                        documentDigests(snapshot)),
                scope.cliVersion(),
                new JudgeSnapshotCaptured.Boundary(
                        scope.changedFiles(),
                        scope.excludedPaths(),
                        scope.includedTaskIds(),
                        snapshot.coveredFiles(),
                        scope.emptyBoundaryAuthorized()),
                snapshot.parent(),
                snapshot.parentRecordDigest()));
    }

    /** wb's addition beside the judge's {@code taskDigest}: each capsule document's own digest, as captured. */
    private static Map<String, String> documentDigests(Snapshot snapshot) {
        try {
            return Capsule.read(
                            snapshot.worktree(),
                            TaskKey.parse(snapshot.taskId()).orElseThrow(),
                            path -> false)
                    .documentDigests();
        } catch (RuntimeException e) {
            return Map.of();
        }
    }

    public static WbEvent commandsApproved(List<String> commands, String listDigest, CommandsApproval how) {
        return Fitted.of(new TaskCommandsApproved(commands, listDigest, how));
    }

    /** Records a fact in the task's stream, whatever else it recorded meanwhile. */
    public static EventEnvelope append(Session session, TaskKey key, WbEvent event) {
        return new EventService(session).record(StreamId.task(key), event).get(0);
    }
}
