package dev.wb.commands;

import dev.wb.commands.merged.SyncedReader;
import dev.wb.engine.EventEnvelope;
import dev.wb.engine.ExpectedVersion;
import dev.wb.engine.StreamId;
import dev.wb.engine.VersionConflictException;
import dev.wb.projections.Projection;
import dev.wb.projections.catalog.WbEvents;
import dev.wb.projections.events.SyncSeen;
import dev.wb.projections.events.WbEvent;
import java.util.List;
import java.util.Optional;

/**
 * A stream folded once and then followed by its writer's own appends ({@link EventService#follow}): the
 * way of a writer that goes on deciding on what it appended (a run). Each append is conditional on where
 * the fold stands, in the terms of {@link EventService#decide}: this clone's own chain at the version
 * last seen and, where copies of other replicas' chains hold the stream, each copy still at its head; the
 * first append after an import is led by its {@code sync.seen}. A conflict is thrown, never retried: what
 * the writer did between two appends was done on the state it had. The state is the fold evolved by each
 * event appended, numbered by its place in the stream as wb's readers number it (the merged view's, where
 * copies hold the stream), so it stays the fold of the whole stream without reading it again.
 */
public final class Followed<S> {

    private final EventService service;
    private final StreamId stream;
    private final Projection<S> projection;
    private final List<SyncSeen.Head> copyHeads;
    private final boolean merged;
    private S state;
    private long ownVersion;
    private long place;
    private Optional<SyncSeen> seen;

    /**
     * Where the first fold stands: this clone's own chain's version, the place of its last event as the
     * stream's readers number it, each copy's head (none when no copy holds the stream), and the
     * {@code sync.seen} that must lead the first append after an import.
     */
    record Start(long ownVersion, long place, List<SyncSeen.Head> copyHeads, Optional<SyncSeen> seen) {
        /** A stream no copy holds: its own chain is the whole stream. */
        static Start own(long version) {
            return new Start(version, version + 1, List.of(), Optional.empty());
        }
    }

    Followed(EventService service, StreamId stream, Projection<S> projection, S state, Start start) {
        this.service = service;
        this.stream = stream;
        this.projection = projection;
        this.state = state;
        this.ownVersion = start.ownVersion();
        this.place = start.place();
        this.copyHeads = List.copyOf(start.copyHeads());
        this.merged = !start.copyHeads().isEmpty();
        this.seen = start.seen();
    }

    public StreamId stream() {
        return stream;
    }

    /** The stream folded as it stands after the last append: the first fold and every event since. */
    public S state() {
        return state;
    }

    /** The last version of this clone's own chain of the stream, as this writer last saw it (-1: none). */
    public long ownVersion() {
        return ownVersion;
    }

    /**
     * Appends the events as one batch, where the stream still stands where this writer last saw it.
     *
     * @return the events appended, numbered as the stream's readers number them (a {@code sync.seen}
     *     that led them left out)
     * @throws VersionConflictException when anything else appended to the stream, or imported into it,
     *     since
     */
    public List<EventEnvelope> append(List<? extends WbEvent> events) {
        List<EventEnvelope> appended = service.appendAt(stream, ownVersion, copyHeads, seen, events);
        seen = Optional.empty();
        ownVersion = appended.get(appended.size() - 1).version();
        return appended.stream()
                .map(this::evolve)
                .filter(e -> !SyncSeen.TYPE.matches(e))
                .toList();
    }

    /**
     * Takes note of an event appended through another of {@link EventService}'s ways on this writer's
     * behalf (a checks node's {@code checks.ran}): it must be the next event of this clone's own chain,
     * with every copy where it was.
     *
     * @throws VersionConflictException when it is not
     */
    public void recorded(EventEnvelope event) {
        List<EventEnvelope> next = service.ownFrom(stream, ownVersion + 1);
        if (next.isEmpty()
                || !next.get(0).hash().equals(event.hash())
                || !service.copyHeads(stream).equals(copyHeads)) {
            throw new VersionConflictException(stream, ExpectedVersion.after(ownVersion), ownVersion);
        }
        ownVersion = next.get(0).version();
        evolve(next.get(0));
    }

    private EventEnvelope evolve(EventEnvelope stored) {
        EventEnvelope event = merged ? SyncedReader.at(stored, place) : stored;
        place++;
        state = projection.evolve(state, WbEvents.SCHEMAS.upcast(event));
        return event;
    }
}
