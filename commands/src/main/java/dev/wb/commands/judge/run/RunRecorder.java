package dev.wb.commands.judge.run;

import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.wb.commands.EventService;
import dev.wb.commands.Session;
import dev.wb.commands.capsule.DeclaredCommand;
import dev.wb.commands.capsule.ValidationBlock;
import dev.wb.commands.judge.core.Fitted;
import dev.wb.commands.judge.snapshot.Snapshot;
import dev.wb.engine.EventEnvelope;
import dev.wb.engine.StreamId;
import dev.wb.engine.TaskKey;
import dev.wb.engine.json.CanonicalJson;
import dev.wb.projections.events.WbEvent;
import dev.wb.projections.events.judge.JudgeReceiptWritten;
import dev.wb.projections.events.judge.JudgeRunFinished;
import dev.wb.projections.events.judge.JudgeRunMode;
import dev.wb.projections.events.judge.JudgeRunOutcome;
import dev.wb.projections.events.judge.JudgeRunRefused;
import dev.wb.projections.events.judge.JudgeRunStarted;
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

    JudgeRun.Result refused(JudgeRunOutcome outcome, String reason, List<String> changed, boolean isolated) {
        JudgeRunMode mode = isolated ? JudgeRunMode.ISOLATED : JudgeRunMode.IN_PLACE;
        append(List.of(Fitted.of(new JudgeRunRefused(snapshot.id(), mode, outcome, reason, changed))));
        return new JudgeRun.Result(
                outcome, snapshot, mode, List.of(), changed, Optional.empty(), List.of(), reason, List.copyOf(events));
    }

    void started(JudgeRunMode mode, ValidationBlock validation, CommandApprovals.Approval approval) {
        List<JudgeRunStarted.Command> commands = validation.commands().stream()
                .map(c -> new JudgeRunStarted.Command(c.normalized(), c.optional()))
                .toList();
        append(List.of(
                Fitted.of(new JudgeRunStarted(snapshot.id(), mode, commands, approval.how(), approval.listDigest()))));
    }

    JudgeRun.Result finished(
            JudgeRunOutcome outcome,
            JudgeRunMode mode,
            List<JudgeRun.CommandResult> results,
            List<String> changed,
            ObjectNode receiptBody,
            List<String> notices) {
        Receipt.Written receipt = Receipt.write(snapshot, receiptBody);
        JudgeRunFinished finished = new JudgeRunFinished(
                snapshot.id(),
                mode,
                outcome,
                results.stream()
                        .map(r -> new JudgeRunFinished.Result(
                                r.index(), r.command(), r.optional(), r.status(), r.exitCode(), r.durationMs()))
                        .toList(),
                changed,
                receipt.digest());
        JudgeReceiptWritten written = new JudgeReceiptWritten(
                snapshot.id(),
                receipt.digest(),
                session.workspace().root().relativize(receipt.path()).toString(),
                mode,
                receiptBody.path("passed").asBoolean(),
                outcome);
        append(Fitted.batch(List.of(finished, written)));
        return new JudgeRun.Result(
                outcome, snapshot, mode, results, changed, Optional.of(receipt), notices, "", List.copyOf(events));
    }

    /** The receipt's bindings: task, snapshot, the review digests, the normalised commands, lockfiles, version. */
    static ObjectNode receiptHead(Snapshot snapshot, ValidationBlock validation, JudgeRunMode mode) {
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
        body.put("mode", mode.wireName());
        return body;
    }

    static ObjectNode resultJson(JudgeRun.CommandResult r) {
        ObjectNode node = CanonicalJson.objectNode();
        node.put("index", r.index());
        node.put("command", r.command());
        node.put("optional", r.optional());
        node.put("status", r.status().wireName());
        node.put("exitCode", r.exitCode());
        node.put("ended", r.ended());
        node.put("durationMs", r.durationMs());
        r.evidence().ifPresent(e -> node.put("evidence", e));
        return node;
    }

    private void append(List<WbEvent> batch) {
        events.addAll(new EventService(session).record(StreamId.task(key), batch));
    }
}
