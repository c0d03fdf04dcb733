package dev.wb.commands;

import dev.wb.commands.merged.MergedLog;
import dev.wb.commands.merged.Replica;
import dev.wb.commands.merged.SyncedReader;
import dev.wb.engine.EventEnvelope;
import dev.wb.engine.ExpectedVersion;
import dev.wb.engine.NewEvent;
import dev.wb.engine.StreamId;
import dev.wb.engine.VersionConflictException;
import dev.wb.projections.Projection;
import dev.wb.projections.catalog.WbEvents;
import dev.wb.projections.events.SyncSeen;
import dev.wb.projections.events.WbEvent;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.function.BiFunction;
import java.util.function.Function;

/**
 * The ways into the log: every append of wb goes through here (a test scans for any other).
 *
 * <ul>
 *   <li>{@link #decide}: read the stream, fold it, decide, append with the version the decision was
 *       made on. When another process appended in between, the facts are gathered again and the
 *       decision made again on the new state, a few times with growing pauses, before the conflict
 *       reaches the user. A decision that depends on what the stream holds (a gate, a mode, a
 *       baseline) goes this way.
 *   <li>{@link #record}: append facts that stand whatever the stream holds (a command ran, a flow was
 *       validated), with no expected version. Nothing is read first.
 *   <li>{@link #follow}: a writer that goes on deciding on what it appended itself (a run): the stream
 *       folded once, each append conditional on where that fold stands, in the terms {@link #decide}
 *       uses, and never retried ({@link Followed}).
 * </ul>
 */
public final class EventService {

    static final int ATTEMPTS = 4;

    private final Session session;

    public EventService(Session session) {
        this.session = session;
    }

    /** The state the decision was made on, its result, and the events it appended (none when it decided nothing). */
    public record Decided<S, R>(S stateBefore, R result, List<EventEnvelope> appended) {}

    /** Decides on the folded state alone: {@code decider} is pure. */
    public <S, R> Decided<S, R> decide(StreamId stream, Projection<S> projection, Function<S, Decision<R>> decider) {
        return decide(stream, projection, state -> null, (state, none) -> decider.apply(state));
    }

    /**
     * Gathers facts for the folded state (I/O: files, git, the clock's reading), then decides on the
     * state and the facts ({@code decider} is pure). On a conflict both run again on the new state.
     */
    public <S, F, R> Decided<S, R> decide(
            StreamId stream, Projection<S> projection, Function<S, F> gather, BiFunction<S, F, Decision<R>> decider) {
        VersionConflictException last = null;
        for (int attempt = 0; attempt < ATTEMPTS; attempt++) {
            Optional<MergedLog.View> view = session.synced().flatMap(r -> r.verifiedView(stream));
            Folded<S> folded = view.isPresent() ? fold(view.get(), projection) : fold(stream, projection);
            F facts = gather.apply(folded.state);
            Decision<R> decision = decider.apply(folded.state, facts);
            if (decision.events().isEmpty()) {
                return new Decided<>(folded.state, decision.result(), List.of());
            }
            List<NewEvent> events = decision.events();
            if (view.isPresent()) {
                // Decided on the whole view: an import since the fold is a conflict like a local append.
                if (!session.synced()
                        .orElseThrow()
                        .copyHeads(stream)
                        .equals(view.get().copyHeads())) {
                    last = new VersionConflictException(stream, ExpectedVersion.after(folded.version), folded.version);
                    pause(attempt);
                    continue;
                }
                events = withSeen(view.get(), events);
            }
            try {
                List<EventEnvelope> appended = session.log()
                        .append(stream, ExpectedVersion.after(folded.version), events, session.invocation());
                return new Decided<>(folded.state, decision.result(), asCallerSees(stream, view.isPresent(), appended));
            } catch (VersionConflictException e) {
                last = e;
                pause(attempt);
            }
        }
        throw last;
    }

    /**
     * The stream folded once (the merged view where copies hold it, verified as for a decision), to be
     * followed by the caller's own appends ({@link Followed}).
     */
    public <S> Followed<S> follow(StreamId stream, Projection<S> projection) {
        Optional<MergedLog.View> view = session.synced().flatMap(r -> r.verifiedView(stream));
        if (view.isPresent()) {
            Folded<S> folded = fold(view.get(), projection);
            Followed.Start start = new Followed.Start(
                    folded.version,
                    view.get().entries().size(),
                    view.get().copyHeads(),
                    view.get().needsSeen() ? Optional.of(view.get().seen()) : Optional.empty());
            return new Followed<>(this, stream, projection, folded.state, start);
        }
        Folded<S> folded = fold(stream, projection);
        return new Followed<>(this, stream, projection, folded.state, Followed.Start.own(folded.version));
    }

    /** Each copy's head of {@code stream} now: none when no copy holds it (or this clone holds no copy). */
    List<SyncSeen.Head> copyHeads(StreamId stream) {
        return session.synced().map(r -> r.copyHeads(stream)).orElse(List.of());
    }

    /**
     * A followed stream's append: where this clone's own chain still ends at {@code ownVersion} and each
     * copy at {@code copyHeads}, the batch (led by {@code seen}, when given) as one append.
     */
    List<EventEnvelope> appendAt(
            StreamId stream,
            long ownVersion,
            List<SyncSeen.Head> copyHeads,
            Optional<SyncSeen> seen,
            List<? extends WbEvent> events) {
        if (!copyHeads(stream).equals(copyHeads)) {
            // an import since the fold is a conflict like a local append, as for a decision
            throw new VersionConflictException(stream, ExpectedVersion.after(ownVersion), ownVersion);
        }
        List<NewEvent> batch = new ArrayList<>(events.size() + 1);
        if (seen.isPresent()) {
            Replica.of(session.workspace());
            batch.add(seen.get().toNewEvent());
        }
        events.forEach(e -> batch.add(e.toNewEvent()));
        return session.log().append(stream, ExpectedVersion.after(ownVersion), batch, session.invocation());
    }

    /** This clone's own chain of {@code stream} from {@code fromVersion}: what a followed stream checks a record against. */
    List<EventEnvelope> ownFrom(StreamId stream, long fromVersion) {
        List<EventEnvelope> events = new ArrayList<>();
        session.log().forEach(stream, fromVersion, events::add);
        return events;
    }

    /** The stream folded, with nothing decided or appended. */
    public <S> S read(StreamId stream, Projection<S> projection) {
        return fold(stream, projection).state;
    }

    /** Appends facts whatever the stream holds: one batch, whole or not at all. */
    public List<EventEnvelope> record(StreamId stream, List<? extends WbEvent> facts) {
        return recordEvents(stream, facts.stream().map(WbEvent::toNewEvent).toList());
    }

    public List<EventEnvelope> record(StreamId stream, WbEvent fact) {
        return record(stream, List.of(fact));
    }

    private List<EventEnvelope> recordEvents(StreamId stream, List<NewEvent> facts) {
        // A fact writes no sync.seen: it belongs with the decision that led to it (a verify run's
        // commands and end with its start), and a sync.seen would cut the run in two in the merged order.
        boolean merged = session.synced().map(r -> r.holds(stream)).orElse(false);
        return asCallerSees(
                stream, merged, session.log().append(stream, ExpectedVersion.any(), facts, session.invocation()));
    }

    /**
     * The batch, led by a {@code sync.seen} when this clone imported events of the stream since its
     * own chain last recorded what it had seen (docs/adr/0010): what orders this append after them.
     */
    private List<NewEvent> withSeen(MergedLog.View view, List<NewEvent> events) {
        if (!view.needsSeen()) {
            return events;
        }
        // This clone's chain now follows others': it is named before it goes on (a clone that only read is none).
        Replica.of(session.workspace());
        List<NewEvent> batch = new ArrayList<>(events.size() + 1);
        batch.add(view.seen().toNewEvent());
        batch.addAll(events);
        return batch;
    }

    /**
     * What the caller appended, without the {@code sync.seen} wb put before it, and numbered as the
     * stream's readers number it: in a merged view, by its place there, read back after the append.
     */
    private List<EventEnvelope> asCallerSees(StreamId stream, boolean merged, List<EventEnvelope> appended) {
        List<EventEnvelope> own =
                appended.stream().filter(e -> !SyncSeen.TYPE.matches(e)).toList();
        if (!merged || own.isEmpty()) {
            return own;
        }
        List<MergedLog.Entry> entries =
                session.synced().orElseThrow().fullView(stream).entries();
        Map<String, Integer> places = new HashMap<>();
        for (int i = 0; i < entries.size(); i++) {
            places.put(entries.get(i).event().hash(), i);
        }
        return own.stream()
                .map(e -> SyncedReader.at(e, places.getOrDefault(e.hash(), (int) e.version())))
                .toList();
    }

    /** The merged view folded, with the version of this clone's own chain: what an append is conditional on. */
    private static <S> Folded<S> fold(MergedLog.View view, Projection<S> projection) {
        S state = projection.initialState();
        List<MergedLog.Entry> entries = view.entries();
        for (int i = 0; i < entries.size(); i++) {
            state = projection.evolve(
                    state,
                    WbEvents.SCHEMAS.upcast(SyncedReader.at(entries.get(i).event(), i)));
        }
        return new Folded<>(state, view.ownVersion());
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
