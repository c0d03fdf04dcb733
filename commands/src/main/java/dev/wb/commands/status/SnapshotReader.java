package dev.wb.commands.status;

import dev.wb.engine.AppendedStreams;
import dev.wb.engine.EventEnvelope;
import dev.wb.engine.EventReader;
import dev.wb.engine.StreamHead;
import dev.wb.engine.StreamId;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.function.Consumer;

/**
 * A reader that answers the stream list and each head once, for the two workspace projections one
 * {@code wb status} loads: the second load walks no folder and reads no head file again (a thousand
 * streams cost a cold JVM ~100 ms a walk). An answer remembered from a moment earlier is never a wrong
 * one: a projection whose cursor equals a remembered head is exactly as of that head, and a stream
 * that moved since is caught up by the next status. One thread; not for concurrent use.
 */
final class SnapshotReader implements EventReader {

    private final EventReader log;
    private List<StreamId> streams;
    private Optional<AppendedStreams> mark;
    private final Map<StreamId, Optional<StreamHead>> hints = new HashMap<>();
    private final Map<StreamId, Optional<StreamHead>> heads = new HashMap<>();

    SnapshotReader(EventReader log) {
        this.log = log;
    }

    @Override
    public List<StreamId> streams() {
        if (streams == null) {
            streams = log.streams();
        }
        return streams;
    }

    @Override
    public Optional<StreamHead> headHint(StreamId stream) {
        Optional<StreamHead> hint = hints.get(stream);
        if (hint == null) {
            hint = log.headHint(stream);
            hints.put(stream, hint);
        }
        return hint;
    }

    /**
     * The journal's end as it was before this reader read any head or hint, the same for every load: a
     * mark kept with cursors checked against heads this reader remembers must not be later than those heads.
     */
    @Override
    public Optional<AppendedStreams> appendMark() {
        if (mark == null) {
            mark = hints.isEmpty() && heads.isEmpty() ? log.appendMark() : Optional.empty();
        }
        return mark;
    }

    @Override
    public Optional<AppendedStreams> appendedSince(String journal, long offset) {
        return log.appendedSince(journal, offset);
    }

    @Override
    public Optional<String> storedStamp(StreamId stream) {
        return log.storedStamp(stream);
    }

    @Override
    public Optional<StreamHead> head(StreamId stream) {
        Optional<StreamHead> head = heads.get(stream);
        if (head == null) {
            head = log.head(stream);
            heads.put(stream, head);
        }
        return head;
    }

    @Override
    public void forEach(StreamId stream, long fromVersion, Consumer<EventEnvelope> visitor) {
        log.forEach(stream, fromVersion, visitor);
    }

    @Override
    public void forEachStored(StreamId stream, StoredVisitor visitor) {
        log.forEachStored(stream, visitor);
    }
}
