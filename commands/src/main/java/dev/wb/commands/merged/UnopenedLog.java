package dev.wb.commands.merged;

import dev.wb.engine.AppendedStreams;
import dev.wb.engine.EventEnvelope;
import dev.wb.engine.EventLog;
import dev.wb.engine.ExpectedVersion;
import dev.wb.engine.InMemoryEventLog;
import dev.wb.engine.Invocation;
import dev.wb.engine.NewEvent;
import dev.wb.engine.StreamHead;
import dev.wb.engine.StreamId;
import java.util.List;
import java.util.Optional;
import java.util.function.Consumer;
import java.util.function.Supplier;

/**
 * The log of a workspace where nothing was ever recorded (no {@code .workflow/local/log/}): it reads
 * as empty and creates nothing, so a read (status, replay, judge rounds) writes nothing to the
 * repository; the first append creates and opens the real log, and everything after goes there.
 */
public final class UnopenedLog implements EventLog {

    private final Supplier<EventLog> opener;
    private final EventLog empty = new InMemoryEventLog();
    private EventLog opened;

    /** A log that opens the real one with {@code opener} at its first append. */
    public UnopenedLog(Supplier<EventLog> opener) {
        this.opener = opener;
    }

    private synchronized EventLog reads() {
        return opened != null ? opened : empty;
    }

    @Override
    public synchronized List<EventEnvelope> append(
            StreamId stream, ExpectedVersion expected, List<NewEvent> batch, Invocation invocation) {
        if (opened == null) {
            opened = opener.get();
        }
        return opened.append(stream, expected, batch, invocation);
    }

    @Override
    public List<StreamId> streams() {
        return reads().streams();
    }

    @Override
    public void forEach(StreamId stream, long fromVersion, Consumer<EventEnvelope> visitor) {
        reads().forEach(stream, fromVersion, visitor);
    }

    @Override
    public Optional<StreamHead> head(StreamId stream) {
        return reads().head(stream);
    }

    @Override
    public Optional<StreamHead> headHint(StreamId stream) {
        return reads().headHint(stream);
    }

    @Override
    public Optional<AppendedStreams> appendedSince(String journal, long offset) {
        return reads().appendedSince(journal, offset);
    }

    @Override
    public Optional<AppendedStreams> appendMark() {
        return reads().appendMark();
    }

    @Override
    public Optional<String> storedStamp(StreamId stream) {
        return reads().storedStamp(stream);
    }

    @Override
    public void forEachStored(StreamId stream, StoredVisitor visitor) {
        reads().forEachStored(stream, visitor);
    }

    @Override
    public synchronized void close() {
        if (opened != null) {
            opened.close();
        }
    }
}
