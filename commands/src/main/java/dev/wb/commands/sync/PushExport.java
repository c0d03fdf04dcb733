package dev.wb.commands.sync;

import dev.wb.commands.ContentStore;
import dev.wb.commands.Session;
import dev.wb.commands.merged.Replica;
import dev.wb.commands.sync.wire.EventsBlob;
import dev.wb.commands.sync.wire.SyncCommit;
import dev.wb.commands.sync.wire.SyncRef;
import dev.wb.engine.EnvelopeCodec;
import dev.wb.engine.StreamHead;
import dev.wb.engine.StreamId;
import dev.wb.gitrun.SyncGit;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.TreeSet;

/**
 * A push's export: for every stream with events its own ref does not hold, the commits that carry
 * them, one per {@link SyncPush#CHUNK} bytes of events at most (so no blob is ever over what a fetch
 * takes, {@link FetchedChains#MAX_BLOB}), all written by one {@code git fast-import} ({@link
 * PushScript}), from where each ref ended ({@link PushPlan}).
 */
final class PushExport {

    private final SyncGit git;
    private final Session session;
    private final Replica replica;
    private final Optional<ContentStore> outputs;
    private final Outputs.Budget budget = new Outputs.Budget(Outputs.MAX_PUSHED);
    private final List<String> warnings = new ArrayList<>();
    private final Set<StreamId> unsettled = new TreeSet<>(Comparator.comparing(StreamId::name));

    /** @param withOutput whether the content the events name travels beside them ({@link Outputs}) */
    PushExport(SyncGit git, Session session, Replica replica, boolean withOutput) {
        this.git = git;
        this.session = session;
        this.replica = replica;
        this.outputs = withOutput ? Optional.of(new ContentStore(session.workspace())) : Optional.empty();
    }

    /** Content {@code --with-output} left out (too large, or not stored here), and an unsigned push's warning. */
    List<String> warnings() {
        return warnings;
    }

    /** Each stream read whose head hint the log did not (yet) reach: the next push to this remote reads it again. */
    Set<StreamId> unsettled() {
        return unsettled;
    }

    /**
     * Writes the commits of every stream with events its ref does not hold, and moves {@code refs}
     * (each own ref's tip, by full name) along.
     */
    List<SyncPush.Exported> export(Map<String, String> refs, boolean incremental, List<StreamId> streams)
            throws IOException {
        PushPlan plan = new PushPlan(session.log(), Replica.dir(session.workspace()), streams, incremental);
        plan.readTips(
                git,
                refs,
                streams,
                replica.id(),
                () -> OwnRefs.hexLength(session.workspace().root(), session.env()));
        PushScript script = new PushScript(git);
        List<SyncPush.Exported> exported = new ArrayList<>();
        for (StreamId stream : streams) {
            Optional<SyncPush.Exported> one = export(plan, script, refs, stream);
            one.ifPresent(exported::add);
        }
        if (!exported.isEmpty()) {
            script.run(plan, warnings);
        }
        plan.save(!exported.isEmpty());
        return exported;
    }

    /** Writes the commits of one stream's events its ref does not hold; empty when it holds them all. */
    private Optional<SyncPush.Exported> export(
            PushPlan plan, PushScript script, Map<String, String> refs, StreamId stream) throws IOException {
        SyncRef ref = new SyncRef(stream, replica.id());
        Optional<String> tip = Optional.ofNullable(refs.get(SyncGit.OWN + ref.name()));
        Optional<StreamHead> pushed = plan.pushed(ref, tip);
        Optional<StreamHead> hint = plan.hint(stream);
        if (pushed.isPresent() && hint.equals(pushed)) {
            return Optional.empty(); // a hint is never behind the log: equal to what was pushed, nothing is new
        }
        List<EnvelopeCodec.StoredEvent> events = PushedChains.verifiedChain(session.log(), stream);
        if (hint.isEmpty()
                || hint.get().version() >= events.size()
                || !events.get((int) hint.get().version())
                        .storedHash()
                        .equals(hint.get().hash())) {
            unsettled.add(stream); // a batch named, its hint written, not (yet) committed: read it next time
        }
        long pushedTo = -1;
        if (pushed.isPresent()) {
            pushedTo = PushedChains.pushedVersion(ref, pushed.get(), events);
        }
        if (pushedTo + 1 >= events.size()) {
            return Optional.empty();
        }
        long from = pushedTo + 1;
        Optional<String> parent = writeChunks(new Chunks(plan, script, ref, tip), events, (int) from);
        refs.putIfAbsent(SyncGit.OWN + ref.name(), parent.orElse(""));
        return Optional.of(new SyncPush.Exported(ref.name(), from, events.size() - 1));
    }

    /** Where one stream's chunks go: the plan that keeps their commits, the script, the ref and its tip before. */
    private record Chunks(PushPlan plan, PushScript script, SyncRef ref, Optional<String> tip) {}

    /**
     * Writes the events from {@code from} on as commits of a chunk each: fast-import chains a ref's
     * commits in the order they come. Returns the ref's new tip when wb computed it, else its tip before.
     */
    private Optional<String> writeChunks(Chunks to, List<EnvelopeCodec.StoredEvent> events, int from)
            throws IOException {
        Optional<String> parent = to.tip();
        int hexLength = to.plan().hexLength();
        // A signed commit's bytes are git's to make: those are read back once signed.
        boolean computed = hexLength > 0 && !to.script().signs();
        int start = from;
        while (start < events.size()) {
            int end = chunkEnd(events, start);
            PushScript.Commit commit = commit(to, events.subList(start, end), start, start == from);
            to.script().write(commit);
            if (computed) {
                // The commit fast-import writes from these lines, so the next push need not read it.
                byte[] raw = CommitBytes.commit(
                        hexLength, commit.blob(), commit.carried(), parent, commit.who(), commit.message());
                String id = ExportedTips.objectId(raw, hexLength).orElseThrow();
                to.plan().keep(to.ref().name(), new ExportedTips.Kept(id, raw));
                parent = Optional.of(id);
            } else {
                to.plan().forget(to.ref().name());
            }
            start = end;
        }
        return parent;
    }

    /** The commit of one chunk of events, the first at version {@code start}. */
    private PushScript.Commit commit(Chunks to, List<EnvelopeCodec.StoredEvent> chunk, int start, boolean first) {
        EnvelopeCodec.StoredEvent last = chunk.get(chunk.size() - 1);
        StreamHead head = new StreamHead(start + chunk.size() - 1, last.storedHash());
        long seconds = last.toEnvelope().time().getEpochSecond();
        byte[] message = SyncCommit.message(to.ref(), start, head).getBytes(StandardCharsets.UTF_8);
        byte[] blob = EventsBlob.encode(chunk);
        Map<String, byte[]> carried =
                outputs.isPresent() ? Outputs.carried(outputs.get(), chunk, to.ref(), budget, warnings) : Map.of();
        return new PushScript.Commit(to.ref(), to.tip(), first, replica.id(), seconds, message, blob, carried);
    }

    /** Where the chunk from {@code start} ends (exclusive): one event at least, else at most {@link SyncPush#CHUNK} bytes. */
    static int chunkEnd(List<EnvelopeCodec.StoredEvent> events, int start) {
        int end = start;
        long bytes = 0;
        do {
            bytes += size(events.get(end));
            end++;
        } while (end < events.size() && bytes + size(events.get(end)) <= SyncPush.CHUNK);
        return end;
    }

    private static long size(EnvelopeCodec.StoredEvent e) {
        return e.header().length + e.payload().length + 2L;
    }
}
