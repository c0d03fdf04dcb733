package dev.wb.commands.impl;

import dev.wb.commands.EventService;
import dev.wb.commands.InputFiles;
import dev.wb.commands.Session;
import dev.wb.commands.base.Failure;
import dev.wb.commands.config.WorkspaceConfig;
import dev.wb.commands.git.Repositories;
import dev.wb.commands.plan.AuditTrust;
import dev.wb.commands.plan.CriticalZones;
import dev.wb.commands.plan.PlanFile;
import dev.wb.commands.plan.PlanReader;
import dev.wb.commands.sdd.ClaimCheck;
import dev.wb.engine.EventEnvelope;
import dev.wb.engine.StreamId;
import dev.wb.engine.TaskKey;
import dev.wb.git.ChangeScope;
import dev.wb.git.ChangedPath;
import dev.wb.git.GitException;
import dev.wb.git.GitRepository;
import dev.wb.projections.audit.AuditGate;
import dev.wb.projections.checkpoint.CheckpointStore;
import dev.wb.projections.checkpoint.StreamCursor;
import dev.wb.projections.checkpoint.WorkspaceProjection;
import dev.wb.projections.events.PlannedFile;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.TreeMap;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CompletionException;
import java.util.function.Supplier;

/**
 * {@code wb impl check KEY [--staged] [--base REF]}: the changed paths against the plans. Refuses
 * unless this task's gate is open; takes other tasks' claims from the audit projection over every
 * stream (not from their sdd.json files), and records the check as an event of the task.
 */
public final class ImplCheck {

    /**
     * What to check.
     *
     * @param base the commit to also compare with (its commits since count as changed); empty: HEAD only
     * @param sinceStart with no {@code base}: compare with the task's start (the commit its first passing
     *     strict audit anchored to) once HEAD has moved past it, so work already committed reads as done
     */
    public record Request(TaskKey key, ChangeScope scope, Optional<String> base, boolean sinceStart) {
        public Request(TaskKey key, ChangeScope scope, Optional<String> base) {
            this(key, scope, base, false);
        }
    }

    /** The check's outcome: the report, the base commit it resolved, the event it recorded. */
    public record Result(TaskKey key, ScopeReport report, Optional<String> baseCommit, EventEnvelope event) {}

    /** The changed paths, the base they were computed from, and HEAD when they were read. */
    private record Changes(List<ChangedPath> paths, Optional<String> baseCommit, Optional<String> head) {}

    private ImplCheck() {}

    public static Result run(Session session, Request request) {
        TaskKey key = request.key();
        StreamId stream = StreamId.task(key);
        byte[] plan = PlanFile.readPlan(session, key);
        // Two slow starts run beside the main thread: the git read (on a large tree the slowest
        // part, mostly in git itself) and opening the log (loading Chronicle). The main thread
        // meanwhile reads the plan and every other task's claims, which need neither.
        CompletableFuture<Changes> changes = inBackground("wb-git-read", () -> changes(session, request));
        CompletableFuture<Void> logOpen = inBackground("wb-log-open", () -> {
            session.log().head(stream);
            return null;
        });
        String digest;
        CriticalZones zones;
        OtherClaims others;
        try {
            digest = PlanReader.digest(plan);
            zones = CriticalZones.with(WorkspaceConfig.load(session.workspace()).criticalZones());
            others = claims(session, key);
        } finally {
            // Even on a failure here, the log is not closed under a thread still opening it.
            logOpen.handle((ok, error) -> null).join();
        }
        join(logOpen);
        // Another replica's passing audit counts only once audited again here (re-derived, recorded).
        AuditTrust trust = ClaimCheck.settle(session, key, digest);
        // The request as observed: since the task's start, it names the start as its base.
        Request[] effective = {request};
        EventService.Decided<AuditGate.State, ScopeDecider.Checked> outcome = new EventService(session)
                .decide(
                        stream,
                        AuditGate.INSTANCE,
                        state -> {
                            effective[0] = sinceStart(request, state, digest, changes);
                            CompletableFuture<Changes> read = changes;
                            if (!effective[0].equals(request)) {
                                try {
                                    read = CompletableFuture.completedFuture(changes(session, effective[0]));
                                } catch (Failure gone) {
                                    effective[0] = request; // the start is no commit here (history rewritten)
                                }
                            }
                            return observe(state, digest, read, others, zones);
                        },
                        (state, observed) -> ScopeDecider.decide(state, trust, effective[0], digest, zones, observed));
        if (others.cacheDisagreed()) {
            // The checkpoint proposed a claim its log does not hold: rebuild it rather than trust it again.
            new CheckpointStore(session.workspace().checkpointsDir()).discard(AuditGate.INSTANCE);
        }
        ScopeDecider.Checked checked = outcome.result();
        return new Result(
                key, checked.report(), checked.baseCommit(), outcome.appended().get(0));
    }

    /**
     * The changed paths (waited for: the git read started before the fold) and the other tasks' claims,
     * each one the classification names confirmed from the log. Nothing is read for a closed gate: the
     * decision refuses it.
     */
    private static Optional<ScopeDecider.Observed> observe(
            AuditGate.State state,
            String digest,
            CompletableFuture<Changes> changes,
            OtherClaims others,
            CriticalZones zones) {
        if (!state.openFor(digest)) {
            return Optional.empty();
        }
        Changes seen = join(changes);
        Map<String, List<PlannedFile>> confirmed =
                others.confirm(claims -> ScopeClassifier.classify(seen.paths(), state.claims(), claims, zones));
        return Optional.of(new ScopeDecider.Observed(seen.paths(), seen.baseCommit(), confirmed));
    }

    /**
     * The request with the task's start as its base, when it asks for that, names no base, the gate has
     * a baseline, and HEAD has moved past it; else the request itself.
     */
    private static Request sinceStart(
            Request request, AuditGate.State state, String digest, CompletableFuture<Changes> changes) {
        if (!request.sinceStart()
                || request.base().isPresent()
                || state.baseline().isEmpty()
                || !state.openFor(digest)) {
            return request;
        }
        String start = state.baseline().get();
        Optional<String> head = join(changes).head();
        if (head.isEmpty() || head.get().equals(start)) {
            return request;
        }
        return new Request(request.key(), request.scope(), Optional.of(start), true);
    }

    /** Runs a task on a daemon thread of its own (the common pool has one thread on two cores). */
    private static <T> CompletableFuture<T> inBackground(String name, Supplier<T> task) {
        CompletableFuture<T> result = new CompletableFuture<>();
        Thread thread = new Thread(
                () -> {
                    try {
                        result.complete(task.get());
                    } catch (Throwable e) {
                        result.completeExceptionally(e);
                    }
                },
                name);
        thread.setDaemon(true);
        thread.start();
        return result;
    }

    /**
     * Every other task's audited files, as the checkpointed audit projection over all streams proposes
     * them; each one the check's result names is confirmed from the log ({@link OtherClaims}).
     */
    private static OtherClaims claims(Session session, TaskKey key) {
        WorkspaceProjection<AuditGate.State> projection = new WorkspaceProjection<>(
                AuditGate.INSTANCE, new CheckpointStore(session.workspace().checkpointsDir()));
        Map<String, List<PlannedFile>> others = new TreeMap<>();
        // This task's own stream is folded by the decision itself: no need to read it twice.
        for (StreamCursor<AuditGate.State> cursor :
                projection.load(session.reader(), StreamId.task(key)).streams().values()) {
            String task = cursor.stream().name();
            List<PlannedFile> claims = cursor.state().claims();
            // Only a plan whose gate is open claims: audited, passed, and not changed since.
            if (!task.equals(key.value()) && !claims.isEmpty() && gateOpen(session, cursor.stream(), cursor.state())) {
                others.put(task, claims);
            }
        }
        return new OtherClaims(others, task -> claimsFromLog(session, new StreamId(task)));
    }

    /** A task's claims folded from its stream in the log, the checkpoint unread. */
    private static List<PlannedFile> claimsFromLog(Session session, StreamId task) {
        AuditGate.State state = AuditGate.INSTANCE.initialState();
        for (EventEnvelope event : session.reader().read(task)) {
            state = AuditGate.INSTANCE.evolve(state, event);
        }
        return state.claims().isEmpty() || !gateOpen(session, task, state) ? List.of() : state.claims();
    }

    private static boolean gateOpen(Session session, StreamId task, AuditGate.State state) {
        Path file = session.workspace().workflowDir().resolve(task.name()).resolve("sdd.json");
        try {
            return InputFiles.read(session.workspace().root(), file, InputFiles.Kind.PLAN)
                    .map(plan -> state.openFor(PlanReader.digest(plan.textBytes())))
                    .orElse(false);
        } catch (InputFiles.Unusable e) {
            return false; // no plan wb reads: nothing to claim with
        }
    }

    private static Changes changes(Session session, Request request) {
        try (GitRepository git = Repositories.open(session.workspace(), session.env())) {
            return changes(git, request);
        }
    }

    private static Changes changes(GitRepository git, Request request) {
        Optional<String> base = Optional.empty();
        if (request.base().isPresent()) {
            String ref = request.base().get();
            base = git.resolveCommit(ref);
            if (base.isEmpty()) {
                throw Failure.usage(
                        "--base " + ref + " is not a commit in this repository",
                        "name a branch, tag or commit: git log --oneline -5 " + ref);
            }
        }
        return new Changes(git.changedPaths(request.scope(), base), base, git.head());
    }

    private static <T> T join(CompletableFuture<T> background) {
        try {
            return background.join();
        } catch (CompletionException e) {
            if (e.getCause() instanceof Failure failure) {
                throw failure;
            }
            if (e.getCause() instanceof GitException git) {
                throw Repositories.failure(git);
            }
            if (e.getCause() instanceof RuntimeException runtime) {
                throw runtime;
            }
            throw e;
        }
    }
}
