package dev.wb.commands.sync;

import dev.wb.commands.Session;
import dev.wb.commands.merged.Replica;
import dev.wb.commands.sync.wire.SyncRef;
import dev.wb.engine.StreamHead;
import dev.wb.engine.StreamId;
import dev.wb.gitrun.SyncGit;
import java.io.IOException;
import java.util.List;
import java.util.Map;
import java.util.Optional;

/**
 * How much of a stream this clone recorded is not in what its last {@code wb sync push} wrote: what a
 * CI checkout, which reads task histories from the remote ({@code wb sync fetch}), cannot see. Read
 * from this replica's own ref ({@code refs/wb/…}, as the push left it) and the stream's head; nothing
 * is written. The ref moves before git pushes it, so a push that failed still reads as pushed here:
 * that push said so when it failed.
 */
public final class SharedHistory {

    private SharedHistory() {}

    /**
     * The number of this clone's events of {@code stream} no push carried: all of them when this clone
     * never pushed the stream; empty when that cannot be told (git or the ref unreadable).
     */
    public static Optional<Long> unpushed(Session session, StreamId stream) {
        Optional<StreamHead> head = session.log().headHint(stream);
        if (head.isEmpty()) {
            return Optional.of(0L); // nothing recorded here
        }
        long recorded = head.get().version() + 1;
        try {
            Optional<Replica> replica = Replica.existing(session.workspace());
            if (replica.isEmpty()) {
                return Optional.of(recorded); // this clone never synced
            }
            SyncRef ref = new SyncRef(stream, replica.get().id());
            SyncGit git = new SyncGit(session.workspace().root(), session.env());
            Map<String, String> refs = git.refs(SyncGit.OWN + ref.name());
            String tip = refs.get(SyncGit.OWN + ref.name());
            if (tip == null) {
                return Optional.of(recorded);
            }
            StreamHead pushed = PushedChains.pushedHead(
                    ref, tip, git.read(List.of(tip), 64L * 1024).get(tip));
            if (pushed.equals(head.get())) {
                return Optional.of(0L);
            }
            return Optional.of(Math.max(0, head.get().version() - pushed.version()));
        } catch (IOException | RuntimeException unreadable) {
            return Optional.empty();
        }
    }
}
