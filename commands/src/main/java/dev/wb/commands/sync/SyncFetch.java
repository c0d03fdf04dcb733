package dev.wb.commands.sync;

import dev.wb.commands.ContentStore;
import dev.wb.commands.EventService;
import dev.wb.commands.Session;
import dev.wb.commands.base.Failure;
import dev.wb.commands.merged.Replica;
import dev.wb.commands.sync.trust.CommitSignature;
import dev.wb.commands.sync.trust.SignedReplicas;
import dev.wb.commands.sync.wire.SyncRef;
import dev.wb.engine.StreamId;
import dev.wb.engine.text.TerminalText;
import dev.wb.gitrun.SyncGit;
import dev.wb.projections.events.SyncSignaturesChecked;
import java.io.IOException;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.TreeMap;
import java.util.TreeSet;

/**
 * {@code wb sync fetch [REMOTE]}: fetches every replica's refs into {@code refs/wb-fetch/<remote>/},
 * verifies every changed history whole, and only when all of them hold imports the new events into
 * the replicas' copies (docs/adr/0010). A refusal names each ref that does not hold, and nothing is
 * imported; this replica's own refs, fetched back, are checked against its log and never imported.
 */
public final class SyncFetch {

    private SyncFetch() {}

    /** What one replica's ref brought. */
    public record Imported(String ref, String replica, String stream, long events) {}

    /**
     * The refs the remote holds, how many changed, what was imported, and how many objects of content
     * (a verify command's output, {@code wb sync push --with-output}) were stored with it.
     */
    public record Result(
            String remote, int refs, int changed, List<Imported> imported, int objects, List<String> untrusted) {
        public Result {
            imported = List.copyOf(imported);
            untrusted = List.copyOf(untrusted);
        }

        public long events() {
            return imported.stream().mapToLong(Imported::events).sum();
        }
    }

    public static Result run(Session session, String remote) {
        return run(session, remote, FetchedChains.MAX_READ);
    }

    /** As {@link #run(Session, String)}, reading at most {@code maxRead} bytes of blobs in all (tests set it small). */
    static Result run(Session session, String remote, long maxRead) {
        SyncGit git = SyncSetup.git(session, remote);
        SyncGit.Outcome fetched;
        try {
            fetched = git.fetch(remote);
        } catch (IOException e) {
            throw SyncSetup.gitFailed("git fetch", e);
        }
        if (!fetched.ok()) {
            throw new Failure(
                    Failure.Kind.NOT_COMPLETED,
                    "git fetch from " + remote + " failed (exit " + fetched.exitCode() + "): "
                            + SyncSetup.oneLine(fetched.output()),
                    List.of("git fetch " + remote + "   # to see git's own message", "wb sync fetch " + remote));
        }
        Optional<Replica> own = Replica.existing(session.workspace());
        session.workspace().ensureLocalDir(); // its .gitignore keeps the copies out of git
        try (Copies copies = new Copies(Replica.dir(session.workspace()))) {
            return verifyAndImport(session, git, remote, own, copies, maxRead);
        } catch (IOException e) {
            throw SyncSetup.gitFailed("reading the fetched refs", e);
        }
    }

    private static Result verifyAndImport(
            Session session, SyncGit git, String remote, Optional<Replica> own, Copies copies, long maxRead)
            throws IOException {
        String prefix = SyncGit.fetched(remote);
        Map<String, String> refs = git.refs(prefix);
        ImportedTips tipsFile = new ImportedTips(Replica.dir(session.workspace()), remote);
        Map<String, String> tips = tipsFile.load();
        Map<String, String> refused = new LinkedHashMap<>();
        List<FetchedChains.Wanted> wanted = wanted(refs, prefix, tips, own, copies, refused);
        FetchedChains chains = new FetchedChains(
                git,
                ref -> isOwn(own, ref)
                        ? Copies.hashesOf(session.log(), ref.stream())
                        : copies.hashes(ref.replica(), ref.stream()),
                ref -> isOwn(own, ref),
                maxRead);
        FetchedChains.Checked checked = chains.check(wanted);
        refused.putAll(checked.refused());
        if (!refused.isEmpty()) {
            throw refusal(remote, prefix, new TreeMap<>(refused));
        }
        Map<String, String> jumped = ClockCheck.jumps(session.log(), own.map(Replica::id), copies, checked.verified());
        List<FetchedChains.Verified> honest = checked.verified().stream()
                .filter(v -> !jumped.containsKey(v.ref().replica()))
                .toList();
        int objects = storeContent(session, own, copies, honest);
        if (own.isEmpty() && honest.stream().anyMatch(v -> !v.events().isEmpty())) {
            // A clone that holds copies reads them merged with its own chain, ordered by replica id
            // among other things: it is named before its first import, so that order never changes.
            Replica.of(session.workspace());
        }
        // What the commits' signatures are is recorded before their events are imported: a crash in
        // between leaves a record of commits the next fetch reads again, never events without one.
        signatures(remote, honest, own)
                .ifPresent(event -> new EventService(session).record(StreamId.workspace(), event));
        List<Imported> imported = new ArrayList<>();
        for (FetchedChains.Verified v : honest) {
            if (!isOwn(own, v.ref())) {
                int added = copies.importEvents(v.ref().replica(), v.ref().stream(), v.firstVersion(), v.events());
                if (added > 0) {
                    imported.add(new Imported(
                            v.ref().name(), v.ref().replica(), v.ref().stream().name(), added));
                }
            }
            tips.put(v.ref().name(), v.tip());
        }
        tipsFile.save(tips);
        if (!jumped.isEmpty()) {
            throw clockJump(remote, jumped, imported);
        }
        return new Result(remote, refs.size(), wanted.size(), imported, objects, untrusted(session, imported));
    }

    /**
     * The fetched refs ({@code refs}, by full name below {@code prefix}) to check: each one whose tip
     * moved since it was imported ({@code tips}), or whose copy is gone; {@code refused} gets each one
     * that is not a ref of wb's.
     */
    private static List<FetchedChains.Wanted> wanted(
            Map<String, String> refs,
            String prefix,
            Map<String, String> tips,
            Optional<Replica> own,
            Copies copies,
            Map<String, String> refused) {
        List<FetchedChains.Wanted> wanted = new ArrayList<>();
        for (Map.Entry<String, String> ref : refs.entrySet()) {
            String name = ref.getKey().substring(prefix.length());
            Optional<SyncRef> parsed = SyncRef.parse(name);
            if (parsed.isEmpty()) {
                refused.put(name, "not one of wb's refs (tasks/<KEY>/<replica> or workspace/<replica>)");
                continue;
            }
            String tip = ref.getValue();
            boolean ownRef = isOwn(own, parsed.get());
            if (tips.containsKey(name) && !ownRef && !copies.holds(parsed.get().replica(), parsed.get().stream())) {
                // imported before, but its copy is gone (removed by hand): read it again from its root
                wanted.add(new FetchedChains.Wanted(parsed.get(), tip, Optional.empty()));
            } else if (!tip.equals(tips.get(name))) {
                wanted.add(new FetchedChains.Wanted(parsed.get(), tip, Optional.ofNullable(tips.get(name))));
            }
        }
        return wanted;
    }

    /**
     * Stores the content other replicas' verified refs carry, first (each object already checked against
     * its digest): an event imported is never without the output it names, and content whose event a
     * crash kept out is only a spare blob. Returns how many objects were stored.
     */
    private static int storeContent(
            Session session, Optional<Replica> own, Copies copies, List<FetchedChains.Verified> honest) {
        for (FetchedChains.Verified v : honest) {
            if (!isOwn(own, v.ref()) && !v.events().isEmpty()) {
                copies.requireFolder(v.ref().replica()); // a link in a copy's place: refused before any import
            }
        }
        ContentStore store = new ContentStore(session.workspace());
        int objects = 0;
        for (FetchedChains.Verified v : honest) {
            if (!isOwn(own, v.ref())) {
                for (byte[] content : v.objects().values()) {
                    store.put(content);
                    objects++;
                }
            }
        }
        return objects;
    }

    /** What the signatures of other replicas' commits walked by this fetch are, per replica; empty when none. */
    private static Optional<SyncSignaturesChecked> signatures(
            String remote, List<FetchedChains.Verified> verified, Optional<Replica> own) {
        Map<String, List<CommitSignature>> byReplica = new TreeMap<>();
        for (FetchedChains.Verified v : verified) {
            if (!isOwn(own, v.ref()) && !v.signatures().isEmpty()) {
                byReplica
                        .computeIfAbsent(v.ref().replica(), k -> new ArrayList<>())
                        .addAll(v.signatures());
            }
        }
        if (byReplica.isEmpty()) {
            return Optional.empty();
        }
        List<SyncSignaturesChecked.Replica> replicas = new ArrayList<>();
        byReplica.forEach((replica, signatures) -> {
            Map<String, long[]> keys = new TreeMap<>();
            Map<String, String> types = new TreeMap<>();
            long unsigned = 0;
            Set<String> bad = new LinkedHashSet<>();
            for (CommitSignature signature : signatures) {
                if (signature instanceof CommitSignature.Good good) {
                    keys.computeIfAbsent(good.fingerprint(), k -> new long[1])[0]++;
                    types.put(good.fingerprint(), good.keyType());
                } else if (signature instanceof CommitSignature.Bad b) {
                    if (bad.size() < SyncSignaturesChecked.MAX_BAD) {
                        bad.add(b.why());
                    }
                } else {
                    unsigned++;
                }
            }
            List<SyncSignaturesChecked.Signer> signers = new ArrayList<>();
            keys.forEach((key, count) -> signers.add(new SyncSignaturesChecked.Signer(key, types.get(key), count[0])));
            replicas.add(
                    new SyncSignaturesChecked.Replica(replica, signatures.size(), signers, unsigned, List.copyOf(bad)));
        });
        return Optional.of(new SyncSignaturesChecked(remote, replicas));
    }

    /**
     * The replicas this fetch imported events of that count for nothing here (docs/SYNC.md, "Trust"),
     * each as {@code replica R: why}: judged now, after the import, as the next read will.
     */
    private static List<String> untrusted(Session session, List<Imported> imported) {
        Set<String> replicas = new TreeSet<>();
        imported.forEach(i -> replicas.add(i.replica()));
        if (replicas.isEmpty()) {
            return List.of();
        }
        return new SignedReplicas()
                .judge(session, List.copyOf(replicas), Optional.empty()).untrusted().stream()
                        .map(v -> "replica " + v.replica() + ": " + v.why())
                        .toList();
    }

    private static boolean isOwn(Optional<Replica> own, SyncRef ref) {
        return own.isPresent() && own.get().id().equals(ref.replica());
    }

    /** A replica whose clock jumped: none of its refs imported, the others' imported (and said so). */
    private static Failure clockJump(String remote, Map<String, String> jumped, List<Imported> imported) {
        StringBuilder message = new StringBuilder();
        message.append(jumped.size() == 1 ? "the history of replica " : "the histories of replicas ")
                .append(TerminalText.escape(String.join(", ", jumped.keySet())))
                .append(" fetched from ")
                .append(remote)
                .append(" claim a clock no history reached, so nothing of ")
                .append(jumped.size() == 1 ? "that replica" : "those replicas")
                .append(" was imported (")
                .append(imported.stream().mapToLong(Imported::events).sum())
                .append(" events of other replicas were):");
        jumped.forEach((replica, why) -> message.append("\n  replica ")
                .append(TerminalText.escape(replica))
                .append(": ")
                .append(TerminalText.escape(why)));
        String first = jumped.keySet().iterator().next();
        return new Failure(
                Failure.Kind.CHECK_FAILED,
                message.toString(),
                List.of(
                        "ask whoever can write " + remote + "'s refs/wb/ who pushed replica " + first
                                + " (docs/SYNC.md, \"Trust\")",
                        "git for-each-ref " + SyncGit.fetched(remote) + "   # the fetched refs; "
                                + TerminalText.escape(first) + "'s stay unimported"));
    }

    private static Failure refusal(String remote, String prefix, Map<String, String> refused) {
        StringBuilder message = new StringBuilder();
        message.append(refused.size() == 1 ? "a history" : refused.size() + " histories")
                .append(" fetched from ")
                .append(remote)
                .append(" did not verify, so nothing was imported:");
        refused.forEach((ref, why) -> message.append("\n  ")
                .append(TerminalText.escape(prefix + ref))
                .append(": ")
                .append(TerminalText.escape(why)));
        return new Failure(
                Failure.Kind.CHECK_FAILED,
                message.toString(),
                List.of(
                        "ask whoever can write " + remote + "'s refs/wb/ what changed there (docs/SYNC.md, \"Trust\")",
                        "git log --stat "
                                + TerminalText.escape(
                                        prefix + refused.keySet().iterator().next()) + "   # the refused history"));
    }
}
