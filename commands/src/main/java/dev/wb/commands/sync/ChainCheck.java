package dev.wb.commands.sync;

import dev.wb.commands.merged.MergedLog;
import dev.wb.commands.sync.FetchedChains.Refusal;
import dev.wb.commands.sync.trust.CommitSignature;
import dev.wb.commands.sync.wire.EventsBlob;
import dev.wb.commands.sync.wire.SyncCommit;
import dev.wb.commands.sync.wire.SyncRef;
import dev.wb.engine.Digests;
import dev.wb.engine.EnvelopeCodec;
import dev.wb.engine.EventEnvelope;
import dev.wb.engine.EventSchemas;
import dev.wb.projections.catalog.WbEvents;
import dev.wb.projections.events.SyncSeen;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;

/**
 * The check of one fetched ref's walked commits, oldest first (docs/adr/0010, "Verify, then import"):
 * each commit's trailers agree with the ref and with its events, each event is an envelope of the
 * ref's stream at the next version, linked to the one before, and what was held before is still there.
 */
final class ChainCheck {

    private final SyncRef ref;
    private final List<EnvelopeCodec.StoredEvent> events = new ArrayList<>();
    private final Map<String, byte[]> objects = new LinkedHashMap<>();

    /** The version the next event must have, and the hash it must link to. */
    private long version;

    private String prev = EventEnvelope.GENESIS;

    private ChainCheck(SyncRef ref) {
        this.ref = ref;
    }

    /**
     * Checks one ref's events; empty when the walk stopped at a base the copy no longer reaches (it
     * was removed or is behind), so the ref must be read again from its root.
     */
    static Optional<FetchedChains.Verified> verify(
            FetchedChains.Wanted w,
            FetchedChains.Walk walk,
            Map<String, ChainContents.Contents> blobs,
            List<String> held,
            boolean own)
            throws Refusal {
        ChainCheck check = new ChainCheck(w.ref());
        if (walk.base != null && !check.continues(walk.base, held)) {
            return Optional.empty();
        }
        long first = check.version;
        for (SyncCommit c : walk.commits) {
            check.commit(c, blobs.get(c.id()));
        }
        if (own && check.version > held.size()) {
            throw new Refusal("the remote holds " + check.version
                    + " events of this replica's own history, but its log holds " + held.size()
                    + ": the local log lost events, or another clone uses this replica's id");
        }
        if (!own && walk.base == null && w.importedTip().isPresent()) {
            // What this remote showed before is no longer in its history: whatever is there now, it
            // was rewritten or cut back on this remote.
            throw new Refusal("the commit imported from this remote before ("
                    + w.importedTip().get()
                    + ") is no longer in its history: the history was rewritten or cut back (a force-push)");
        }
        check.extendsHeld(first, held);
        List<CommitSignature> signatures =
                walk.commits.stream().map(SyncCommit::signature).toList();
        return Optional.of(new FetchedChains.Verified(
                w.ref(), w.tip(), first, List.copyOf(check.events), Map.copyOf(check.objects), signatures));
    }

    /** Starts after {@code base}, the commit imported before: false when what is held no longer ends there. */
    private boolean continues(SyncCommit base, List<String> held) {
        try {
            version = base.versions()[1] + 1;
            prev = base.trailer("Wb-Head");
        } catch (SyncCommit.MalformedException e) {
            return false;
        }
        return held.size() >= version
                && version != 0
                && held.get((int) version - 1).equals(prev);
    }

    /** Checks one commit and the events and content it holds, and adds them. */
    private void commit(SyncCommit c, ChainContents.Contents contents) throws Refusal {
        long[] range = range(c);
        if (range[0] != version) {
            throw new Refusal("commit " + c.id() + " starts at version " + range[0] + " where " + version
                    + " belongs: an event was dropped or added");
        }
        List<EnvelopeCodec.StoredEvent> inCommit;
        try {
            inCommit = EventsBlob.decode(contents.events());
        } catch (EventsBlob.MalformedException e) {
            throw new Refusal("the events of commit " + c.id() + " are malformed: " + e.getMessage());
        }
        if (inCommit.size() != range[1] - range[0] + 1) {
            throw new Refusal("commit " + c.id() + " says it holds versions " + range[0] + ".." + range[1]
                    + " but holds " + inCommit.size() + " events");
        }
        for (EnvelopeCodec.StoredEvent stored : inCommit) {
            checkEvent(stored);
            prev = stored.storedHash();
            version++;
        }
        String head;
        try {
            head = c.trailer("Wb-Head");
        } catch (SyncCommit.MalformedException e) {
            throw new Refusal(e.getMessage());
        }
        if (!head.equals(prev)) {
            throw new Refusal(
                    "commit " + c.id() + " says its last event hashes to " + head + ", but it hashes to " + prev);
        }
        checkObjects(c, inCommit, contents.objects());
        events.addAll(inCommit);
    }

    /** The versions the commit says it holds, once its trailers name the ref's stream and replica. */
    private long[] range(SyncCommit c) throws Refusal {
        try {
            long[] range = c.versions();
            if (!c.trailer("Wb-Stream").equals(ref.stream().name())
                    || !c.trailer("Wb-Replica").equals(ref.replica())) {
                throw new Refusal("commit " + c.id() + " says it holds " + c.trailer("Wb-Stream") + " of replica "
                        + c.trailer("Wb-Replica") + ", not the ref's");
            }
            return range;
        } catch (SyncCommit.MalformedException e) {
            throw new Refusal(e.getMessage());
        }
    }

    /**
     * Shorter than the copy is fine when another remote (a mirror) brought more before: it is then a
     * prefix of the copy, checked hash by hash, and adds nothing.
     */
    private void extendsHeld(long first, List<String> held) throws Refusal {
        for (int i = 0; i < events.size(); i++) {
            long v = first + i;
            if (v < held.size() && !held.get((int) v).equals(events.get(i).storedHash())) {
                throw new Refusal("event " + v + " is not the event " + v + " imported before (" + held.get((int) v)
                        + "): the history was rewritten (a force-push)");
            }
        }
    }
    /**
     * The content a commit carries beside its events: each object's bytes hash to its name, and each
     * is named by an event of the same commit ({@code outputDigest}), so nothing else rides along.
     */
    private void checkObjects(SyncCommit c, List<EnvelopeCodec.StoredEvent> inCommit, Map<String, byte[]> carried)
            throws Refusal {
        if (carried.isEmpty()) {
            return;
        }
        Set<String> named = Outputs.named(inCommit);
        for (Map.Entry<String, byte[]> o : carried.entrySet()) {
            String digest = Digests.PREFIX + o.getKey();
            if (!Digests.sha256(o.getValue()).equals(digest)) {
                throw new Refusal("commit " + c.id() + " carries objects/" + o.getKey()
                        + ", whose bytes do not hash to its name: it was altered");
            }
            if (!named.contains(digest)) {
                throw new Refusal(
                        "commit " + c.id() + " carries objects/" + o.getKey() + ", which no event of the commit names");
            }
            objects.put(digest, o.getValue());
        }
    }

    /** Checks the next event: its size, its envelope, its place in the chain, its schema and its clock. */
    private void checkEvent(EnvelopeCodec.StoredEvent stored) throws Refusal {
        long size = (long) stored.header().length + stored.payload().length;
        if (size > FetchedChains.MAX_EVENT) {
            throw new Refusal("event " + version + " takes " + size + " bytes, over the " + FetchedChains.MAX_EVENT
                    + " one event may take in the log: no wb wrote it");
        }
        EventEnvelope envelope;
        try {
            envelope = stored.toEnvelope();
        } catch (EnvelopeCodec.FrameDamagedException | IllegalArgumentException e) {
            throw new Refusal("event " + version + " is not an envelope: " + e.getMessage());
        }
        if (!envelope.stream().equals(ref.stream())) {
            throw new Refusal("event " + version + " belongs to " + envelope.stream() + ", not " + ref.stream());
        }
        if (envelope.version() != version) {
            throw new Refusal("event " + version + " says it is version " + envelope.version());
        }
        if (!envelope.prevHash().equals(prev)) {
            throw new Refusal("event " + version + " does not link to the event before it (prevHash "
                    + envelope.prevHash() + ", expected " + prev + "): an event was edited, dropped or reordered");
        }
        Optional<EventSchemas.EventSchema> schema = WbEvents.SCHEMAS.schema(envelope.type());
        if (schema.isPresent() && envelope.schemaVersion() > schema.get().currentVersion()) {
            throw new Refusal("event " + version + " (" + envelope.type() + ") has schema version "
                    + envelope.schemaVersion() + ", newer than this wb reads ("
                    + schema.get().currentVersion()
                    + ")");
        }
        if (SyncSeen.TYPE.matches(envelope) && !MergedLog.plausibleClock(envelope, MergedLog.MAX_CLAIMED_CLOCK)) {
            throw new Refusal("event " + version + " (sync.seen) claims a clock that is not a whole number from 0 to "
                    + MergedLog.MAX_CLAIMED_CLOCK + ": no history holds that many events");
        }
    }
}
