package dev.wb.commands.sync;

import dev.wb.commands.Session;
import dev.wb.commands.base.Failure;
import dev.wb.commands.merged.Replica;
import dev.wb.commands.sync.wire.SyncRef;
import dev.wb.engine.AppendedStreams;
import dev.wb.engine.EventLog;
import dev.wb.engine.StreamId;
import dev.wb.gitrun.SignedChains;
import dev.wb.gitrun.SyncGit;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
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
        PushMark marks = new PushMark(
                Replica.dir(session.workspace()), remote, session.workspace().root(), session.env());
        Selection selection = Selection.of(log, marks, git);
        if (selection.streams().isEmpty() && !selection.incremental()) {
            return new Result(
                    remote,
                    Replica.existing(session.workspace()).map(Replica::id).orElse(""),
                    List.of(),
                    false,
                    "",
                    List.of());
        }
        Replica replica = Replica.of(session.workspace());
        PushExport export = new PushExport(git, session, replica, withOutput);
        List<Exported> exported;
        Map<String, String> tips;
        try {
            tips = new HashMap<>(ownRefs(selection, session, git, replica));
            exported = export.export(tips, selection.incremental(), selection.streams());
        } catch (SignedChains.SigningException e) {
            throw PushSigning.failed(e);
        } catch (IOException e) {
            throw SyncSetup.gitFailed("writing wb's refs", e);
        }
        List<String> pushing = new ArrayList<>();
        if (selection.incremental()) {
            pushing = pushing(selection.streams(), replica, tips);
            if (pushing.isEmpty()) {
                // Nothing was appended since the last push to this remote completed: it holds it all.
                selection.appended().ifPresent(a -> marks.save(a, export.unsettled()));
                return new Result(remote, replica.id(), exported, true, "", List.copyOf(export.warnings()));
            }
            if (pushing.size() > MAX_NAMED) {
                pushing.clear();
            }
        }
        SyncGit.Outcome outcome = push(git, remote, pushing);
        selection.appended().ifPresent(a -> marks.save(a, export.unsettled()));
        return new Result(remote, replica.id(), exported, true, outcome.output(), List.copyOf(export.warnings()));
    }

    /**
     * Which streams a push reads: those the log's journal names since the last push to this remote that
     * completed, when that push left a mark this boot ({@code incremental}); else every stream, as a
     * first push does, while git lists every own ref ({@code listed}).
     */
    private record Selection(
            Optional<AppendedStreams> appended,
            boolean incremental,
            List<StreamId> streams,
            Optional<CompletableFuture<Map<String, String>>> listed) {

        static Selection of(EventLog log, PushMark marks, SyncGit git) {
            Optional<PushMark.Mark> mark = marks.load();
            Optional<AppendedStreams> appended = log.appendedSince(
                    mark.map(PushMark.Mark::journal).orElse(""),
                    mark.map(PushMark.Mark::offset).orElse(0L));
            boolean incremental =
                    mark.isPresent() && appended.isPresent() && appended.get().sinceMark();
            Set<StreamId> named = new TreeSet<>(Comparator.comparing(StreamId::name));
            Optional<CompletableFuture<Map<String, String>>> listed = Optional.empty();
            if (incremental) {
                named.addAll(appended.get().streams());
                named.addAll(mark.get().carried());
            } else {
                // git lists every own ref while wb lists its streams and reads their hints
                listed = Optional.of(listRefs(git));
                named.addAll(log.streams());
                appended.ifPresent(a -> named.addAll(a.streams()));
            }
            return new Selection(appended, incremental, new ArrayList<>(named), listed);
        }
    }

    /** Each own ref's tip, by full name: every one as listed, or for an incremental push those of the streams read. */
    private static Map<String, String> ownRefs(Selection selection, Session session, SyncGit git, Replica replica)
            throws IOException {
        if (selection.listed().isPresent()) {
            return joined(selection.listed().get());
        }
        List<String> names = new ArrayList<>();
        selection.streams().forEach(stream -> names.add(SyncGit.OWN + new SyncRef(stream, replica.id()).name()));
        return OwnRefs.read(session.workspace().root(), session.env(), git, names);
    }

    /**
     * What an incremental push names: only the refs of the streams read, each one that exists (at most a
     * few hundred go on one command line, else all of refs/wb/*).
     */
    private static List<String> pushing(List<StreamId> streams, Replica replica, Map<String, String> tips) {
        List<String> pushing = new ArrayList<>();
        for (StreamId stream : streams) {
            String ref = SyncGit.OWN + new SyncRef(stream, replica.id()).name();
            if (tips.containsKey(ref)) {
                pushing.add(ref);
            }
        }
        return pushing;
    }

    /** {@code git push} of {@code refs} (all of {@code refs/wb/*} when none), without force. */
    private static SyncGit.Outcome push(SyncGit git, String remote, List<String> refs) {
        SyncGit.Outcome outcome;
        try {
            outcome = git.push(remote, refs);
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
        return outcome;
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
}
