package dev.wb.commands;

import dev.wb.engine.EventEnvelope;
import dev.wb.engine.ExpectedVersion;
import dev.wb.engine.NewEvent;
import dev.wb.engine.StreamId;
import dev.wb.engine.VersionConflictException;
import dev.wb.projections.Projection;
import java.util.List;
import java.util.function.Function;

/**
 * The one loop around every decision: read the stream, fold it, decide, append with the version
 * the decision was made on. When another process appended in between, the decision is made again
 * on the new state, a few times with growing pauses, before the conflict reaches the user.
 */
public final class EventService {

    static final int ATTEMPTS = 4;

    private final Session session;

    public EventService(Session session) {
        this.session = session;
    }

    /** The decision and the events it appended (none when it decided nothing). */
    public record Outcome<S>(S stateBefore, List<EventEnvelope> appended) {}

    public <S> Outcome<S> decide(StreamId stream, Projection<S> projection, Function<S, List<NewEvent>> decider) {
        VersionConflictException last = null;
        for (int attempt = 0; attempt < ATTEMPTS; attempt++) {
            Folded<S> folded = fold(stream, projection);
            List<NewEvent> events = decider.apply(folded.state);
            if (events.isEmpty()) {
                return new Outcome<>(folded.state, List.of());
            }
            try {
                List<EventEnvelope> appended = session.log()
                        .append(stream, ExpectedVersion.after(folded.version), events, session.invocation());
                return new Outcome<>(folded.state, appended);
            } catch (VersionConflictException e) {
                last = e;
                pause(attempt);
            }
        }
        throw last;
    }

    private <S> Folded<S> fold(StreamId stream, Projection<S> projection) {
        Folded<S> folded = new Folded<>(projection.initialState(), -1);
        session.reader().forEach(stream, 0, event -> {
            folded.state = projection.evolve(folded.state, event);
            folded.version = event.version();
        });
        return folded;
    }

    private static void pause(int attempt) {
        try {
            Thread.sleep(10L << (2 * attempt));
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
    }

    private static final class Folded<S> {
        S state;
        long version;

        Folded(S state, long version) {
            this.state = state;
            this.version = version;
        }
    }
}
