package dev.wb.commands.pr;

import dev.wb.commands.Failure;
import dev.wb.commands.InputFiles;
import dev.wb.commands.Session;
import dev.wb.engine.Digests;
import dev.wb.engine.EventEnvelope;
import dev.wb.engine.StreamId;
import dev.wb.engine.TaskKey;
import dev.wb.projections.events.draft.HandoverState;
import java.nio.file.Path;
import java.util.List;
import java.util.Optional;
import java.util.concurrent.atomic.AtomicReference;

/**
 * The original's rule (0.11) that an incident's handover must be ready when its pull request is
 * checked: work that owes one ({@link TaskPlan#owesHandover}) needs {@code .workflow/KEY/handover.md};
 * and where the task's log records a {@code handover.written}, the file must still be the one it
 * recorded (its sha256): a handover edited after it was written is not the one that was checked.
 */
final class HandoverGate {

    /** The event {@code wb sdd handover} records on writing the file. */
    static final String WRITTEN = "handover.written";

    static final String FILE = "handover.md";

    private HandoverGate() {}

    static HandoverState of(Session session, TaskKey key, TaskPlan plan) {
        if (!plan.owesHandover(key)) {
            return HandoverState.NOT_OWED;
        }
        Path file = session.workspace().workflowDir().resolve(key.value()).resolve(FILE);
        Optional<InputFiles.Content> content;
        try {
            content = InputFiles.read(session.workspace().root(), file, InputFiles.Kind.CAPSULE);
        } catch (InputFiles.Unusable e) {
            throw new Failure(Failure.Kind.USAGE, e.getMessage(), List.of(e.fix()));
        }
        if (content.isEmpty() || content.get().text().isBlank()) {
            return HandoverState.MISSING;
        }
        Optional<String> recorded = latestWritten(session, key);
        String now = Digests.hex(Digests.sha256(content.get().bytes()));
        return recorded.isEmpty() || recorded.get().equals(now) ? HandoverState.READY : HandoverState.STALE;
    }

    /** The sha256 (hex) the task's latest {@code handover.written} recorded, if any. */
    private static Optional<String> latestWritten(Session session, TaskKey key) {
        AtomicReference<String> latest = new AtomicReference<>();
        session.reader().forEach(StreamId.task(key), 0, event -> {
            if (event.type().equals(WRITTEN)) {
                latest.set(digest(event));
            }
        });
        return Optional.ofNullable(latest.get());
    }

    private static String digest(EventEnvelope event) {
        String value = event.payload().json().path("sha256").asText("");
        return value.startsWith(Digests.PREFIX) ? value.substring(Digests.PREFIX.length()) : value;
    }

    /** The reason a check fails with the handover in {@code state}. */
    static String reason(HandoverState state, TaskKey key, TaskPlan plan) {
        String where = ".workflow/" + key + "/" + FILE;
        return state == HandoverState.STALE
                ? "the handover changed since it was written: " + where + " is not the file the log recorded"
                : "the handover is not ready: " + plan.kind() + " work owes one, and " + where + " does not exist";
    }
}
