package dev.wb.projections;

import dev.wb.engine.EventEnvelope;
import dev.wb.engine.EventReader;
import dev.wb.engine.StreamId;

/** Runs projections over events. */
public final class Folds {

    private Folds() {}

    public static <S> S fold(Projection<S> projection, Iterable<EventEnvelope> events) {
        return foldFrom(projection, projection.initialState(), events);
    }

    public static <S> S foldFrom(Projection<S> projection, S state, Iterable<EventEnvelope> events) {
        S current = state;
        for (EventEnvelope event : events) {
            current = projection.evolve(current, event);
        }
        return current;
    }

    /** The state as of (and including) the event with version {@code asOf}. */
    public static <S> S foldAsOf(Projection<S> projection, Iterable<EventEnvelope> events, long asOf) {
        S current = projection.initialState();
        for (EventEnvelope event : events) {
            if (event.version() > asOf) {
                break;
            }
            current = projection.evolve(current, event);
        }
        return current;
    }

    /** Folds one stream straight from the log, without holding its events in memory. */
    public static <S> S foldStream(Projection<S> projection, EventReader reader, StreamId stream) {
        Accumulator<S> acc = new Accumulator<>(projection, projection.initialState());
        reader.forEach(stream, 0, acc::accept);
        return acc.state;
    }

    /** Holds the running state of a fold fed one event at a time. */
    static final class Accumulator<S> {
        private final Projection<S> projection;
        S state;
        EventEnvelope last;

        Accumulator(Projection<S> projection, S initial) {
            this.projection = projection;
            this.state = initial;
        }

        void accept(EventEnvelope event) {
            state = projection.evolve(state, event);
            last = event;
        }
    }
}
