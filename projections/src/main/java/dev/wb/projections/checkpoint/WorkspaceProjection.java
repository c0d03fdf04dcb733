package dev.wb.projections.checkpoint;

import dev.wb.engine.EventEnvelope;
import dev.wb.engine.EventReader;
import dev.wb.engine.StreamHead;
import dev.wb.engine.StreamId;
import dev.wb.projections.Projection;
import java.util.Map;
import java.util.Optional;
import java.util.TreeMap;

/**
 * A projection over every stream of the workspace: one fold per stream. It may start from a
 * checkpoint, but the checkpoint is only a cache. Each stream's cursor is checked against the log's
 * head; a stream that moved on is caught up from the cursor, and one whose history does not match
 * the cursor (a different hash at its version, a shorter stream) is folded again from the start.
 * The result always equals {@link #rebuild}.
 */
public final class WorkspaceProjection<S> {

    private final Projection<S> projection;
    private final CheckpointStore store;

    public WorkspaceProjection(Projection<S> projection, CheckpointStore store) {
        this.projection = projection;
        this.store = store;
    }

    /** How a load was answered, for tests and benchmarks. */
    public record Load<S>(
            Map<StreamId, StreamCursor<S>> streams, int reused, int caughtUp, int rebuilt, boolean checkpointUsable) {}

    /** Folds every stream from its first event, ignoring any checkpoint. */
    public static <S> Map<StreamId, StreamCursor<S>> rebuild(Projection<S> projection, EventReader reader) {
        Map<StreamId, StreamCursor<S>> result = new TreeMap<>((a, b) -> a.name().compareTo(b.name()));
        for (StreamId stream : reader.streams()) {
            foldFrom(projection, reader, stream, null).ifPresent(c -> result.put(stream, c));
        }
        return result;
    }

    /** The current state of every stream, reusing and then refreshing the checkpoint. */
    public Load<S> load(EventReader reader) {
        return load(reader, null);
    }

    /**
     * The current state of every stream but {@code skip} (a command that folds that stream itself
     * anyway, such as the one it is about to append to, need not read it twice). The skipped
     * stream's cached cursor is kept in the checkpoint as it was: still a valid cursor to catch up from.
     */
    public Load<S> load(EventReader reader, StreamId skip) {
        Optional<CheckpointStore.Checkpoint<S>> checkpoint = store.read(projection);
        Map<StreamId, StreamCursor<S>> cached =
                checkpoint.map(CheckpointStore.Checkpoint::cursors).orElse(Map.of());
        // Hints are not synced: after a reboot they may be older than the log, so they are trusted
        // only against a checkpoint written in this boot. Otherwise each head is read from the log.
        boolean trustHints =
                checkpoint.map(CheckpointStore.Checkpoint::sameBoot).orElse(false);
        TreeMap<StreamId, StreamCursor<S>> result =
                new TreeMap<>((a, b) -> a.name().compareTo(b.name()));
        int reused = 0, caughtUp = 0, rebuilt = 0;
        StreamCursor<S> skipped = null;
        for (StreamId stream : reader.streams()) {
            StreamCursor<S> cursor = cached.get(stream);
            if (stream.equals(skip)) {
                skipped = cursor;
                continue;
            }
            // Within a boot the hint is never behind the log, so a cursor equal to it is current.
            Optional<StreamHead> hint = trustHints ? reader.headHint(stream) : reader.head(stream);
            if (cursor != null
                    && hint.isPresent()
                    && cursor.version() == hint.get().version()
                    && cursor.hash().equals(hint.get().hash())) {
                result.put(stream, cursor);
                reused++;
                continue;
            }
            Optional<StreamCursor<S>> advanced =
                    cursor != null ? foldFrom(projection, reader, stream, cursor) : Optional.empty();
            if (advanced.isPresent()) {
                caughtUp++;
            } else {
                advanced = foldFrom(projection, reader, stream, null);
                rebuilt++;
            }
            advanced.ifPresent(c -> result.put(stream, c));
        }
        int stored = result.size() + (skipped == null ? 0 : 1);
        boolean changed = caughtUp + rebuilt > 0 || !trustHints || cached.size() != stored;
        if (changed) {
            Map<StreamId, StreamCursor<S>> toStore = result;
            if (skipped != null) {
                TreeMap<StreamId, StreamCursor<S>> withSkipped = new TreeMap<>(result);
                withSkipped.put(skip, skipped);
                toStore = withSkipped;
            }
            store.write(projection, toStore);
        }
        return new Load<>(result, reused, caughtUp, rebuilt, checkpoint.isPresent());
    }

    /**
     * Folds a stream onward from a cursor (or from the start when it is null). Returns empty when
     * the stream's event at the cursor's version is not the one the cursor saw.
     */
    private static <S> Optional<StreamCursor<S>> foldFrom(
            Projection<S> projection, EventReader reader, StreamId stream, StreamCursor<S> cursor) {
        long from = cursor == null ? 0 : cursor.version();
        Fold<S> fold = new Fold<>(projection, cursor);
        reader.forEach(stream, from, fold::accept);
        if (fold.mismatch || fold.last == null) {
            return Optional.empty();
        }
        return Optional.of(new StreamCursor<>(stream, fold.last.version(), fold.last.hash(), fold.state));
    }

    private static final class Fold<S> {
        private final Projection<S> projection;
        private final StreamCursor<S> cursor;
        private S state;
        private EventEnvelope last;
        private boolean mismatch;

        Fold(Projection<S> projection, StreamCursor<S> cursor) {
            this.projection = projection;
            this.cursor = cursor;
            this.state = cursor == null ? projection.initialState() : cursor.state();
        }

        void accept(EventEnvelope event) {
            if (mismatch) {
                return;
            }
            if (cursor != null && event.version() == cursor.version()) {
                // The cursor's own event: it must be the very event the checkpoint was folded to.
                mismatch = !event.hash().equals(cursor.hash());
                last = event;
                return;
            }
            state = projection.evolve(state, event);
            last = event;
        }
    }
}
