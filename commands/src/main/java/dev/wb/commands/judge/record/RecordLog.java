package dev.wb.commands.judge.record;

import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.wb.commands.Session;
import dev.wb.commands.Workspace;
import dev.wb.commands.checks.EventFit;
import dev.wb.commands.judge.snapshot.Candidate;
import dev.wb.commands.judge.snapshot.JudgeEvents;
import dev.wb.commands.judge.snapshot.Snapshot;
import dev.wb.commands.judge.snapshot.Snapshots;
import dev.wb.engine.EventEnvelope;
import dev.wb.engine.NewEvent;
import dev.wb.engine.StreamId;
import dev.wb.engine.json.CanonicalJson;
import dev.wb.projections.events.WbEvents;
import java.nio.file.Files;
import java.nio.file.LinkOption;
import java.nio.file.Path;
import java.util.Optional;
import java.util.concurrent.atomic.AtomicBoolean;

/**
 * Every record wb reads becomes a {@code judge.record.read} event of its task, once per content
 * digest: reading the same bytes again appends nothing. Review rounds and their statistics are
 * folded from these events.
 */
public final class RecordLog {

    private RecordLog() {}

    /** Appends the record's facts unless its task's stream already has them; empty when it has, or no task. */
    public static Optional<EventEnvelope> noteRead(Session session, Path file, RecordFacts facts) {
        if (facts.taskId().isEmpty()) {
            return Optional.empty();
        }
        StreamId stream = StreamId.task(facts.taskId().get());
        AtomicBoolean seen = new AtomicBoolean();
        session.reader().forEach(stream, 0, event -> {
            if (event.type().equals(WbEvents.JUDGE_RECORD_READ)
                    && facts.digest()
                            .equals(event.payload().json().path("recordDigest").asText())) {
                seen.set(true);
            }
        });
        if (seen.get()) {
            return Optional.empty();
        }
        return Optional.of(JudgeEvents.append(session, facts.taskId().get(), event(session.workspace(), file, facts)));
    }

    static NewEvent event(Workspace workspace, Path file, RecordFacts facts) {
        ObjectNode p = CanonicalJson.objectNode();
        Path absolute = file.toAbsolutePath().normalize();
        p.put(
                "file",
                absolute.startsWith(workspace.root())
                        ? workspace.root().relativize(absolute).toString()
                        : absolute.toString());
        p.put("recordDigest", facts.digest());
        facts.schemaVersion().ifPresentOrElse(v -> p.put("schemaVersion", v), () -> p.putNull("schemaVersion"));
        facts.verdict().ifPresentOrElse(v -> p.put("verdict", v), () -> p.putNull("verdict"));
        facts.reviewedAt().ifPresentOrElse(v -> p.put("reviewedAt", v), () -> p.putNull("reviewedAt"));
        facts.reviewedInstant()
                .ifPresentOrElse(v -> p.put("reviewedInstant", v.toString()), () -> p.putNull("reviewedInstant"));
        facts.scopeDigest().ifPresentOrElse(v -> p.put("scopeDigest", v), () -> p.putNull("scopeDigest"));
        facts.candidate().ifPresentOrElse(v -> p.put("candidate", v), () -> p.putNull("candidate"));
        facts.independent().ifPresentOrElse(v -> p.put("independent", v), () -> p.putNull("independent"));
        ObjectNode criteria = p.putObject("criteria");
        facts.criteria().forEach(criteria::put);
        p.put("category", category(workspace, facts.candidate()));
        return new NewEvent(WbEvents.JUDGE_RECORD_READ, WbEvents.JUDGE_RECORD_READ_VERSION, EventFit.fit(p));
    }

    /**
     * {@code ordinary} or {@code catch-up} from the candidate snapshot's own metadata (its parent),
     * {@code unknown} when the candidate is not a snapshot or its metadata cannot be read.
     */
    public static String category(Workspace workspace, Optional<String> candidate) {
        if (candidate.isEmpty() || !candidate.get().startsWith("SNAPSHOT:")) {
            return "unknown";
        }
        String id = candidate.get().substring("SNAPSHOT:".length());
        if (!Candidate.SNAPSHOT_ID.matcher(id).matches()) {
            return "unknown";
        }
        Path metadata = Snapshots.dir(workspace).resolve(id).resolve(Snapshot.METADATA);
        try {
            if (!Files.isRegularFile(metadata, LinkOption.NOFOLLOW_LINKS)) {
                return "unknown";
            }
            var node = CanonicalJson.parse(Files.readAllBytes(metadata));
            if (node == null || !node.has("parent")) {
                return "unknown";
            }
            return node.get("parent").isNull() ? "ordinary" : "catch-up";
        } catch (java.io.IOException | RuntimeException e) {
            return "unknown";
        }
    }
}
