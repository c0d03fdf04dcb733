package dev.wb.commands.sync;

import dev.wb.commands.Failure;
import dev.wb.commands.Session;
import dev.wb.engine.EnvelopeCodec;
import dev.wb.engine.EventEnvelope;
import dev.wb.engine.EventLog;
import dev.wb.engine.EventReader;
import dev.wb.engine.StreamId;
import dev.wb.engine.logs.EventLogs;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.stream.Stream;

/**
 * A stream's events from every replica this clone holds (its own chain and the verified copies), in
 * the one order every clone holding the same chains computes (docs/adr/0010): by Lamport clock, then
 * replica id, then version. Until {@code sync.seen} is written (step 2) no chain records what it had
 * seen, so an event's clock is its version + 1. Read-only; each event exactly as stored.
 */
public final class MergedLog {

    /** The name this clone's own chain goes by before a sync has named its replica. */
    public static final String LOCAL = "local";

    /** One event, the replica whose chain holds it, and its clock. */
    public record Entry(String replica, long lamport, EnvelopeCodec.StoredEvent stored, EventEnvelope event) {}

    private MergedLog() {}

    public static List<Entry> read(Session session, StreamId stream) {
        String own = Replica.existing(session.workspace()).map(Replica::id).orElse(LOCAL);
        List<Entry> entries = new ArrayList<>();
        collect(session.log(), stream, own, entries);
        Path replicas = Replica.dir(session.workspace()).resolve("replicas");
        for (String replica : copies(replicas)) {
            if (replica.equals(own)
                    || !Files.isDirectory(
                            replicas.resolve(replica).resolve("log/streams").resolve(stream.name()))) {
                continue;
            }
            try (EventLog copy = EventLogs.chronicle(replicas.resolve(replica).resolve("log"))) {
                collect(copy, stream, replica, entries);
            }
        }
        entries.sort(Comparator.comparingLong(Entry::lamport)
                .thenComparing(Entry::replica)
                .thenComparingLong(e -> e.event().version()));
        return entries;
    }

    private static List<String> copies(Path replicas) {
        if (!Files.isDirectory(replicas)) {
            return List.of();
        }
        try (Stream<Path> listing = Files.list(replicas)) {
            return listing.map(p -> p.getFileName().toString())
                    .filter(Replica::isId)
                    .sorted()
                    .toList();
        } catch (IOException e) {
            throw new Failure(Failure.Kind.CONFIG, "cannot list " + replicas + ": " + e.getMessage(), List.of());
        }
    }

    private static void collect(EventReader log, StreamId stream, String replica, List<Entry> entries) {
        log.forEachStored(stream, new EventReader.StoredVisitor() {
            @Override
            public void event(EnvelopeCodec.StoredEvent stored) {
                EventEnvelope event = stored.toEnvelope();
                entries.add(new Entry(replica, event.version() + 1, stored, event));
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
    }
}
