package dev.wb.cli.show;

import dev.wb.commands.MergedLog;
import dev.wb.commands.SyncedReader;
import dev.wb.engine.EventEnvelope;
import dev.wb.engine.HashChain;
import dev.wb.engine.text.TerminalText;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;

/**
 * One chain's state as {@code wb replay KEY --verify} derives it (the same reports, {@code
 * ReplayQuery.verify}): how many events verify and the hash of its last, or the first event that
 * does not hold — with, in a merged view, the number this listing gives that event.
 *
 * @param replica the replica whose chain it is ({@code local} before a sync named this clone's)
 * @param head the first 12 hex digits of the last event's hash, when the chain verifies
 * @param number in a merged view, the listing's number of the event that breaks the chain
 */
record ChainState(
        String replica,
        long eventsChecked,
        Optional<String> head,
        Optional<HashChain.Break> broken,
        Optional<Long> number) {

    boolean intact() {
        return broken.isEmpty();
    }

    /** Each chain's state, this clone's own first; {@code lastEvent} the history's last event read. */
    static List<ChainState> of(
            List<SyncedReader.ChainReport> reports, Optional<EventEnvelope> lastEvent, Optional<MergedLog.View> view) {
        List<ChainState> states = new ArrayList<>();
        for (SyncedReader.ChainReport chain : reports) {
            HashChain.Report report = chain.report();
            Optional<HashChain.Break> broken = report.firstBreak();
            Optional<String> head = Optional.empty();
            Optional<Long> number = Optional.empty();
            if (view.isEmpty()) {
                if (broken.isEmpty() && lastEvent.isPresent()) {
                    head = Optional.of(hash12(lastEvent.get().hash()));
                }
            } else {
                List<MergedLog.Entry> entries = view.get().entries();
                EventEnvelope last = null;
                for (int i = 0; i < entries.size(); i++) {
                    MergedLog.Entry entry = entries.get(i);
                    if (!entry.replica().equals(chain.replica())) {
                        continue;
                    }
                    if (last == null || entry.event().version() > last.version()) {
                        last = entry.event();
                    }
                    if (broken.isPresent()
                            && entry.event().version() == broken.get().version()) {
                        number = Optional.of((long) i);
                    }
                }
                if (broken.isEmpty() && last != null) {
                    head = Optional.of(hash12(last.hash()));
                }
            }
            states.add(new ChainState(chain.replica(), report.eventsChecked(), head, broken, number));
        }
        return states;
    }

    /** The line {@code wb show} ends with (one a chain); {@code merged}: it names the chain's replica. */
    String line(boolean merged) {
        String name = merged ? "chain of " + TerminalText.escape(replica) + ": " : "chain: ";
        if (broken.isEmpty()) {
            return name + eventsChecked + " event" + (eventsChecked == 1 ? "" : "s") + " verify"
                    + head.map(h -> ", head " + h).orElse("");
        }
        HashChain.Break b = broken.get();
        return name + "does not verify at event " + b.version()
                + number.filter(n -> n != b.version())
                        .map(n -> " (#" + n + " above)")
                        .orElse("")
                + b.eventId().map(id -> " (" + TerminalText.escape(id) + ")").orElse("")
                + ": " + TerminalText.escape(b.reason())
                + (b.version() == 0 ? "; no event before it" : "; events 0 to " + (b.version() - 1) + " verify");
    }

    /** A hash's first 12 hex digits. */
    static String hash12(String hash) {
        String hex = hash.startsWith("sha256:") ? hash.substring("sha256:".length()) : hash;
        return TerminalText.escape(hex.substring(0, Math.min(12, hex.length())));
    }
}
