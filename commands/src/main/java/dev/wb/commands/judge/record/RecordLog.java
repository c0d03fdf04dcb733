package dev.wb.commands.judge.record;

import dev.wb.commands.Decision;
import dev.wb.commands.EventService;
import dev.wb.commands.Session;
import dev.wb.commands.Workspace;
import dev.wb.commands.judge.core.Fitted;
import dev.wb.commands.judge.snapshot.Candidate;
import dev.wb.commands.judge.snapshot.Snapshot;
import dev.wb.commands.judge.snapshot.Snapshots;
import dev.wb.engine.EventEnvelope;
import dev.wb.engine.StreamId;
import dev.wb.engine.json.CanonicalJson;
import dev.wb.projections.events.WbEvent;
import dev.wb.projections.events.judge.JudgeRecordRead;
import dev.wb.projections.events.judge.RecordCategory;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.LinkOption;
import java.nio.file.Path;
import java.util.Optional;
import java.util.Set;

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
        WbEvent read = Fitted.of(event(session.workspace(), file, facts));
        return new EventService(session)
                        .decide(
                                StreamId.task(facts.taskId().get()),
                                RecordsRead.INSTANCE,
                                digests -> decide(digests, facts, read))
                        .appended()
                        .stream()
                        .findFirst();
    }

    /** The read is recorded once per record content: a digest the task's stream already holds adds nothing. */
    static Decision<Boolean> decide(Set<String> digestsRead, RecordFacts facts, WbEvent read) {
        return digestsRead.contains(facts.digest()) ? Decision.nothing(false) : Decision.of(true, read);
    }

    static JudgeRecordRead event(Workspace workspace, Path file, RecordFacts facts) {
        Path absolute = file.toAbsolutePath().normalize();
        return new JudgeRecordRead(
                absolute.startsWith(workspace.root())
                        ? workspace.root().relativize(absolute).toString()
                        : absolute.toString(),
                facts.digest(),
                facts.schemaVersion(),
                facts.verdict(),
                facts.reviewedAt(),
                facts.reviewedInstant().map(Object::toString),
                facts.scopeDigest(),
                facts.candidate(),
                facts.independent(),
                facts.criteria(),
                category(workspace, facts.candidate()));
    }

    /**
     * {@code ordinary} or {@code catch-up} from the candidate snapshot's own metadata (its parent),
     * {@code unknown} when the candidate is not a snapshot or its metadata cannot be read.
     */
    public static RecordCategory category(Workspace workspace, Optional<String> candidate) {
        if (candidate.isEmpty() || !candidate.get().startsWith("SNAPSHOT:")) {
            return RecordCategory.UNKNOWN;
        }
        String id = candidate.get().substring("SNAPSHOT:".length());
        if (!Candidate.SNAPSHOT_ID.matcher(id).matches()) {
            return RecordCategory.UNKNOWN;
        }
        Path metadata = Snapshots.dir(workspace).resolve(id).resolve(Snapshot.METADATA);
        try {
            if (!Files.isRegularFile(metadata, LinkOption.NOFOLLOW_LINKS)) {
                return RecordCategory.UNKNOWN;
            }
            var node = CanonicalJson.parse(Files.readAllBytes(metadata));
            if (node == null || !node.has("parent")) {
                return RecordCategory.UNKNOWN;
            }
            return node.get("parent").isNull() ? RecordCategory.ORDINARY : RecordCategory.CATCH_UP;
        } catch (IOException | RuntimeException e) {
            return RecordCategory.UNKNOWN;
        }
    }
}
