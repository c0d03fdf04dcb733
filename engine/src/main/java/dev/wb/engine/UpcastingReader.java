package dev.wb.engine;

import java.util.List;
import java.util.Optional;
import java.util.function.Consumer;

/** A reader that hands out every event raised to its current schema. Verification reads underneath it. */
public final class UpcastingReader implements EventReader {

    private final EventReader stored;
    private final EventSchemas schemas;

    public UpcastingReader(EventReader stored, EventSchemas schemas) {
        this.stored = stored;
        this.schemas = schemas;
    }

    @Override
    public List<StreamId> streams() {
        return stored.streams();
    }

    @Override
    public void forEach(StreamId stream, long fromVersion, Consumer<EventEnvelope> visitor) {
        stored.forEach(stream, fromVersion, event -> visitor.accept(schemas.upcast(event)));
    }

    @Override
    public Optional<StreamHead> head(StreamId stream) {
        return stored.head(stream);
    }

    @Override
    public Optional<StreamHead> headHint(StreamId stream) {
        return stored.headHint(stream);
    }

    @Override
    public Optional<AppendedStreams> appendedSince(String journal, long offset) {
        return stored.appendedSince(journal, offset);
    }

    @Override
    public Optional<AppendedStreams> appendMark() {
        return stored.appendMark();
    }

    @Override
    public Optional<String> storedStamp(StreamId stream) {
        return stored.storedStamp(stream);
    }

    @Override
    public void forEachStored(StreamId stream, StoredVisitor visitor) {
        stored.forEachStored(stream, visitor);
    }
}
