package dev.wb.projections;

import com.fasterxml.jackson.databind.JsonNode;
import dev.wb.engine.EventEnvelope;

/**
 * A view of one stream as a pure fold: an initial state and a function from a state and the next
 * event to the next state. It never reads files, clocks or the network, so any view can be
 * recomputed as of any event, and a test folds a fixed list of events with no storage at all.
 *
 * @param <S> the state, an immutable value
 */
public interface Projection<S> {

    /** A stable name, used in {@code wb replay --at} and in checkpoint files. */
    String name();

    /** Bumped whenever {@link #evolve} changes meaning, so that old checkpoints are rebuilt. */
    int version();

    S initialState();

    S evolve(S state, EventEnvelope event);

    /** The state as JSON, for people ({@code wb replay --at}) and for checkpoints. */
    JsonNode toJson(S state);

    /** Reads back what {@link #toJson} wrote; throws IllegalArgumentException on anything else. */
    S fromJson(JsonNode json);
}
