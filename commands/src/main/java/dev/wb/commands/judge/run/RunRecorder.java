package dev.wb.commands.judge.run;

import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.wb.commands.Session;
import dev.wb.commands.capsule.DeclaredCommand;
import dev.wb.commands.capsule.ValidationBlock;
import dev.wb.commands.checks.EventFit;
import dev.wb.commands.judge.snapshot.Snapshot;
import dev.wb.engine.EventEnvelope;
import dev.wb.engine.NewEvent;
import dev.wb.engine.TaskKey;
import dev.wb.engine.json.CanonicalJson;
import dev.wb.projections.events.WbEvents;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;

/**
 * Records a validation run in its task's stream as it goes: refused (nothing ran), started,
 * finished, and the receipt written. Events carry command texts and statuses, never output: a failed
 * command's redacted evidence stays in the receipt.
 */
final class RunRecorder {

    private final Session session;
    private final TaskKey key;
    private final Snapshot snapshot;
    private final List<EventEnvelope> events = new ArrayList<>();

    RunRecorder(Session session, TaskKey key, Snapshot snapshot) {
        this.session = session;
        this.key = key;
        this.snapshot = snapshot;
    }

    JudgeRun.Result refused(JudgeRun.Outcome outcome, String reason, List<String> changed, boolean isolated) {
        ObjectNode p = CanonicalJson.objectNode();
        p.put("snapshot", snapshot.id());
        p.put("outcome", outcome.wire());
        p.put("mode", isolated ? "isolated" : "in-place");
        p.put("reason", reason);
        ArrayNode paths = p.putArray("changedPaths");
        changed.forEach(paths::add);
        append(new NewEvent(WbEvents.JUDGE_RUN_REFUSED, WbEvents.JUDGE_RUN_REFUSED_VERSION, EventFit.fit(p)));
        return new JudgeRun.Result(
                outcome,
                snapshot,
                isolated ? "isolated" : "in-place",
                List.of(),
                changed,
                Optional.empty(),
                List.of(),
                reason,
                List.copyOf(events));
    }

    void started(String mode, ValidationBlock validation, CommandApprovals.Approval approval) {
        ObjectNode p = CanonicalJson.objectNode();
        p.put("snapshot", snapshot.id());
        p.put("mode", mode);
        ArrayNode commands = p.putArray("commands");
        validation
                .commands()
                .forEach(
                        c -> commands.addObject().put("command", c.normalized()).put("optional", c.optional()));
        p.put("approval", approval.how().name().toLowerCase(java.util.Locale.ROOT));
        p.put("listDigest", approval.listDigest());
        append(new NewEvent(WbEvents.JUDGE_RUN_STARTED, WbEvents.JUDGE_RUN_STARTED_VERSION, EventFit.fit(p)));
    }

    JudgeRun.Result finished(
            JudgeRun.Outcome outcome,
            String mode,
            List<JudgeRun.CommandResult> results,
            List<String> changed,
            ObjectNode receiptBody,
            List<String> notices) {
        Receipt.Written receipt = Receipt.write(snapshot, receiptBody);
        ObjectNode p = CanonicalJson.objectNode();
        p.put("snapshot", snapshot.id());
        p.put("mode", mode);
        p.put("outcome", outcome.wire());
        ArrayNode list = p.putArray("results");
        results.forEach(r -> list.addObject()
                .put("index", r.index())
                .put("command", r.command())
                .put("optional", r.optional())
                .put("status", r.status())
                .put("exitCode", r.exitCode())
                .put("durationMs", r.durationMs()));
        ArrayNode paths = p.putArray("changedPaths");
        changed.forEach(paths::add);
        p.put("receiptDigest", receipt.digest());
        ObjectNode r = CanonicalJson.objectNode();
        r.put("snapshot", snapshot.id());
        r.put("receiptDigest", receipt.digest());
        r.put("path", session.workspace().root().relativize(receipt.path()).toString());
        r.put("mode", mode);
        r.put("passed", receiptBody.path("passed").asBoolean());
        r.put("outcome", outcome.wire());
        append(EventFit.fit(List.of(
                new NewEvent(WbEvents.JUDGE_RUN_FINISHED, WbEvents.JUDGE_RUN_FINISHED_VERSION, p),
                new NewEvent(WbEvents.JUDGE_RECEIPT_WRITTEN, WbEvents.JUDGE_RECEIPT_WRITTEN_VERSION, r))));
        return new JudgeRun.Result(
                outcome, snapshot, mode, results, changed, Optional.of(receipt), notices, "", List.copyOf(events));
    }

    /** The receipt's bindings: task, snapshot, the review digests, the normalised commands, lockfiles, version. */
    static ObjectNode receiptHead(Snapshot snapshot, ValidationBlock validation, String mode) {
        ObjectNode body = CanonicalJson.objectNode();
        body.put("receiptVersion", Receipt.VERSION);
        body.put("taskId", snapshot.taskId());
        body.put("snapshot", snapshot.id());
        ObjectNode digests = body.putObject("reviewDigests");
        digests.put("scopeDigest", snapshot.scope().scopeDigest());
        digests.put("changeDigest", snapshot.scope().changeDigest());
        digests.put("taskDigest", snapshot.scope().taskDigest());
        digests.put("contentDigest", snapshot.contentDigest());
        ArrayNode commands = body.putArray("commands");
        validation.commands().stream().map(DeclaredCommand::normalized).forEach(commands::add);
        body.put("lockfileDigest", Lockfiles.digest(snapshot.worktree()));
        body.put("wbVersion", JudgeRun.wbVersion());
        body.put("mode", mode);
        return body;
    }

    static ObjectNode resultJson(JudgeRun.CommandResult r) {
        ObjectNode node = CanonicalJson.objectNode();
        node.put("index", r.index());
        node.put("command", r.command());
        node.put("optional", r.optional());
        node.put("status", r.status());
        node.put("exitCode", r.exitCode());
        node.put("ended", r.ended());
        node.put("durationMs", r.durationMs());
        r.evidence().ifPresent(e -> node.put("evidence", e));
        return node;
    }

    private void append(NewEvent event) {
        append(List.of(event));
    }

    private void append(List<NewEvent> batch) {
        events.addAll(session.log()
                .append(
                        dev.wb.engine.StreamId.task(key),
                        dev.wb.engine.ExpectedVersion.any(),
                        batch,
                        session.invocation()));
    }
}
