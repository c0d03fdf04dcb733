package dev.wb.commands.sync;

import dev.wb.commands.merged.MergedLog;
import dev.wb.commands.merged.MergedLog.ChainClock;
import dev.wb.engine.EnvelopeCodec;
import dev.wb.engine.EventEnvelope;
import dev.wb.engine.EventReader;
import dev.wb.engine.StreamId;
import java.io.IOException;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;

/**
 * The rule that keeps a fetched chain's Lamport clock honest (docs/SYNC.md, "Trust"): a replica's
 * clock runs ahead of the greatest clock of every other chain of the stream by at most its own number
 * of events, since each of its events adds one to what it had seen. A chain that claims more (a
 * {@code sync.seen} of a clock no history reached) would sort its events after everything any clone
 * ever writes, so it is refused, and with it every ref of that replica this fetch brought.
 */
final class ClockCheck {

    private ClockCheck() {}

    /**
     * The replicas among {@code incoming} whose clock jumped, each with why; repeated until no more
     * are found, so a refused chain's clock never vouches for another's.
     *
     * @param ownLog this clone's own log
     * @param ownId this clone's replica id, when it has one
     */
    static Map<String, String> jumps(
            EventReader ownLog, Optional<String> ownId, Copies copies, List<FetchedChains.Verified> incoming)
            throws IOException {
        Map<String, String> refused = new LinkedHashMap<>();
        Map<StreamId, List<FetchedChains.Verified>> byStream = new LinkedHashMap<>();
        for (FetchedChains.Verified v : incoming) {
            if (!v.events().isEmpty() && !ownId.equals(Optional.of(v.ref().replica()))) {
                byStream.computeIfAbsent(v.ref().stream(), s -> new ArrayList<>())
                        .add(v);
            }
        }
        for (Map.Entry<StreamId, List<FetchedChains.Verified>> s : byStream.entrySet()) {
            Map<String, ChainClock> clocks = clocks(ownLog, copies, s.getKey(), s.getValue());
            boolean found = true;
            while (found) {
                found = false;
                for (FetchedChains.Verified v : s.getValue()) {
                    String replica = v.ref().replica();
                    if (!refused.containsKey(replica)) {
                        Optional<String> why = jumped(replica, clocks, refused);
                        if (why.isPresent()) {
                            refused.put(replica, why.get());
                            found = true;
                        }
                    }
                }
            }
        }
        return refused;
    }

    private static Optional<String> jumped(
            String replica, Map<String, ChainClock> clocks, Map<String, String> refused) {
        long seen = 0;
        for (Map.Entry<String, ChainClock> c : clocks.entrySet()) {
            if (!c.getKey().equals(replica) && !refused.containsKey(c.getKey())) {
                seen = Math.max(seen, c.getValue().last());
            }
        }
        ChainClock own = clocks.get(replica);
        if (own.last() - seen <= own.events()) {
            return Optional.empty();
        }
        return Optional.of("its Lamport clock reaches " + own.last() + ", but the other histories of the task"
                + " reach " + seen + " and it holds " + own.events() + " events: a clock may run ahead of what"
                + " was seen by at most its own number of events, so this one jumped");
    }

    /** Each chain's clock: this clone's own, each copy held, and each incoming chain after its import. */
    private static Map<String, ChainClock> clocks(
            EventReader ownLog, Copies copies, StreamId stream, List<FetchedChains.Verified> incoming)
            throws IOException {
        Map<String, ChainClock> clocks = new LinkedHashMap<>();
        clocks.put(MergedLog.LOCAL + "/own", MergedLog.clockOf(ownLog, stream));
        for (String holder : copies.holders(stream)) {
            clocks.put(holder, copies.clock(holder, stream));
        }
        for (FetchedChains.Verified v : incoming) {
            ChainClock held = clocks.getOrDefault(v.ref().replica(), new ChainClock(0, 0));
            long last = held.last();
            long count = held.events();
            for (int i = 0; i < v.events().size(); i++) {
                if (v.firstVersion() + i >= count) {
                    last = MergedLog.nextClock(last, envelope(v.events().get(i)));
                    count++;
                }
            }
            clocks.put(v.ref().replica(), new ChainClock(last, count));
        }
        return clocks;
    }

    private static EventEnvelope envelope(EnvelopeCodec.StoredEvent stored) {
        try {
            return stored.toEnvelope();
        } catch (EnvelopeCodec.FrameDamagedException e) {
            // FetchedChains read every fetched event as an envelope before this runs
            throw new IllegalStateException("a verified event is not an envelope", e);
        }
    }
}
