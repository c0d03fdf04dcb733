package dev.wb.commands;

import dev.wb.engine.EventEnvelope;
import dev.wb.engine.ExpectedVersion;
import dev.wb.engine.InMemoryEventLog;
import dev.wb.engine.NewEvent;
import dev.wb.engine.StreamId;
import dev.wb.engine.TestEvents;
import dev.wb.projections.Folds;
import dev.wb.projections.Projection;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.function.Function;

/**
 * Given events, when a decision, then events: a decider's rules as short, storage-free tests.
 * The given events are sealed into envelopes (versions, hashes) so projections fold exactly what
 * they fold in production.
 */
public final class DeciderSpec<S> {

    private final Projection<S> projection;
    private final List<EventEnvelope> history;

    private DeciderSpec(Projection<S> projection, List<EventEnvelope> history) {
        this.projection = projection;
        this.history = history;
    }

    public static <S> DeciderSpec<S> given(Projection<S> projection, NewEvent... events) {
        return given(projection, Arrays.asList(events));
    }

    public static <S> DeciderSpec<S> given(Projection<S> projection, List<NewEvent> events) {
        InMemoryEventLog log = new InMemoryEventLog();
        StreamId stream = StreamId.parse("ABC-12").orElseThrow();
        List<EventEnvelope> history = events.isEmpty()
                ? List.of()
                : log.append(stream, ExpectedVersion.noStream(), events, TestEvents.invocation());
        return new DeciderSpec<>(projection, new ArrayList<>(history));
    }

    public S state() {
        return Folds.fold(projection, history);
    }

    /** The events the decider returns for the state the given events fold to. */
    public List<NewEvent> when(Function<S, List<NewEvent>> decider) {
        return decider.apply(state());
    }

    /** The decision (result and events) a {@link Decision}-returning decider makes on the given events. */
    public <R> Decision<R> decide(Function<S, Decision<R>> decider) {
        return decider.apply(state());
    }

    /** The state after a {@link Decision}'s events too: what the next command sees. */
    public <R> S thenState(Function<S, Decision<R>> decider) {
        return then(state -> decider.apply(state).events());
    }

    /** The state after the decision's events too: what the next command sees. */
    public S then(Function<S, List<NewEvent>> decider) {
        List<NewEvent> all = new ArrayList<>();
        history.forEach(e ->
                all.add(new NewEvent(e.type(), e.schemaVersion(), e.payload().json())));
        all.addAll(decider.apply(state()));
        return given(projection, all).state();
    }
}
