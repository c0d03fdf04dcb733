package dev.wb.commands.sync;

import dev.wb.commands.sync.trust.CommitSignature;
import dev.wb.commands.sync.wire.SyncCommit;
import dev.wb.commands.sync.wire.SyncRef;
import dev.wb.engine.EnvelopeCodec;
import dev.wb.gitrun.ObjectReader;
import dev.wb.gitrun.SyncGit;
import java.io.IOException;
import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.Deque;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.function.Function;
import java.util.function.Predicate;

/**
 * Reads fetched refs' commits and checks every event they hold before anything is imported
 * (docs/adr/0010, "Verify, then import"): the chain of commits is a line, each tree one {@code events}
 * blob of at most {@value #MAX_BLOB} bytes, each event an envelope of the ref's stream at the next
 * version, linked to the one before, true to its hash and of a schema this wb reads; each commit's
 * trailers agree; and what was imported before is still there, unchanged.
 */
final class FetchedChains {

    static final long MAX_BLOB = 16L * 1024 * 1024;
    static final int MAX_COMMITS = 100_000;

    /**
     * The most one event may take in the log: a record of one event is its header and payload and 48
     * bytes of framing, and the log takes records of up to 120 KiB (ChronicleEventLog's limit). A
     * fetched event over it could never be imported, so it is refused with the rest, before anything is.
     */
    static final int MAX_EVENT = 120 * 1024 - 48;

    /** The most a fetch reads of events blobs in all, so a remote cannot make it hold unbounded memory. */
    static final long MAX_READ = 128L * 1024 * 1024;

    private static final long MAX_COMMIT_OBJECT = 64L * 1024;

    /** A ref to check: its tip, and the tip imported before (the walk may stop there). */
    record Wanted(SyncRef ref, String tip, Optional<String> importedTip) {}

    /**
     * A ref that holds: its tip, every event from {@code firstVersion} on, and the content its commits
     * carry beside the events ({@code wb sync push --with-output}), by digest, each checked against it;
     * and the signature of each commit walked, oldest first.
     */
    record Verified(
            SyncRef ref,
            String tip,
            long firstVersion,
            List<EnvelopeCodec.StoredEvent> events,
            Map<String, byte[]> objects,
            List<CommitSignature> signatures) {}

    /** What {@link #check} found: refs that verified, and each one that did not with why. */
    record Checked(List<Verified> verified, Map<String, String> refused) {}

    private final SyncGit git;
    private final Function<SyncRef, List<String>> heldHashes;
    private final Predicate<SyncRef> own;

    /** What this fetch reads of blobs, within the {@link #MAX_READ} it reads at most. */
    private final ChainContents contents;

    /**
     * @param heldHashes the hashes already held of a ref's chain, by version (the copy, or this
     *     replica's own log)
     * @param own whether a ref is this replica's own: its log may be ahead of what it pushed
     */
    FetchedChains(SyncGit git, Function<SyncRef, List<String>> heldHashes, Predicate<SyncRef> own) {
        this(git, heldHashes, own, MAX_READ);
    }

    /** @param maxRead the most this fetch reads of blobs in all ({@link #MAX_READ}; smaller in tests) */
    FetchedChains(SyncGit git, Function<SyncRef, List<String>> heldHashes, Predicate<SyncRef> own, long maxRead) {
        this.git = git;
        this.heldHashes = heldHashes;
        this.own = own;
        this.contents = new ChainContents(maxRead);
    }

    /**
     * Checks every wanted ref, reading through one pair of {@code git cat-file} processes for the whole
     * walk, however long the chains.
     */
    Checked check(List<Wanted> wanted) throws IOException {
        try (ObjectReader reader = git.reader()) {
            return check(reader, wanted);
        }
    }

    private Checked check(ObjectReader reader, List<Wanted> wanted) throws IOException {
        List<Verified> verified = new ArrayList<>();
        Map<String, String> refused = new LinkedHashMap<>();
        Map<SyncRef, Walk> walks = walk(reader, wanted, refused);
        List<Wanted> again = new ArrayList<>();
        Map<SyncRef, Deque<SyncCommit>> commits = new LinkedHashMap<>();
        walks.forEach((ref, walk) -> commits.put(ref, walk.commits));
        Map<String, Map<String, ChainContents.Contents>> blobs = contents.read(reader, commits, refused);
        for (Wanted w : wanted) {
            Walk walk = walks.get(w.ref());
            if (walk == null || refused.containsKey(w.ref().name())) {
                continue;
            }
            List<String> held = heldHashes.apply(w.ref());
            try {
                Optional<Verified> result = ChainCheck.verify(
                        w, walk, blobs.getOrDefault(w.ref().name(), Map.of()), held, own.test(w.ref()));
                if (result.isPresent()) {
                    verified.add(result.get());
                } else {
                    again.add(new Wanted(w.ref(), w.tip(), Optional.empty()));
                }
            } catch (Refusal e) {
                refused.put(w.ref().name(), e.getMessage());
            }
        }
        if (!again.isEmpty()) {
            Checked full = check(reader, again);
            verified.addAll(full.verified());
            refused.putAll(full.refused());
        }
        return new Checked(verified, refused);
    }

    /** A ref's commits, oldest first, after {@code base} (the tip imported before) or from the root. */
    static final class Walk {
        final Deque<SyncCommit> commits = new ArrayDeque<>();
        SyncCommit base;
    }

    private Map<SyncRef, Walk> walk(ObjectReader reader, List<Wanted> wanted, Map<String, String> refused)
            throws IOException {
        Map<SyncRef, Walk> walks = new LinkedHashMap<>();
        Map<SyncRef, String> frontier = new LinkedHashMap<>();
        for (Wanted w : wanted) {
            walks.put(w.ref(), new Walk());
            frontier.put(w.ref(), w.tip());
        }
        Map<SyncRef, String> stops = new LinkedHashMap<>();
        wanted.forEach(w -> w.importedTip().ifPresent(tip -> stops.put(w.ref(), tip)));
        while (!frontier.isEmpty()) {
            Map<String, SyncGit.GitObject> objects =
                    reader.read(List.copyOf(frontier.values()), MAX_COMMIT_OBJECT, Long.MAX_VALUE);
            Map<SyncRef, String> next = new LinkedHashMap<>();
            for (Map.Entry<SyncRef, String> at : frontier.entrySet()) {
                SyncRef ref = at.getKey();
                try {
                    SyncCommit commit = commit(at.getValue(), objects.get(at.getValue()));
                    Walk walk = walks.get(ref);
                    if (at.getValue().equals(stops.get(ref))) {
                        walk.base = commit;
                        continue;
                    }
                    if (commit.parents().size() > 1) {
                        throw new Refusal("commit " + commit.id() + " has "
                                + commit.parents().size() + " parents: a sync history is a line of commits");
                    }
                    walk.commits.addFirst(commit);
                    if (walk.commits.size() > MAX_COMMITS) {
                        throw new Refusal("it holds more than " + MAX_COMMITS + " commits");
                    }
                    commit.parent().ifPresent(parent -> next.put(ref, parent));
                } catch (Refusal e) {
                    refused.put(ref.name(), e.getMessage());
                    walks.remove(ref);
                }
            }
            frontier = next;
        }
        return walks;
    }

    private static SyncCommit commit(String id, SyncGit.GitObject object) throws Refusal {
        if (object == null) {
            throw new Refusal("commit " + id + " is missing from the repository");
        }
        if (!object.type().equals("commit")) {
            throw new Refusal(id + " is a " + object.type() + ", not a commit");
        }
        byte[] raw = object.read()
                .orElseThrow(() -> new Refusal(
                        "commit " + id + " is " + object.size() + " bytes, larger than any commit wb writes"));
        try {
            return SyncCommit.parse(id, raw);
        } catch (SyncCommit.MalformedException e) {
            throw new Refusal(e.getMessage());
        }
    }

    /** Why a ref does not verify. */
    static final class Refusal extends Exception {
        private static final long serialVersionUID = 1L;

        Refusal(String message) {
            super(message);
        }
    }
}
