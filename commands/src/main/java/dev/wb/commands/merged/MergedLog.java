package dev.wb.commands.merged;

import com.fasterxml.jackson.databind.JsonNode;
import dev.wb.commands.base.Failure;
import dev.wb.commands.base.Workspace;
import dev.wb.engine.EnvelopeCodec;
import dev.wb.engine.EventEnvelope;
import dev.wb.engine.EventLog;
import dev.wb.engine.EventReader;
import dev.wb.engine.StreamId;
import dev.wb.engine.logs.EventLogs;
import dev.wb.projections.events.SyncSeen;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.Optional;

/**
 * A stream's history as the merge of the chains this clone holds of it (its own and the verified
 * copies of other replicas'), in the one order every clone holding the same chains computes
 * (docs/adr/0010-shared-histories.md).
 *
 * <p>Each event has a Lamport clock: one more than its predecessor's in its chain, and, for a {@code
 * sync.seen}, more than the greatest clock its writer had seen (the event's {@code lamport}). A chain
 * is cut into <em>segments</em>: its first event and each {@code sync.seen} start one. Segments are
 * ordered by their first event's clock, then replica id, then version, and each is kept whole, so the
 * events one replica wrote between two imports (a verify run, an audit and its scope check) stay
 * together. What a replica had seen before it wrote a segment sorts before it: the segment's first
 * clock is greater than every clock it had seen. Read-only; each event exactly as stored.
 */
public final class MergedLog {

    /** The name this clone's own chain goes by before a sync has named its replica. */
    public static final String LOCAL = "local";

    /** One event, the replica whose chain holds it, and its clock. */
    public record Entry(String replica, long lamport, EnvelopeCodec.StoredEvent stored, EventEnvelope event) {}

    /**
     * The merged view of one stream.
     *
     * @param own this clone's replica id ({@link #LOCAL} before a sync named it)
     * @param entries every held event of every chain, in the merged order
     * @param ownVersion the last version of this clone's own chain, -1 when it has none
     * @param copyHeads each copy's head of the stream, by replica id
     * @param maxLamport the greatest clock in the view, 0 when it is empty
     * @param lastSeen the heads this clone's own chain last recorded as seen ({@code sync.seen})
     */
    public record View(
            StreamId stream,
            String own,
            List<Entry> entries,
            long ownVersion,
            List<SyncSeen.Head> copyHeads,
            long maxLamport,
            Optional<List<SyncSeen.Head>> lastSeen) {

        /** Whether this clone's next append must first record what it has seen since its chain last did. */
        public boolean needsSeen() {
            return !copyHeads.isEmpty() && !lastSeen.map(copyHeads::equals).orElse(false);
        }

        /** The {@code sync.seen} that records this view. */
        public SyncSeen seen() {
            return new SyncSeen(maxLamport, copyHeads);
        }

        /** Whether more than one replica's chain is in this view. */
        public boolean merged() {
            return !copyHeads.isEmpty();
        }
    }

    /** One replica's chain of a stream, as stored. */
    record Chain(String replica, List<Entry> entries) {}

    private MergedLog() {}

    /**
     * The view of {@code stream} with this clone's own chain alone, where it counts no copy of another
     * replica's: what a session's view is when it reads no copy ({@code Session.mergedView}).
     */
    public static View readOwn(Workspace workspace, EventReader log, StreamId stream) {
        return merge(stream, chain(log, stream, ownId(workspace)), List.of());
    }

    /**
     * The view of {@code stream} with every copy this clone holds, whether its replica counts or not:
     * for showing what was fetched ({@code wb sync log}), never for deciding.
     */
    public static View readHeld(Workspace workspace, EventReader log, StreamId stream) {
        List<Chain> copies = new ArrayList<>();
        for (String id : SyncedReader.held(workspace)) {
            if (SyncedReader.copyHolds(workspace, id, stream)) {
                try (EventLog copy = EventLogs.chronicle(
                        Replica.dir(workspace).resolve("replicas").resolve(id).resolve("log"))) {
                    copies.add(chain(copy, stream, id));
                }
            }
        }
        return merge(stream, chain(log, stream, ownId(workspace)), copies);
    }

    /** This clone's replica id, or {@link #LOCAL} before a sync named it. */
    public static String ownId(Workspace workspace) {
        return Replica.existing(workspace).map(Replica::id).orElse(LOCAL);
    }

    /** The chain of {@code stream} in {@code log}, read as stored, each event with its clock. */
    static Chain chain(EventReader log, StreamId stream, String replica) {
        List<Entry> entries = new ArrayList<>();
        long[] clock = {0};
        log.forEachStored(stream, new EventReader.StoredVisitor() {
            @Override
            public void event(EnvelopeCodec.StoredEvent stored) {
                EventEnvelope event;
                try {
                    event = stored.toEnvelope();
                } catch (EnvelopeCodec.FrameDamagedException | IllegalArgumentException e) {
                    damaged("stored bytes do not form an event (" + e.getMessage() + ")");
                    return;
                }
                if (SyncSeen.TYPE.matches(event) && !plausibleClock(event, CEILING)) {
                    damaged("event " + event.version() + " (sync.seen) claims an implausible clock");
                    return;
                }
                long lamport = nextClock(clock[0], event);
                clock[0] = lamport;
                entries.add(new Entry(replica, lamport, stored, event));
            }

            @Override
            public void damaged(String reason) {
                throw new Failure(
                        Failure.Kind.CONFIG,
                        "the history of " + stream.describe() + " held for replica " + replica + " is damaged: "
                                + reason,
                        List.of("wb replay " + stream.name() + " --verify"));
            }
        });
        return new Chain(replica, entries);
    }

    /**
     * The clock of {@code event} after an event of clock {@code previous} in its chain (0 before the
     * first): one more, or for a {@code sync.seen}, more than the clock it claims to have seen.
     */
    public static long nextClock(long previous, EventEnvelope event) {
        long lamport = previous + 1;
        if (SyncSeen.TYPE.matches(event)) {
            lamport = Math.max(lamport, event.payload().json().path("lamport").longValue() + 1);
        }
        return lamport;
    }

    /** A chain's clock at its last event (0 when it holds none), and how many events it holds. */
    public record ChainClock(long last, long events) {}

    /** The clock of {@code stream}'s chain in {@code log}, read once. */
    public static ChainClock clockOf(EventReader log, StreamId stream) {
        List<Entry> entries = chain(log, stream, LOCAL).entries();
        return new ChainClock(
                entries.isEmpty() ? 0 : entries.get(entries.size() - 1).lamport(), entries.size());
    }

    /** The merge of {@code own} (possibly empty) and the copies' chains. */
    static View merge(StreamId stream, Chain own, List<Chain> copies) {
        List<List<Entry>> segments = new ArrayList<>();
        long max = 0;
        List<SyncSeen.Head> heads = new ArrayList<>();
        Optional<List<SyncSeen.Head>> lastSeen = Optional.empty();
        List<Chain> all = new ArrayList<>(copies.size() + 1);
        all.add(own);
        all.addAll(copies);
        for (int c = 0; c < all.size(); c++) {
            Chain chain = all.get(c);
            boolean isOwn = c == 0;
            List<Entry> segment = null;
            for (Entry e : chain.entries()) {
                boolean seen = SyncSeen.TYPE.matches(e.event());
                if (segment == null || seen) {
                    segment = new ArrayList<>();
                    segments.add(segment);
                }
                segment.add(e);
                max = Math.max(max, e.lamport());
                if (seen && isOwn) {
                    lastSeen = Optional.of(SyncSeen.TYPE.read(e.event()).heads());
                }
            }
            if (!isOwn && !chain.entries().isEmpty()) {
                EventEnvelope last =
                        chain.entries().get(chain.entries().size() - 1).event();
                heads.add(new SyncSeen.Head(chain.replica(), last.version(), last.hash()));
            }
        }
        segments.sort(Comparator.<List<Entry>>comparingLong(s -> s.get(0).lamport())
                .thenComparing(s -> s.get(0).replica())
                .thenComparingLong(s -> s.get(0).event().version()));
        List<Entry> entries = new ArrayList<>();
        segments.forEach(entries::addAll);
        heads.sort(Comparator.comparing(SyncSeen.Head::replica));
        long ownVersion = own.entries().isEmpty()
                ? -1
                : own.entries().get(own.entries().size() - 1).event().version();
        return new View(stream, own.replica(), List.copyOf(entries), ownVersion, List.copyOf(heads), max, lastSeen);
    }

    /**
     * The greatest clock a fetched {@code sync.seen} may claim: an honest clock is at most the number
     * of events its writer had seen. A fetch refuses a chain that claims more (docs/adr/0010), so every
     * clock stays far below {@link #CEILING} and no two segments can tie at a ceiling.
     */
    public static final long MAX_CLAIMED_CLOCK = 1L << 52;

    /** Past this a chain's clocks would near overflow: such a chain reads as damaged. */
    private static final long CEILING = 1L << 62;

    /** Whether a {@code sync.seen}'s {@code lamport} is a whole number from 0 to {@code max}. */
    public static boolean plausibleClock(EventEnvelope seen, long max) {
        JsonNode lamport = seen.payload().json().path("lamport");
        return lamport.isIntegralNumber()
                && lamport.canConvertToLong()
                && lamport.longValue() >= 0
                && lamport.longValue() <= max;
    }
}
