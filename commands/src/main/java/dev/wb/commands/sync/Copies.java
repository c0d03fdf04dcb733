package dev.wb.commands.sync;

import dev.wb.commands.base.Failure;
import dev.wb.commands.merged.MergedLog;
import dev.wb.engine.EnvelopeCodec;
import dev.wb.engine.EventLog;
import dev.wb.engine.EventReader;
import dev.wb.engine.StreamHead;
import dev.wb.engine.StreamId;
import dev.wb.engine.logs.EventLogs;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.LinkOption;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.stream.Stream;

/**
 * The verified copies of other replicas' chains, one log per replica in
 * {@code .workflow/local/sync/replicas/<replica>/log/} (the local log's layout), appended only by an
 * import, byte for byte as their writer stored them (docs/adr/0010).
 */
final class Copies implements AutoCloseable {

    /** At most this many bytes of events in one imported record (the log takes 120 KiB). */
    private static final int RECORD_BYTES = 96 * 1024;

    private static final int RECORD_EVENTS = 100;

    private final Path dir;
    private final Map<String, EventLog> open = new HashMap<>();

    Copies(Path syncDir) {
        this.dir = syncDir.resolve("replicas");
    }

    /** The log of one replica's copies. */
    Path logDir(String replica) {
        return dir.resolve(replica).resolve("log");
    }

    /** Whether a copy of the replica's chain of {@code stream} is held here. */
    boolean holds(String replica, StreamId stream) {
        return Files.isDirectory(logDir(replica).resolve("streams").resolve(stream.name()), LinkOption.NOFOLLOW_LINKS);
    }

    /** The hashes of a replica's chain of {@code stream} held here, by version; empty when none is. */
    List<String> hashes(String replica, StreamId stream) {
        if (!Files.isDirectory(logDir(replica).resolve("streams").resolve(stream.name()))) {
            return List.of();
        }
        return hashesOf(log(replica), stream);
    }

    /** The replicas a copy of whose chain of {@code stream} is held here, by id. */
    List<String> holders(StreamId stream) throws IOException {
        if (!Files.isDirectory(dir, LinkOption.NOFOLLOW_LINKS)) {
            return List.of();
        }
        try (Stream<Path> folders = Files.list(dir)) {
            return folders.map(f -> f.getFileName().toString())
                    .filter(r -> holds(r, stream))
                    .sorted()
                    .toList();
        }
    }

    /** The clock of a replica's chain of {@code stream} held here (0 and no events when none is). */
    MergedLog.ChainClock clock(String replica, StreamId stream) {
        return holds(replica, stream) ? MergedLog.clockOf(log(replica), stream) : new MergedLog.ChainClock(0, 0);
    }

    /** The hashes of a stream's stored events, by version, as they are stored. */
    static List<String> hashesOf(EventReader log, StreamId stream) {
        List<String> hashes = new ArrayList<>();
        log.forEachStored(stream, new EventReader.StoredVisitor() {
            @Override
            public void event(EnvelopeCodec.StoredEvent event) {
                hashes.add(event.storedHash());
            }

            @Override
            public void damaged(String reason) {
                throw new Failure(
                        Failure.Kind.CONFIG,
                        "the history of " + stream.describe() + " that wb sync reads is damaged: " + reason,
                        List.of(
                                "wb replay " + stream.name() + " --verify   # for this clone's own history",
                                "mv .workflow/local/sync/replicas .workflow/local/sync/replicas.damaged"
                                        + "   # for a copy: the next fetch imports every history again"));
            }
        });
        return hashes;
    }

    /**
     * Appends {@code events} (versions {@code first} on) to the copy, skipping those already held, in
     * records of at most 100 events and {@value #RECORD_BYTES} bytes; returns how many were added.
     */
    int importEvents(String replica, StreamId stream, long first, List<EnvelopeCodec.StoredEvent> events) {
        EventLog log = log(replica);
        Optional<StreamHead> head = log.head(stream);
        long held = head.map(h -> h.version() + 1).orElse(0L);
        int from = (int) Math.max(0, held - first);
        int added = 0;
        while (from < events.size()) {
            int to = from;
            long bytes = 0;
            while (to < events.size() && to - from < RECORD_EVENTS) {
                EnvelopeCodec.StoredEvent e = events.get(to);
                long size = 40L + e.header().length + e.payload().length;
                if (to > from && bytes + size > RECORD_BYTES) {
                    break;
                }
                bytes += size;
                to++;
            }
            log.appendStored(stream, head, events.subList(from, to));
            head = log.head(stream);
            added += to - from;
            from = to;
        }
        return added;
    }

    /** Refuses, before anything is imported, a copy's folder that an import did not make (a link, a file). */
    void requireFolder(String replica) {
        log(replica);
    }

    private EventLog log(String replica) {
        return open.computeIfAbsent(replica, r -> {
            Path folder = dir.resolve(r);
            if (Files.isSymbolicLink(folder)
                    || (Files.exists(folder, LinkOption.NOFOLLOW_LINKS)
                            && !Files.isDirectory(folder, LinkOption.NOFOLLOW_LINKS))) {
                throw new Failure(
                        Failure.Kind.CONFIG,
                        folder + " is not a folder an import made (a link, or a file), so nothing is imported"
                                + " into it",
                        List.of("remove it: the next fetch imports that replica's history again, verified"));
            }
            return EventLogs.chronicle(logDir(r));
        });
    }

    @Override
    public void close() {
        open.values().forEach(EventLog::close);
    }
}
