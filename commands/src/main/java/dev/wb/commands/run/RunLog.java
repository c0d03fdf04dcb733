package dev.wb.commands.run;

import dev.wb.commands.Failure;
import dev.wb.commands.Session;
import dev.wb.engine.EventEnvelope;
import dev.wb.engine.ExpectedVersion;
import dev.wb.engine.StreamId;
import dev.wb.engine.VersionConflictException;
import dev.wb.projections.events.WbEvent;
import dev.wb.projections.run.RunProjection;
import dev.wb.projections.run.RunState;
import java.util.List;

/**
 * The run's appends to its task's stream, each conditional on the version the run last saw: the run
 * is the stream's only writer while it goes, so another {@code wb run} (or anything else) appending
 * in between is a conflict that stops this run before anything interleaves. So the run's state is the
 * fold of the stream as read once, at the start, evolved by each event appended since: the same state a
 * fold of the whole stream gives, without reading the stream again at every step.
 */
final class RunLog {

    private final Session session;
    private final StreamId stream;
    private final String key;
    private long version;
    private RunState state;

    /** A log that stands at {@code version} (-1: no stream), where the stream folds to {@code state}. */
    RunLog(Session session, StreamId stream, String key, long version, RunState state) {
        this.session = session;
        this.stream = stream;
        this.key = key;
        this.version = version;
        this.state = state;
    }

    StreamId stream() {
        return stream;
    }

    long version() {
        return version;
    }

    /** The run as the stream stands after this run's last append: the start's fold and every event since. */
    RunState state() {
        return state;
    }

    /** Appends the events as one batch, where the stream still ends where this run last saw it. */
    void append(WbEvent... events) {
        try {
            List<EventEnvelope> appended = session.log()
                    .append(
                            stream,
                            ExpectedVersion.after(version),
                            List.of(events).stream().map(WbEvent::toNewEvent).toList(),
                            session.invocation());
            version = appended.get(appended.size() - 1).version();
            for (EventEnvelope event : appended) {
                state = RunProjection.INSTANCE.evolve(state, event);
            }
        } catch (VersionConflictException e) {
            throw concurrent(key);
        }
    }

    /** Takes note of an event a node recorded itself (a checks node's {@code checks.ran}), right after this run's last. */
    void recorded(EventEnvelope event) {
        if (event.version() != version + 1) {
            throw concurrent(key);
        }
        version = event.version();
        state = RunProjection.INSTANCE.evolve(state, event);
    }

    static Failure concurrent(String key) {
        return Failure.usage(
                "another process appended to " + key + "'s stream while this run went on; this run stopped, and"
                        + " nothing of it interleaves with the other",
                "wb status " + key + "    (the run's state: the other wb run drives it)",
                "wb replay " + key + "    (every step taken so far)");
    }
}
