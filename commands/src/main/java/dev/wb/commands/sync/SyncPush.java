package dev.wb.commands.sync;

import dev.wb.commands.ContentStore;
import dev.wb.commands.Failure;
import dev.wb.commands.Replica;
import dev.wb.commands.Session;
import dev.wb.engine.AppendedStreams;
import dev.wb.engine.EnvelopeCodec;
import dev.wb.engine.EventLog;
import dev.wb.engine.StreamHead;
import dev.wb.engine.StreamId;
import dev.wb.gitrun.SignedChains;
import dev.wb.gitrun.SyncGit;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.TreeMap;
import java.util.TreeSet;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CompletionException;

/**
 * {@code wb sync push [REMOTE]}: writes each of this replica's streams that has events it has not
 * exported as one more commit on {@code refs/wb/<stream>/<replica>} (one {@code git fast-import} for
 * all of them), then pushes {@code refs/wb/*} without force (docs/adr/0010). The local chain is
 * verified whole before anything of it is written.
 */
public final class SyncPush {

    /** The most events one commit holds, in bytes of its blob: half of what a fetch takes in one blob. */
    static final long CHUNK = FetchedChains.MAX_BLOB / 2;

    /** The most refs an incremental push names on git's command line; past it, it pushes {@code refs/wb/*}. */
    static final int MAX_NAMED = 200;

    private SyncPush() {}

    /** One stream exported: its ref, and the versions its new commit holds. */
    public record Exported(String ref, long from, long to) {}

    /**
     * What was exported, and what the push did ({@code pushed} false when there was nothing to push);
     * {@code warnings}: content {@code --with-output} left out (too large, or not stored here).
     */
    public record Result(
            String remote,
            String replica,
            List<Exported> exported,
            boolean pushed,
            String gitOutput,
            List<String> warnings) {
        public long events() {
            return exported.stream().mapToLong(e -> e.to() - e.from() + 1).sum();
        }
    }

    public static Result run(Session session, String remote) {
        return run(session, remote, false);
    }

    /**
     * Exports and pushes this replica's new events, and with {@code withOutput} their output too.
     *
     * @param withOutput whether the content the pushed events name by digest (a verify command's stored
     *     output) travels beside them, in the same commits (docs/SYNC.md, "What travels")
     */
    public static Result run(Session session, String remote, boolean withOutput) {
        SyncGit git = SyncSetup.git(session, remote);
        EventLog log = session.log();
        Path syncDir = Replica.dir(session.workspace());
        Path root = session.workspace().root();
        // Which streams to read: those the log's journal names since the last push to this remote that
        // completed, when that push left a mark this boot; else every stream, as a first push does.
        PushMark marks = new PushMark(syncDir, remote, root, session.env());
        Optional<PushMark.Mark> mark = marks.load();
        Optional<AppendedStreams> appended = log.appendedSince(
                mark.map(PushMark.Mark::journal).orElse(""),
                mark.map(PushMark.Mark::offset).orElse(0L));
        boolean incremental =
                mark.isPresent() && appended.isPresent() && appended.get().sinceMark();
        Set<StreamId> named = new TreeSet<>(Comparator.comparing(StreamId::name));
        CompletableFuture<Map<String, String>> refs;
        if (incremental) {
            named.addAll(appended.get().streams());
            named.addAll(mark.get().carried());
            refs = null;
        } else {
            refs = listRefs(git); // git lists every own ref while wb lists its streams and reads their hints
            named.addAll(log.streams());
            appended.ifPresent(a -> named.addAll(a.streams()));
        }
        List<StreamId> streams = new ArrayList<>(named);
        if (streams.isEmpty() && !incremental) {
            return new Result(
                    remote,
                    Replica.existing(session.workspace()).map(Replica::id).orElse(""),
                    List.of(),
                    false,
                    "",
                    List.of());
        }
        Replica replica = Replica.of(session.workspace());
        List<Exported> exported;
        List<String> warnings = new ArrayList<>();
        Set<StreamId> unsettled = new TreeSet<>(Comparator.comparing(StreamId::name));
        Map<String, String> tips;
        try {
            if (incremental) {
                List<String> names = new ArrayList<>();
                streams.forEach(stream -> names.add(SyncGit.OWN + new SyncRef(stream, replica.id()).name()));
                refs = CompletableFuture.completedFuture(OwnRefs.read(root, session.env(), git, names));
            }
            tips = new HashMap<>(joined(refs));
            exported = export(
                    git,
                    tips,
                    incremental,
                    log,
                    streams,
                    replica,
                    session,
                    withOutput ? Optional.of(new ContentStore(session.workspace())) : Optional.empty(),
                    warnings,
                    unsettled);
        } catch (SignedChains.SigningException e) {
            throw PushSigning.failed(e);
        } catch (IOException e) {
            throw SyncSetup.gitFailed("writing wb's refs", e);
        }
        // Incremental: only the refs of the streams read, each one that exists; at most a few hundred
        // on one command line, else all of refs/wb/*.
        List<String> pushing = new ArrayList<>();
        if (incremental) {
            for (StreamId stream : streams) {
                String ref = SyncGit.OWN + new SyncRef(stream, replica.id()).name();
                if (tips.containsKey(ref)) {
                    pushing.add(ref);
                }
            }
            if (pushing.isEmpty()) {
                // Nothing was appended since the last push to this remote completed: it holds it all.
                appended.ifPresent(a -> marks.save(a, unsettled));
                return new Result(remote, replica.id(), exported, true, "", List.copyOf(warnings));
            }
            if (pushing.size() > MAX_NAMED) {
                pushing.clear();
            }
        }
        SyncGit.Outcome outcome;
        try {
            outcome = git.push(remote, pushing);
        } catch (IOException e) {
            throw SyncSetup.gitFailed("git push", e);
        }
        if (!outcome.ok()) {
            throw new Failure(
                    Failure.Kind.NOT_COMPLETED,
                    "git push to " + remote + " did not complete (exit " + outcome.exitCode() + "): "
                            + SyncSetup.oneLine(outcome.output()),
                    List.of(
                            "wb sync fetch " + remote + "   # then push again",
                            "a ref refused as not a fast-forward means another clone uses this replica's id"
                                    + " (docs/SYNC.md)"));
        }
        appended.ifPresent(a -> marks.save(a, unsettled));
        return new Result(remote, replica.id(), exported, true, outcome.output(), List.copyOf(warnings));
    }

    /** {@code git for-each-ref refs/wb/}, on a thread of its own (the shared pool may be busy with another command's work). */
    private static CompletableFuture<Map<String, String>> listRefs(SyncGit git) {
        return CompletableFuture.supplyAsync(
                () -> {
                    try {
                        return git.refs(SyncGit.OWN);
                    } catch (IOException e) {
                        throw new UncheckedIOException(e);
                    }
                },
                task -> {
                    Thread thread = new Thread(task, "wb-sync-refs");
                    thread.setDaemon(true);
                    thread.start();
                });
    }

    private static Map<String, String> joined(CompletableFuture<Map<String, String>> refs) throws IOException {
        try {
            return refs.join();
        } catch (CompletionException e) {
            if (e.getCause() instanceof UncheckedIOException io) {
                throw io.getCause();
            }
            throw e;
        }
    }

    /**
     * Writes the commits of every stream with events its ref does not hold, and moves {@code refs}
     * (each own ref's tip, by full name) along; {@code unsettled} gets each stream read whose head hint
     * the log did not (yet) reach, to be read again by the next push to this remote.
     */
    private static List<Exported> export(
            SyncGit git,
            Map<String, String> refs,
            boolean incremental,
            EventLog log,
            List<StreamId> streams,
            Replica replica,
            Session session,
            Optional<ContentStore> outputs,
            List<String> warnings,
            Set<StreamId> unsettled)
            throws IOException {
        Path syncDir = Replica.dir(session.workspace());
        Map<StreamId, Optional<StreamHead>> hints = new HashMap<>();
        for (StreamId stream : streams) {
            hints.put(stream, log.headHint(stream));
        }
        ExportedTips cache = new ExportedTips(syncDir);
        Map<String, ExportedTips.Kept> kept = cache.load();
        // Where each ref ends: from the commits the last push kept, each one checked against its
        // ref's tip and its own id; only a tip they do not vouch for is read from git. An incremental
        // push keeps the entries of the refs it does not read, unchecked, for the pushes after it.
        Map<String, ExportedTips.Kept> keep = incremental ? new TreeMap<>(kept) : new TreeMap<>();
        Map<String, StreamHead> heads = new HashMap<>();
        List<String> unread = new ArrayList<>();
        int hexLength = 0;
        for (StreamId stream : streams) {
            String name = new SyncRef(stream, replica.id()).name();
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
            // No ref read has a tip: the object format from the repository's configuration (only a
            // hint: a commit computed in the wrong one is never vouched for, its id being checked).
            hexLength = OwnRefs.hexLength(session.workspace().root(), session.env());
        }
        Map<String, SyncGit.GitObject> tipCommits = git.read(unread, 64L * 1024);
        ByteArrayOutputStream commands = new ByteArrayOutputStream();
        List<Exported> exported = new ArrayList<>();
        PushSigning signing = new PushSigning(git);
        long[] budget = {Outputs.MAX_PUSHED};
        for (StreamId stream : streams) {
            SyncRef ref = new SyncRef(stream, replica.id());
            Optional<String> tip = Optional.ofNullable(refs.get(SyncGit.OWN + ref.name()));
            Optional<StreamHead> pushed = Optional.empty();
            if (tip.isPresent()) {
                StreamHead head = heads.get(ref.name());
                if (head == null) {
                    SyncGit.GitObject object = tipCommits.get(tip.get());
                    head = PushedChains.pushedHead(ref, tip.get(), object);
                    keep.put(
                            ref.name(),
                            new ExportedTips.Kept(tip.get(), object.read().orElseThrow()));
                }
                pushed = Optional.of(head);
            }
            Optional<StreamHead> hint = hints.get(stream);
            if (pushed.isPresent() && hint.equals(pushed)) {
                continue; // a hint is never behind the log: equal to what was pushed, nothing is new
            }
            List<EnvelopeCodec.StoredEvent> events = PushedChains.verifiedChain(log, stream);
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
                continue;
            }
            // One commit per CHUNK bytes of events at most, so no blob is ever over what a fetch takes
            // (FetchedChains.MAX_BLOB): fast-import chains a ref's commits in the order they come.
            long from = pushedTo + 1;
            int start = (int) from;
            Optional<String> parent = tip;
            // A signed commit's bytes are git's to make: those are read back once signed.
            boolean computed = hexLength > 0 && !signing.signs();
            while (start < events.size()) {
                int end = start;
                long bytes = 0;
                do {
                    EnvelopeCodec.StoredEvent e = events.get(end);
                    bytes += e.header().length + e.payload().length + 2L;
                    end++;
                } while (end < events.size()
                        && bytes
                                        + events.get(end).header().length
                                        + events.get(end).payload().length
                                        + 2L
                                <= CHUNK);
                List<EnvelopeCodec.StoredEvent> chunk = events.subList(start, end);
                EnvelopeCodec.StoredEvent last = chunk.get(chunk.size() - 1);
                StreamHead head = new StreamHead(end - 1, last.storedHash());
                long seconds = last.toEnvelope().time().getEpochSecond();
                String who = "wb <" + replica.id() + "@replica.wb.invalid> " + seconds + " +0000\n";
                byte[] message = SyncCommit.message(ref, start, head).getBytes(StandardCharsets.UTF_8);
                byte[] blob = EventsBlob.encode(chunk);
                Map<String, byte[]> carried =
                        outputs.isPresent() ? Outputs.carried(outputs.get(), chunk, ref, budget, warnings) : Map.of();
                commands.writeBytes(("commit " + signing.target(ref.name()) + "\n").getBytes(StandardCharsets.UTF_8));
                signing.add(ref.name(), tip, replica.id(), seconds, message);
                commands.writeBytes(("author " + who + "committer " + who).getBytes(StandardCharsets.UTF_8));
                SyncGit.data(commands, message);
                if (start == from && tip.isPresent()) {
                    commands.writeBytes(("from " + tip.get() + "\n").getBytes(StandardCharsets.UTF_8));
                }
                commands.writeBytes("M 100644 inline events\n".getBytes(StandardCharsets.UTF_8));
                SyncGit.data(commands, blob);
                for (Map.Entry<String, byte[]> o : carried.entrySet()) {
                    commands.writeBytes(
                            ("M 100644 inline objects/" + o.getKey() + "\n").getBytes(StandardCharsets.UTF_8));
                    SyncGit.data(commands, o.getValue());
                }
                if (computed) {
                    // The commit fast-import writes from these lines, so the next push need not read it.
                    byte[] raw = CommitBytes.commit(hexLength, blob, carried, parent, who, message);
                    String id = ExportedTips.objectId(raw, hexLength).orElseThrow();
                    keep.put(ref.name(), new ExportedTips.Kept(id, raw));
                    parent = Optional.of(id);
                } else {
                    keep.remove(ref.name());
                }
                start = end;
            }
            exported.add(new Exported(ref.name(), from, events.size() - 1));
            refs.putIfAbsent(SyncGit.OWN + ref.name(), parent.orElse(""));
        }
        if (!exported.isEmpty()) {
            commands.writeBytes("done\n".getBytes(StandardCharsets.UTF_8));
            if (signing.signs()) {
                git.fastImportScratch(commands.toByteArray());
                Map<String, String> signed = signing.sign();
                Map<String, SyncGit.GitObject> read = git.read(signed.values(), 64L * 1024);
                signed.forEach((name, id) -> {
                    SyncGit.GitObject object = read.get(id);
                    if (object != null && object.read().isPresent()) {
                        keep.put(name, new ExportedTips.Kept(id, object.read().get()));
                    } else {
                        keep.remove(name); // the next push reads the tip from git
                    }
                });
            } else {
                git.fastImport(commands.toByteArray());
                signing.warnIfUnsigned(warnings);
            }
        }
        if (!unread.isEmpty() || !exported.isEmpty() || !kept.keySet().equals(keep.keySet())) {
            cache.save(keep);
        }
        return exported;
    }
}
