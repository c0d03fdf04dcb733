package dev.wb.commands.judge.snapshot;

import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.wb.commands.Session;
import dev.wb.commands.checks.EventFit;
import dev.wb.engine.EventEnvelope;
import dev.wb.engine.ExpectedVersion;
import dev.wb.engine.NewEvent;
import dev.wb.engine.StreamId;
import dev.wb.engine.TaskKey;
import dev.wb.engine.json.CanonicalJson;
import dev.wb.projections.events.WbEvents;
import java.util.List;

/** The review-capture events (docs/EVENTS.md), built from what happened, and appended as facts. */
public final class JudgeEvents {

    private JudgeEvents() {}

    public static NewEvent snapshotCaptured(Snapshot snapshot, boolean reused) {
        ObjectNode p = CanonicalJson.objectNode();
        p.put("snapshot", snapshot.id());
        p.put("format", snapshot.format());
        p.put("reused", reused);
        p.put("base", snapshot.base());
        snapshot.baseRef().ifPresent(ref -> p.put("baseRef", ref));
        p.put("head", snapshot.head());
        p.put("candidateCommit", snapshot.candidateCommit());
        ScopeBlock scope = snapshot.scope();
        p.put("scopeDigest", scope.scopeDigest());
        p.put("changeDigest", scope.changeDigest());
        p.put("taskDigest", scope.taskDigest());
        p.put("cliVersion", scope.cliVersion());
        p.put("contentDigest", snapshot.contentDigest());
        scope.changedFiles().forEach(p.putArray("changedFiles")::add);
        scope.excludedPaths().forEach(p.putArray("excludedPaths")::add);
        scope.includedTaskIds().forEach(p.putArray("includedTaskIds")::add);
        p.put("coveredFiles", snapshot.coveredFiles());
        p.put("emptyBoundaryAuthorized", scope.emptyBoundaryAuthorized());
        ObjectNode documents = p.putObject("documentDigests");
        documentDigests(snapshot).forEach(documents::put);
        snapshot.parent().ifPresentOrElse(parent -> p.put("parent", parent), () -> p.putNull("parent"));
        snapshot.parentRecordDigest().ifPresent(d -> p.put("parentRecordDigest", d));
        return new NewEvent(
                WbEvents.JUDGE_SNAPSHOT_CAPTURED, WbEvents.JUDGE_SNAPSHOT_CAPTURED_VERSION, EventFit.fit(p));
    }

    /** wb's addition beside the judge's {@code taskDigest}: each capsule document's own digest, as captured. */
    private static java.util.Map<String, String> documentDigests(Snapshot snapshot) {
        try {
            return dev.wb.commands.capsule.Capsule.read(
                            snapshot.worktree(),
                            TaskKey.parse(snapshot.taskId()).orElseThrow(),
                            path -> false)
                    .documentDigests();
        } catch (RuntimeException e) {
            return java.util.Map.of();
        }
    }

    public static NewEvent commandsApproved(List<String> commands, String listDigest, String how) {
        ObjectNode p = CanonicalJson.objectNode();
        commands.forEach(p.putArray("commands")::add);
        p.put("listDigest", listDigest);
        p.put("how", how);
        return new NewEvent(WbEvents.TASK_COMMANDS_APPROVED, WbEvents.TASK_COMMANDS_APPROVED_VERSION, EventFit.fit(p));
    }

    /** Appends a fact to the task's stream, whatever else it recorded meanwhile. */
    public static EventEnvelope append(Session session, TaskKey key, NewEvent event) {
        return session.log()
                .append(StreamId.task(key), ExpectedVersion.any(), List.of(event), session.invocation())
                .get(0);
    }
}
