package dev.wb.commands.replay;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.wb.commands.Session;
import dev.wb.commands.base.Failure;
import dev.wb.commands.merged.MergedLog;
import dev.wb.commands.merged.SyncedReader;
import dev.wb.engine.EnvelopeCodec;
import dev.wb.engine.EventEnvelope;
import dev.wb.engine.EventReader;
import dev.wb.engine.HashChain;
import dev.wb.engine.LogDamagedException;
import dev.wb.engine.StreamId;
import dev.wb.projections.Folds;
import dev.wb.projections.Projection;
import dev.wb.projections.catalog.TaskProjections;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;

/** {@code wb replay}: a stream's events, the check of its hash chain, and every view as of any event. */
public final class ReplayQuery {

    private final Session session;

    public ReplayQuery(Session session) {
        this.session = session;
    }

    /** The stream's events as stored (the forensic form: exactly what was hashed). */
    public List<EventEnvelope> stored(StreamId stream) {
        return requireHistory(stream, session.log().read(stream));
    }

    /**
     * The merged view of a stream that copies of other replicas' chains also hold (docs/SYNC.md), or
     * empty when this clone's own chain is the whole history.
     */
    public Optional<MergedLog.View> merged(StreamId stream) {
        return session.synced().flatMap(r -> r.view(stream));
    }

    /**
     * The stream's events as JSON made from their stored bytes: each hashes to its own hash. In a
     * merged view, in its order, each with the {@code replica} whose chain holds it (not hashed).
     */
    public List<ObjectNode> storedJson(StreamId stream) {
        Optional<MergedLog.View> view = merged(stream);
        if (view.isPresent()) {
            List<ObjectNode> events = new ArrayList<>();
            for (MergedLog.Entry e : view.get().entries()) {
                try {
                    events.add(e.stored().toJson().put("replica", e.replica()));
                } catch (EnvelopeCodec.FrameDamagedException damaged) {
                    throw new LogDamagedException(stream, damaged.getMessage());
                }
            }
            return requireHistory(stream, events);
        }
        session.log().read(stream); // the same damage checks as every read (a record out of place, a gap)
        List<ObjectNode> events = new ArrayList<>();
        session.log().forEachStored(stream, new EventReader.StoredVisitor() {
            @Override
            public void event(EnvelopeCodec.StoredEvent event) {
                try {
                    events.add(event.toJson());
                } catch (EnvelopeCodec.FrameDamagedException e) {
                    throw new LogDamagedException(stream, e.getMessage());
                }
            }

            @Override
            public void damaged(String reason) {
                throw new LogDamagedException(stream, reason);
            }
        });
        return requireHistory(stream, events);
    }

    /** The stream's events raised to the current schemas (what projections see). */
    public List<EventEnvelope> current(StreamId stream) {
        return requireHistory(stream, session.reader().read(stream));
    }

    /** Every chain of the stream this clone holds, each verified on its own: this clone's own first. */
    public List<SyncedReader.ChainReport> verify(StreamId stream) {
        List<SyncedReader.ChainReport> reports = verifyAll(session, stream);
        if (reports.stream()
                .allMatch(r -> r.report().eventsChecked() == 0 && r.report().intact())) {
            throw noHistory(stream);
        }
        return reports;
    }

    /**
     * The verification of each chain of {@code stream} this clone holds (its own, and the copies' that
     * hold the stream), with no history being no failure: for {@code wb status}.
     */
    public static List<SyncedReader.ChainReport> verifyAll(Session session, StreamId stream) {
        Optional<SyncedReader> synced = session.synced();
        if (synced.isPresent()) {
            return synced.get().verify(stream);
        }
        String own = MergedLog.ownId(session.workspace());
        return List.of(new SyncedReader.ChainReport(own, HashChain.verify(session.log(), stream)));
    }

    /** Every task projection as of the event with version {@code asOf}. */
    public Map<String, JsonNode> stateAt(StreamId stream, long asOf) {
        List<EventEnvelope> events = current(stream);
        long last = events.get(events.size() - 1).version();
        if (asOf < 0 || asOf > last) {
            throw Failure.usage(
                    stream.describe() + " has events 0 to " + last + "; there is no event " + asOf,
                    "wb replay " + stream + " --at " + last);
        }
        Map<String, JsonNode> states = new LinkedHashMap<>();
        for (Projection<?> projection : TaskProjections.ALL) {
            states.put(projection.name(), render(projection, events, asOf));
        }
        return states;
    }

    private static <S> JsonNode render(Projection<S> projection, List<EventEnvelope> events, long asOf) {
        return projection.toJson(Folds.foldAsOf(projection, events, asOf));
    }

    private static <T> List<T> requireHistory(StreamId stream, List<T> events) {
        if (events.isEmpty()) {
            throw noHistory(stream);
        }
        return events;
    }

    private static Failure noHistory(StreamId stream) {
        String name = stream.isWorkspace() ? "the workspace" : "task " + stream;
        return Failure.missing("no history for " + name, "wb status   (lists the tasks that have history)");
    }
}
