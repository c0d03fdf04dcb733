package dev.wb.commands.sync;

import dev.wb.commands.ContentStore;
import dev.wb.commands.Failure;
import dev.wb.commands.Replica;
import dev.wb.commands.Session;
import dev.wb.engine.Digests;
import dev.wb.engine.EnvelopeCodec;
import dev.wb.engine.EventLog;
import dev.wb.engine.EventReader;
import dev.wb.engine.StoredBatches;
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
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.OptionalLong;
import java.util.TreeMap;
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
        // git lists this replica's refs while wb lists its streams and reads their head hints: the two
        // take about as long, and each is mostly waiting on the file system.
        CompletableFuture<Map<String, String>> refs = CompletableFuture.supplyAsync(
                () -> {
                    try {
                        return git.refs(SyncGit.OWN);
                    } catch (IOException e) {
                        throw new UncheckedIOException(e);
                    }
                },
                task -> { // a thread of its own: the shared pool may be busy with another command's work
                    Thread thread = new Thread(task, "wb-sync-refs");
                    thread.setDaemon(true);
                    thread.start();
                });
        EventLog log = session.log();
        List<StreamId> streams = log.streams();
        if (streams.isEmpty()) {
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
        try {
            exported = export(
                    git,
                    refs,
                    log,
                    streams,
                    replica,
                    Replica.dir(session.workspace()),
                    withOutput ? Optional.of(new ContentStore(session.workspace())) : Optional.empty(),
                    warnings);
        } catch (SignedChains.SigningException e) {
            throw PushSigning.failed(e);
        } catch (IOException e) {
            throw SyncSetup.gitFailed("writing wb's refs", e);
        }
        SyncGit.Outcome outcome;
        try {
            outcome = git.push(remote);
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
        return new Result(remote, replica.id(), exported, true, outcome.output(), List.copyOf(warnings));
    }

    private static List<Exported> export(
            SyncGit git,
            CompletableFuture<Map<String, String>> pendingRefs,
            EventLog log,
            List<StreamId> streams,
            Replica replica,
            Path syncDir,
            Optional<ContentStore> outputs,
            List<String> warnings)
            throws IOException {
        Map<StreamId, Optional<StreamHead>> hints = new HashMap<>();
        for (StreamId stream : streams) {
            hints.put(stream, log.headHint(stream));
        }
        ExportedTips cache = new ExportedTips(syncDir);
        Map<String, ExportedTips.Kept> kept = cache.load();
        Map<String, String> refs;
        try {
            refs = pendingRefs.join();
        } catch (CompletionException e) {
            if (e.getCause() instanceof UncheckedIOException io) {
                throw io.getCause();
            }
            throw e;
        }
        // Where each ref ends: from the commits the last push kept, each one checked against its
        // ref's tip and its own id; only a tip they do not vouch for is read from git.
        Map<String, ExportedTips.Kept> keep = new TreeMap<>();
        Map<String, StreamHead> heads = new HashMap<>();
        List<String> unread = new ArrayList<>();
        int hexLength = 0;
        for (StreamId stream : streams) {
            String name = new SyncRef(stream, replica.id()).name();
            String tip = refs.get(SyncGit.OWN + name);
            if (tip == null) {
                continue;
            }
            hexLength = tip.length();
            ExportedTips.Kept k = kept.get(name);
            Optional<StreamHead> head = k != null && k.is(tip) ? k.head() : Optional.empty();
            if (head.isPresent()) {
                heads.put(name, head.get());
                keep.put(name, k);
            } else {
                unread.add(tip);
            }
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
                    head = pushedHead(ref, tip.get(), object);
                    keep.put(
                            ref.name(),
                            new ExportedTips.Kept(tip.get(), object.read().orElseThrow()));
                }
                pushed = Optional.of(head);
            }
            if (pushed.isPresent() && hints.get(stream).equals(pushed)) {
                continue; // a hint is never behind the log: equal to what was pushed, nothing is new
            }
            List<EnvelopeCodec.StoredEvent> events = verifiedChain(log, stream);
            long pushedTo = -1;
            if (pushed.isPresent()) {
                pushedTo = pushedVersion(ref, pushed.get(), events);
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
                        outputs.isPresent() ? carried(outputs.get(), chunk, ref, budget, warnings) : Map.of();
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

    /**
     * The content the chunk's events name ({@code outputDigest}) that this clone's content store holds
     * intact, by sha256 hex name; an object over {@link Outputs#MAX_OBJECT}, one past what is left of
     * this push's {@link Outputs#MAX_PUSHED} ({@code budget[0]}), or one missing here is left out, with
     * a warning.
     */
    private static Map<String, byte[]> carried(
            ContentStore store,
            List<EnvelopeCodec.StoredEvent> chunk,
            SyncRef ref,
            long[] budget,
            List<String> warnings) {
        Map<String, byte[]> carried = new TreeMap<>();
        for (String digest : Outputs.named(chunk)) {
            OptionalLong size = store.size(digest);
            if (size.isPresent() && size.getAsLong() > Outputs.MAX_OBJECT) {
                warnings.add(
                        "the output " + digest + " named by " + ref.stream().describe() + " is " + size.getAsLong()
                                + " bytes, over the " + Outputs.MAX_OBJECT + " one object may take: it was not pushed");
                continue;
            }
            if (size.isPresent() && size.getAsLong() > budget[0]) {
                warnings.add(
                        "the output " + digest + " named by " + ref.stream().describe() + " would take this"
                                + " push's output past " + Outputs.MAX_PUSHED + " bytes (half of what one fetch reads):"
                                + " it was not pushed");
                continue;
            }
            Optional<byte[]> content = store.get(digest);
            if (content.isEmpty()) {
                warnings.add(
                        "the output " + digest + " named by " + ref.stream().describe()
                                + " is not in this clone's content store (or is damaged): it was not pushed");
                continue;
            }
            carried.put(Digests.hex(digest), content.get());
            budget[0] -= content.get().length;
        }
        return carried;
    }

    /** The stream's stored events, its whole chain checked first: a local history that does not verify is never exported. */
    private static List<EnvelopeCodec.StoredEvent> verifiedChain(EventLog log, StreamId stream) {
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
    private static StreamHead pushedHead(SyncRef ref, String tip, SyncGit.GitObject object) throws IOException {
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
    private static long pushedVersion(SyncRef ref, StreamHead pushed, List<EnvelopeCodec.StoredEvent> events) {
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
