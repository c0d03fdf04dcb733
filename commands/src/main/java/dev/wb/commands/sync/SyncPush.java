package dev.wb.commands.sync;

import dev.wb.commands.Failure;
import dev.wb.commands.Replica;
import dev.wb.commands.Session;
import dev.wb.engine.EnvelopeCodec;
import dev.wb.engine.EventLog;
import dev.wb.engine.EventReader;
import dev.wb.engine.StoredBatches;
import dev.wb.engine.StreamHead;
import dev.wb.engine.StreamId;
import dev.wb.gitrun.SyncGit;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Optional;

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

    /** What was exported, and what the push did ({@code pushed} false when there was nothing to push). */
    public record Result(String remote, String replica, List<Exported> exported, boolean pushed, String gitOutput) {
        public long events() {
            return exported.stream().mapToLong(e -> e.to() - e.from() + 1).sum();
        }
    }

    public static Result run(Session session, String remote) {
        SyncGit git = SyncSetup.git(session, remote);
        EventLog log = session.log();
        if (log.streams().isEmpty()) {
            return new Result(
                    remote,
                    Replica.existing(session.workspace()).map(Replica::id).orElse(""),
                    List.of(),
                    false,
                    "");
        }
        Replica replica = Replica.of(session.workspace());
        List<Exported> exported;
        try {
            exported = export(git, log, replica);
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
        return new Result(remote, replica.id(), exported, true, outcome.output());
    }

    private static List<Exported> export(SyncGit git, EventLog log, Replica replica) throws IOException {
        Map<String, String> refs = git.refs(SyncGit.OWN);
        List<StreamId> streams = log.streams();
        List<String> tips = new ArrayList<>();
        for (StreamId stream : streams) {
            String tip = refs.get(SyncGit.OWN + new SyncRef(stream, replica.id()).name());
            if (tip != null) {
                tips.add(tip);
            }
        }
        Map<String, SyncGit.GitObject> tipCommits = git.read(tips, 64L * 1024);
        ByteArrayOutputStream commands = new ByteArrayOutputStream();
        List<Exported> exported = new ArrayList<>();
        for (StreamId stream : streams) {
            SyncRef ref = new SyncRef(stream, replica.id());
            Optional<String> tip = Optional.ofNullable(refs.get(SyncGit.OWN + ref.name()));
            Optional<StreamHead> pushed = tip.isPresent()
                    ? Optional.of(pushedHead(ref, tip.get(), tipCommits.get(tip.get())))
                    : Optional.empty();
            if (pushed.isPresent() && log.headHint(stream).equals(pushed)) {
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
                commands.writeBytes(("commit " + SyncGit.OWN + ref.name() + "\n").getBytes(StandardCharsets.UTF_8));
                commands.writeBytes(("author " + who + "committer " + who).getBytes(StandardCharsets.UTF_8));
                SyncGit.data(commands, SyncCommit.message(ref, start, head).getBytes(StandardCharsets.UTF_8));
                if (start == from && tip.isPresent()) {
                    commands.writeBytes(("from " + tip.get() + "\n").getBytes(StandardCharsets.UTF_8));
                }
                commands.writeBytes("M 100644 inline events\n".getBytes(StandardCharsets.UTF_8));
                SyncGit.data(commands, EventsBlob.encode(chunk));
                start = end;
            }
            exported.add(new Exported(ref.name(), from, events.size() - 1));
        }
        if (!exported.isEmpty()) {
            commands.writeBytes("done\n".getBytes(StandardCharsets.UTF_8));
            git.fastImport(commands.toByteArray());
        }
        return exported;
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
