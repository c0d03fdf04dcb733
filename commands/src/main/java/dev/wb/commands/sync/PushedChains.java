package dev.wb.commands.sync;

import dev.wb.commands.base.Failure;
import dev.wb.commands.sync.wire.SyncCommit;
import dev.wb.commands.sync.wire.SyncRef;
import dev.wb.engine.EnvelopeCodec;
import dev.wb.engine.EventLog;
import dev.wb.engine.EventReader;
import dev.wb.engine.StoredBatches;
import dev.wb.engine.StreamHead;
import dev.wb.engine.StreamId;
import dev.wb.gitrun.SyncGit;
import java.io.IOException;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;

/**
 * What a push checks of a chain before it exports any of it: the local chain verifies whole, and it
 * still extends what its ref holds (a local history rewritten or cut back after a push is refused).
 */
final class PushedChains {

    private PushedChains() {}

    /** The stream's stored events, its whole chain checked first: a local history that does not verify is never exported. */
    static List<EnvelopeCodec.StoredEvent> verifiedChain(EventLog log, StreamId stream) {
        List<EnvelopeCodec.StoredEvent> events = new ArrayList<>();
        List<String> damage = new ArrayList<>();
        log.forEachStored(stream, new EventReader.StoredVisitor() {
            @Override
            public void event(EnvelopeCodec.StoredEvent event) {
                events.add(event);
            }

            @Override
            public void damaged(String reason) {
                damage.add(reason);
            }
        });
        if (events.isEmpty() && damage.isEmpty()) {
            return events;
        }
        try {
            if (!damage.isEmpty()) {
                throw new StoredBatches.BrokenChainException(damage.get(0));
            }
            StoredBatches.seal(stream, Optional.empty(), Optional.empty(), events);
        } catch (StoredBatches.BrokenChainException e) {
            throw new Failure(
                    Failure.Kind.CHECK_FAILED,
                    "the history of " + stream.describe() + " does not verify, so nothing was pushed: "
                            + e.getMessage(),
                    List.of("wb replay " + stream.name() + " --verify"));
        }
        return events;
    }

    /** The version and hash the last commit of this replica's own ref says it ends at. */
    static StreamHead pushedHead(SyncRef ref, String tip, SyncGit.GitObject object) throws IOException {
        try {
            if (object == null || object.read().isEmpty()) {
                throw new SyncCommit.MalformedException("commit " + tip + " cannot be read");
            }
            SyncCommit commit = SyncCommit.parse(tip, object.read().get());
            return new StreamHead(commit.versions()[1], commit.trailer("Wb-Head"));
        } catch (SyncCommit.MalformedException e) {
            throw new IOException(SyncGit.OWN + ref.name() + " is not a ref wb wrote: " + e.getMessage(), e);
        }
    }

    /** The last version the ref holds, checked against the local chain: a local history never rewrites a pushed one. */
    static long pushedVersion(SyncRef ref, StreamHead pushed, List<EnvelopeCodec.StoredEvent> events) {
        long to = pushed.version();
        if (to >= events.size() || !events.get((int) to).storedHash().equals(pushed.hash())) {
            throw new Failure(
                    Failure.Kind.CHECK_FAILED,
                    "the local history of " + ref.stream().describe() + " is not the one this clone pushed before ("
                            + SyncGit.OWN + ref.name() + " holds version " + to + " as " + pushed.hash()
                            + "): it was rewritten or cut back, so nothing was pushed",
                    List.of("wb replay " + ref.stream().name() + " --verify", "docs/SYNC.md, \"Trust\""));
        }
        return to;
    }
}
