package dev.wb.commands.merged;

import dev.wb.commands.base.Failure;
import dev.wb.commands.base.Workspace;
import dev.wb.engine.EventEnvelope;
import dev.wb.engine.EventLog;
import dev.wb.engine.EventReader;
import dev.wb.engine.HashChain;
import dev.wb.engine.StreamHead;
import dev.wb.engine.StreamId;
import dev.wb.engine.logs.EventLogs;
import dev.wb.projections.events.SyncSeen;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.LinkOption;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.TreeSet;
import java.util.function.Consumer;
import java.util.function.Predicate;
import java.util.stream.Stream;

/**
 * The log as a clone that holds other replicas' chains reads it (docs/adr/0010-shared-histories.md):
 * a stream that only this clone wrote reads exactly as the local log; a stream that a copy also
 * holds reads as the merged view ({@link MergedLog}), its events numbered by their position in it, so
 * projections, checkpoints and {@code replay --at N} see one history. Each event keeps its own hash
 * and link; {@link #forEachStored} and verification read each chain on its own. Appends never come
 * here: the local log takes them, and {@code EventService} records what was seen first.
 */
public final class SyncedReader implements EventReader, AutoCloseable {

    private final EventLog own;
    private final String ownId;
    private final Path replicas;
    private final List<String> ids;
    private final Map<String, EventLog> copies = new HashMap<>();
    private final MergedHeads mergedHeads;

    private SyncedReader(EventLog own, String ownId, Path replicas, List<String> ids, MergedHeads mergedHeads) {
        this.own = own;
        this.ownId = ownId;
        this.replicas = replicas;
        this.ids = ids;
        this.mergedHeads = mergedHeads;
    }

    /**
     * The replicas whose copies this clone holds, by id (never its own): every folder an import made
     * under {@code .workflow/local/sync/replicas/}, counted or not.
     */
    public static List<String> held(Workspace workspace) {
        Path replicas = Replica.dir(workspace).resolve("replicas");
        if (!Files.isDirectory(replicas, LinkOption.NOFOLLOW_LINKS)) {
            return List.of();
        }
        String ownId = MergedLog.ownId(workspace);
        try (Stream<Path> listing = Files.list(replicas)) {
            // A link in place of a copy's folder is never followed: only an import makes these folders.
            return listing.filter(p -> Files.isDirectory(p, LinkOption.NOFOLLOW_LINKS)
                            && Files.isDirectory(p.resolve("log"), LinkOption.NOFOLLOW_LINKS))
                    .map(p -> p.getFileName().toString())
                    .filter(id -> Replica.isId(id) && !id.equals(ownId))
                    .sorted()
                    .toList();
        } catch (IOException e) {
            throw new Failure(
                    Failure.Kind.CONFIG,
                    "cannot list " + replicas + ": " + e.getMessage(),
                    List.of("check that .workflow/local/sync is readable by you"));
        }
    }

    /**
     * A reader over the local log and the copies of the replicas that count (by id: the session's trust
     * in them, docs/SYNC.md "Trust"), or empty when none does.
     */
    public static Optional<SyncedReader> open(Workspace workspace, EventLog own, Predicate<String> counts) {
        Path replicas = Replica.dir(workspace).resolve("replicas");
        String ownId = MergedLog.ownId(workspace);
        List<String> ids = held(workspace).stream().filter(counts).toList();
        MergedHeads heads = new MergedHeads(workspace.checkpointsDir().resolve("merged-heads.txt"));
        return ids.isEmpty() ? Optional.empty() : Optional.of(new SyncedReader(own, ownId, replicas, ids, heads));
    }

    /** Whether this clone holds a copy of replica {@code id}'s chain of {@code stream}, counted or not. */
    public static boolean copyHolds(Workspace workspace, String id, StreamId stream) {
        return Replica.isId(id)
                && Files.isDirectory(
                        Replica.dir(workspace)
                                .resolve("replicas")
                                .resolve(id)
                                .resolve("log/streams")
                                .resolve(stream.name()),
                        LinkOption.NOFOLLOW_LINKS);
    }

    /** The replicas whose copies hold {@code stream}, by id. */
    private List<String> holders(StreamId stream) {
        List<String> holders = new ArrayList<>(2);
        for (String id : ids) {
            if (Files.isDirectory(
                    replicas.resolve(id).resolve("log/streams").resolve(stream.name()), LinkOption.NOFOLLOW_LINKS)) {
                holders.add(id);
            }
        }
        return holders;
    }

    /** Whether a copy of another replica's chain holds {@code stream}: then it reads merged. */
    public boolean holds(StreamId stream) {
        return !holders(stream).isEmpty();
    }

    private EventLog copy(String id) {
        return copies.computeIfAbsent(
                id, r -> EventLogs.chronicle(replicas.resolve(r).resolve("log")));
    }

    /** The merged view of {@code stream}, or empty when no copy holds it (the local log alone is the history). */
    public Optional<MergedLog.View> view(StreamId stream) {
        List<String> holders = holders(stream);
        if (holders.isEmpty()) {
            return Optional.empty();
        }
        List<MergedLog.Chain> chains = new ArrayList<>(holders.size());
        for (String id : holders) {
            chains.add(MergedLog.chain(copy(id), stream, id));
        }
        return Optional.of(MergedLog.merge(stream, MergedLog.chain(own, stream, ownId), chains));
    }

    /**
     * The merged view of {@code stream} for a decision: every copy's chain verified first (hashes,
     * links, versions), so that nothing is decided on, or recorded as seen, from a copy damaged since
     * its import.
     */
    public Optional<MergedLog.View> verifiedView(StreamId stream) {
        for (String id : holders(stream)) {
            HashChain.Report report = HashChain.verify(copy(id), stream);
            if (!report.intact()) {
                throw new Failure(
                        Failure.Kind.CONFIG,
                        "the copy of replica " + id + "'s history of " + stream.describe()
                                + " held here does not verify at "
                                + report.firstBreak().orElseThrow().describe()
                                + ", so nothing is decided on it",
                        List.of("set the copies aside; the next fetch imports every history again, verified:"
                                + " mv .workflow/local/sync/replicas .workflow/local/sync/replicas.damaged"
                                + " && wb sync fetch"));
            }
        }
        return view(stream);
    }

    /** The view of {@code stream} whether or not a copy holds it. */
    public MergedLog.View fullView(StreamId stream) {
        return view(stream).orElseGet(() -> MergedLog.merge(stream, MergedLog.chain(own, stream, ownId), List.of()));
    }

    /** Each copy's head of {@code stream} now, by replica id: what a decision's view must still be at its append. */
    public List<SyncSeen.Head> copyHeads(StreamId stream) {
        List<SyncSeen.Head> heads = new ArrayList<>();
        for (String id : holders(stream)) {
            copy(id).head(stream).ifPresent(h -> heads.add(new SyncSeen.Head(id, h.version(), h.hash())));
        }
        return heads;
    }

    /** The verification of every chain of {@code stream} this clone holds: its own first, then each copy's. */
    public List<ChainReport> verify(StreamId stream) {
        List<ChainReport> reports = new ArrayList<>();
        reports.add(new ChainReport(ownId, HashChain.verify(own, stream)));
        for (String id : holders(stream)) {
            reports.add(new ChainReport(id, HashChain.verify(copy(id), stream)));
        }
        return reports;
    }

    /** One chain's verification. */
    public record ChainReport(String replica, HashChain.Report report) {}

    /** This clone's replica id, or {@link MergedLog#LOCAL}. */
    public String ownId() {
        return ownId;
    }

    @Override
    public List<StreamId> streams() {
        TreeSet<String> names = new TreeSet<>();
        List<StreamId> all = new ArrayList<>(own.streams());
        all.forEach(s -> names.add(s.name()));
        for (String id : ids) {
            for (StreamId s : copy(id).streams()) {
                if (names.add(s.name())) {
                    all.add(s);
                }
            }
        }
        all.sort((a, b) -> a.name().compareTo(b.name()));
        return all;
    }

    @Override
    public void forEach(StreamId stream, long fromVersion, Consumer<EventEnvelope> visitor) {
        Optional<MergedLog.View> view = view(stream);
        if (view.isEmpty()) {
            own.forEach(stream, fromVersion, visitor);
            return;
        }
        List<MergedLog.Entry> entries = view.get().entries();
        for (int i = (int) Math.max(0, Math.min(fromVersion, entries.size())); i < entries.size(); i++) {
            visitor.accept(at(entries.get(i).event(), i));
        }
    }

    /** The event as the merged view numbers it: its position there; every other field as stored. */
    public static EventEnvelope at(EventEnvelope e, long position) {
        return new EventEnvelope(
                e.eventId(),
                e.stream(),
                position,
                e.type(),
                e.schemaVersion(),
                e.time(),
                e.actor(),
                e.wbVersion(),
                e.invocationId(),
                e.payload(),
                e.prevHash(),
                e.hash());
    }

    @Override
    public Optional<StreamHead> head(StreamId stream) {
        Optional<MergedLog.View> view = view(stream);
        if (view.isEmpty()) {
            return own.head(stream);
        }
        List<MergedLog.Entry> entries = view.get().entries();
        return entries.isEmpty()
                ? Optional.empty()
                : Optional.of(new StreamHead(
                        entries.size() - 1,
                        entries.get(entries.size() - 1).event().hash()));
    }

    /**
     * For a merged stream, the view's head as last computed from these very chain heads (their hints:
     * {@link MergedHeads}), or computed now; like every hint, for caches only.
     */
    @Override
    public Optional<StreamHead> headHint(StreamId stream) {
        List<String> holders = holders(stream);
        if (holders.isEmpty()) {
            return own.headHint(stream);
        }
        StringBuilder chains = new StringBuilder(ownId).append('=').append(hint(own, stream));
        for (String id : holders) {
            chains.append(',').append(id).append('=').append(hint(copy(id), stream));
        }
        Optional<StreamHead> known = mergedHeads.get(stream.name(), chains.toString());
        if (known.isPresent()) {
            return known;
        }
        Optional<StreamHead> head = head(stream);
        head.ifPresent(h -> mergedHeads.put(stream.name(), chains.toString(), h));
        return head;
    }

    private static String hint(EventReader log, StreamId stream) {
        return log.headHint(stream).map(h -> h.version() + "@" + h.hash()).orElse("-");
    }

    @Override
    public Optional<String> storedStamp(StreamId stream) {
        List<String> holders = holders(stream);
        if (holders.isEmpty()) {
            return own.storedStamp(stream);
        }
        StringBuilder stamp = new StringBuilder(own.storedStamp(stream).orElse("-"));
        for (String id : holders) {
            Optional<String> s = copy(id).storedStamp(stream);
            if (s.isEmpty()) {
                return Optional.empty();
            }
            stamp.append('+').append(id).append(':').append(s.get());
        }
        return Optional.of(stamp.toString());
    }

    /** This clone's own chain, as stored: the bytes a verification reads ({@link #verify} reads every chain). */
    @Override
    public void forEachStored(StreamId stream, StoredVisitor visitor) {
        own.forEachStored(stream, visitor);
    }

    @Override
    public void close() {
        mergedHeads.flush();
        copies.values().forEach(EventLog::close);
        copies.clear();
    }
}
