package dev.wb.commands.run;

import dev.wb.commands.EventService;
import dev.wb.commands.Followed;
import dev.wb.commands.Session;
import dev.wb.commands.base.Failure;
import dev.wb.engine.EventEnvelope;
import dev.wb.engine.StreamId;
import dev.wb.engine.VersionConflictException;
import dev.wb.projections.events.WbEvent;
import dev.wb.projections.run.RunProjection;
import dev.wb.projections.run.RunState;
import java.util.List;

/**
 * The run's appends to its task's stream, through {@link EventService#follow} as every append of wb goes:
 * each conditional on where the stream stood when the run last saw it (this clone's own chain at its
 * version and, where sync copies hold the task, each copy at its head). The run is the stream's only
 * writer while it goes, so another {@code wb run} (or anything else, an import included) appending in
 * between is a conflict that stops this run before anything interleaves. The run's state is the fold of
 * the stream as read once, at the start (the merged view where sync is in use, as {@code wb status} reads
 * it), evolved by each event appended since.
 */
final class RunLog {

    private final Followed<RunState> followed;
    private final String key;

    private RunLog(Followed<RunState> followed, String key) {
        this.followed = followed;
        this.key = key;
    }

    /** The task's stream folded now, to be followed by this run's appends. */
    static RunLog open(Session session, StreamId stream, String key) {
        return new RunLog(new EventService(session).follow(stream, RunProjection.INSTANCE), key);
    }

    StreamId stream() {
        return followed.stream();
    }

    /** The last version of this clone's own chain of the task, as this run last saw it (-1: none). */
    long version() {
        return followed.ownVersion();
    }

    /** The run as the stream stands after this run's last append: the start's fold and every event since. */
    RunState state() {
        return followed.state();
    }

    /** Appends the events as one batch, where the stream still stands where this run last saw it. */
    void append(WbEvent... events) {
        append(List.of(events));
    }

    /** Appends the events as one batch, where the stream still stands where this run last saw it. */
    void append(List<? extends WbEvent> events) {
        try {
            followed.append(events);
        } catch (VersionConflictException e) {
            throw concurrent(key);
        }
    }

    /** Takes note of an event a node recorded itself (a checks node's {@code checks.ran}), right after this run's last. */
    void recorded(EventEnvelope event) {
        try {
            followed.recorded(event);
        } catch (VersionConflictException e) {
            throw concurrent(key);
        }
    }

    static Failure concurrent(String key) {
        return Failure.usage(
                "another process appended to " + key + "'s stream while this run went on; this run stopped, and"
                        + " nothing of it interleaves with the other",
                "wb status " + key + "    (the run's state: the other wb run drives it)",
                "wb replay " + key + "    (every step taken so far)");
    }
}
