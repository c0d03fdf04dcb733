package dev.wb.commands.run;

import dev.wb.commands.Failure;
import dev.wb.commands.Session;
import dev.wb.engine.EventEnvelope;
import dev.wb.engine.ExpectedVersion;
import dev.wb.engine.StreamId;
import dev.wb.engine.VersionConflictException;
import dev.wb.projections.events.WbEvent;
import java.util.List;

/**
 * The run's appends to its task's stream, each conditional on the version the run last saw: the run
 * is the stream's only writer while it goes, so another {@code wb run} (or anything else) appending
 * in between is a conflict that stops this run before anything interleaves.
 */
final class RunLog {

    private final Session session;
    private final StreamId stream;
    private final String key;
    private long version;

    RunLog(Session session, StreamId stream, String key, long version) {
        this.session = session;
        this.stream = stream;
        this.key = key;
        this.version = version;
    }

    StreamId stream() {
        return stream;
    }

    long version() {
        return version;
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
    }

    static Failure concurrent(String key) {
        return Failure.usage(
                "another process appended to " + key + "'s stream while this run went on; this run stopped, and"
                        + " nothing of it interleaves with the other",
                "wb status " + key + "    (the run's state: the other wb run drives it)",
                "wb replay " + key + "    (every step taken so far)");
    }
}
