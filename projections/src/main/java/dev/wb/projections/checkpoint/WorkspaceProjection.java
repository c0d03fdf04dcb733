package dev.wb.projections.checkpoint;

import dev.wb.engine.AppendedStreams;
import dev.wb.engine.EventEnvelope;
import dev.wb.engine.EventReader;
import dev.wb.engine.StreamHead;
import dev.wb.engine.StreamId;
import dev.wb.projections.Projection;
import java.util.HashSet;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.TreeMap;
import java.util.TreeSet;

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
     *
     * <p>Which streams are checked: with a checkpoint of this boot that kept the log's journal mark
     * ({@link CheckpointStore.Mark}), only the streams the journal names from that mark on and those the
     * last load could not call settled; every other stream had no batch committed since, and its cursor
     * stands without a head being read. Otherwise (no mark, another boot or journal, a log without one)
     * every stream's head is read, as a first load does. Either way the journal's end is taken before any
     * head, and kept with the cursors.
     */
    public Load<S> load(EventReader reader, StreamId skip) {
        Optional<AppendedStreams> now = reader.appendMark();
        Optional<CheckpointStore.Checkpoint<S>> checkpoint = store.read(projection);
        Map<StreamId, StreamCursor<S>> cached =
                checkpoint.map(CheckpointStore.Checkpoint::cursors).orElse(Map.of());
        // Hints are not synced: after a reboot they may be older than the log, so they are trusted
        // only against a checkpoint written in this boot. Otherwise each head is read from the log.
        boolean trustHints =
                checkpoint.map(CheckpointStore.Checkpoint::sameBoot).orElse(false);
        Optional<Set<StreamId>> moved = moved(reader, checkpoint, now);
        Check<S> check = new Check<>(projection, reader, trustHints);
        TreeMap<StreamId, StreamCursor<S>> result =
                new TreeMap<>((a, b) -> a.name().compareTo(b.name()));
        StreamCursor<S> skipped = null;
        if (moved.isPresent()) {
            result.putAll(cached);
            skipped = skip == null ? null : result.remove(skip);
        }
        for (StreamId stream : moved.isPresent() ? moved.get() : reader.streams()) {
            StreamCursor<S> cursor = cached.get(stream);
            if (stream.equals(skip)) {
                skipped = cursor;
                check.carried.add(stream); // not checked: the next load checks it
                continue;
            }
            Optional<StreamCursor<S>> current = check.current(stream, cursor);
            result.remove(stream);
            current.ifPresent(c -> result.put(stream, c));
        }
        int stored = result.size() + (skipped == null ? 0 : 1);
        Optional<CheckpointStore.Mark> mark =
                now.map(n -> new CheckpointStore.Mark(n.journal(), n.end(), check.carried));
        boolean changed = check.caughtUp + check.rebuilt > 0
                || !trustHints
                || cached.size() != stored
                || !mark.equals(checkpoint.flatMap(CheckpointStore.Checkpoint::mark));
        if (changed) {
            Map<StreamId, StreamCursor<S>> toStore = result;
            if (skipped != null) {
                TreeMap<StreamId, StreamCursor<S>> withSkipped = new TreeMap<>(result);
                withSkipped.put(skip, skipped);
                toStore = withSkipped;
            }
            store.write(projection, toStore, mark);
        }
        int reused = result.size() - check.folded;
        return new Load<>(result, reused, check.caughtUp, check.rebuilt, checkpoint.isPresent());
    }

    /**
     * The streams that may have moved since the checkpoint's mark: those the journal names from it on,
     * and those the last load carried; empty when the mark cannot tell (none, another boot or journal,
     * a journal that cannot answer), and every stream must be checked.
     */
    private static <S> Optional<Set<StreamId>> moved(
            EventReader reader, Optional<CheckpointStore.Checkpoint<S>> checkpoint, Optional<AppendedStreams> now) {
        Optional<CheckpointStore.Mark> mark = checkpoint.flatMap(CheckpointStore.Checkpoint::usableMark);
        if (mark.isEmpty()
                || now.isEmpty()
                || !now.get().journal().equals(mark.get().journal())
                || mark.get().end() > now.get().end()) {
            return Optional.empty();
        }
        Optional<AppendedStreams> appended =
                reader.appendedSince(mark.get().journal(), mark.get().end());
        if (appended.isEmpty() || !appended.get().sinceMark()) {
            return Optional.empty();
        }
        TreeSet<StreamId> moved = new TreeSet<>((a, b) -> a.name().compareTo(b.name()));
        moved.addAll(appended.get().streams());
        moved.addAll(mark.get().carried());
        return Optional.of(moved);
    }

    /**
     * One load's check of streams against the log: reused, caught up or folded again, and whether each is
     * settled, its head hint (read after the journal's mark was taken) being the cursor's own event.
     */
    private static final class Check<S> {
        private final Projection<S> projection;
        private final EventReader reader;
        private final boolean trustHints;
        final Set<StreamId> carried = new HashSet<>();
        int caughtUp;
        int rebuilt;
        /** Cursors this load folded (caught up, or folded again and holding events). */
        int folded;

        Check(Projection<S> projection, EventReader reader, boolean trustHints) {
            this.projection = projection;
            this.reader = reader;
            this.trustHints = trustHints;
        }

        Optional<StreamCursor<S>> current(StreamId stream, StreamCursor<S> cursor) {
            Optional<StreamHead> hint = reader.headHint(stream);
            // Within a boot the hint is never behind the log, so a cursor equal to it is current.
            Optional<StreamHead> head = trustHints ? hint : reader.head(stream);
            if (cursor != null && head.isPresent() && same(cursor, head.get())) {
                settled(stream, Optional.of(cursor), hint);
                return Optional.of(cursor);
            }
            Optional<StreamCursor<S>> advanced =
                    cursor != null ? foldFrom(projection, reader, stream, cursor) : Optional.empty();
            if (advanced.isPresent()) {
                caughtUp++;
            } else {
                advanced = foldFrom(projection, reader, stream, null);
                rebuilt++;
            }
            settled(stream, advanced, hint);
            folded += advanced.isPresent() ? 1 : 0;
            return advanced;
        }

        /** A stream whose hint is not its cursor's event may have a named batch still to commit: carried. */
        private void settled(StreamId stream, Optional<StreamCursor<S>> cursor, Optional<StreamHead> hint) {
            if (cursor.isEmpty() || hint.isEmpty() || !same(cursor.get(), hint.get())) {
                carried.add(stream);
            }
        }

        private static boolean same(StreamCursor<?> cursor, StreamHead head) {
            return cursor.version() == head.version() && cursor.hash().equals(head.hash());
        }
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
