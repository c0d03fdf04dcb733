package dev.wb.commands.sync;

import dev.wb.commands.sync.wire.SyncRef;
import dev.wb.engine.EventLog;
import dev.wb.engine.StreamHead;
import dev.wb.engine.StreamId;
import dev.wb.gitrun.SyncGit;
import java.io.IOException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.TreeMap;
import java.util.function.IntSupplier;

/**
 * Where a push starts from: each stream's head hint, and where each of this replica's own refs ends,
 * from the commits the last push kept ({@link ExportedTips}), each checked against its ref's tip and
 * its own id; only a tip they do not vouch for is read from git. It also gathers the commits to keep
 * for the next push: an incremental push keeps the entries of the refs it does not read, unchecked.
 */
final class PushPlan {

    private final Map<StreamId, Optional<StreamHead>> hints = new HashMap<>();
    private final ExportedTips cache;
    private final Map<String, ExportedTips.Kept> kept;
    private final Map<String, ExportedTips.Kept> keep;
    private final Map<String, StreamHead> heads = new HashMap<>();
    private final List<String> unread = new ArrayList<>();
    private int hexLength;
    private Map<String, SyncGit.GitObject> tipCommits = Map.of();

    /** Reads the streams' head hints and the commits the last push kept. */
    PushPlan(EventLog log, Path syncDir, List<StreamId> streams, boolean incremental) {
        for (StreamId stream : streams) {
            hints.put(stream, log.headHint(stream));
        }
        cache = new ExportedTips(syncDir);
        kept = cache.load();
        keep = incremental ? new TreeMap<>(kept) : new TreeMap<>();
    }

    /**
     * Learns where each stream's own ref ({@code refs}: each own ref's tip, by full name) ends, reading
     * from git the tips no kept commit vouches for; {@code configured} is the object format's hex length
     * as the repository's configuration says, asked only when no ref read has a tip (only a hint: a
     * commit computed in the wrong one is never vouched for, its id being checked).
     */
    void readTips(SyncGit git, Map<String, String> refs, List<StreamId> streams, String replica, IntSupplier configured)
            throws IOException {
        for (StreamId stream : streams) {
            String name = new SyncRef(stream, replica).name();
            String tip = refs.get(SyncGit.OWN + name);
            if (tip == null) {
                keep.remove(name);
                continue;
            }
            hexLength = tip.length();
            ExportedTips.Kept k = kept.get(name);
            Optional<StreamHead> head = k != null && k.is(tip) ? k.head() : Optional.empty();
            if (head.isPresent()) {
                heads.put(name, head.get());
                keep.put(name, k);
            } else {
                keep.remove(name);
                unread.add(tip);
            }
        }
        if (hexLength == 0) {
            hexLength = configured.getAsInt();
        }
        tipCommits = git.read(unread, 64L * 1024);
    }

    /** The stream's head hint, as read before anything was exported. */
    Optional<StreamHead> hint(StreamId stream) {
        return hints.get(stream);
    }

    /** Where the ref with {@code tip} ends (empty: it has no tip yet); a tip read from git is kept. */
    Optional<StreamHead> pushed(SyncRef ref, Optional<String> tip) throws IOException {
        if (tip.isEmpty()) {
            return Optional.empty();
        }
        StreamHead head = heads.get(ref.name());
        if (head == null) {
            SyncGit.GitObject object = tipCommits.get(tip.get());
            head = PushedChains.pushedHead(ref, tip.get(), object);
            keep.put(ref.name(), new ExportedTips.Kept(tip.get(), object.read().orElseThrow()));
        }
        return Optional.of(head);
    }

    /** The length of an object id in hex (40 or 64), or 0 when unknown: then no commit is computed. */
    int hexLength() {
        return hexLength;
    }

    /** Keeps {@code commit} as the tip of the ref {@code name} (below {@code refs/wb/}). */
    void keep(String name, ExportedTips.Kept commit) {
        keep.put(name, commit);
    }

    /** Keeps nothing for the ref {@code name}: the next push reads its tip from git. */
    void forget(String name) {
        keep.remove(name);
    }

    /** Writes the commits to keep, when they differ from what was kept or a commit was written. */
    void save(boolean exported) {
        if (!unread.isEmpty() || exported || !kept.keySet().equals(keep.keySet())) {
            cache.save(keep);
        }
    }
}
