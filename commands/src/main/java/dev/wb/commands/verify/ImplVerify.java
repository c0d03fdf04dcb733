package dev.wb.commands.verify;

import dev.wb.commands.ContentStore;
import dev.wb.commands.Decision;
import dev.wb.commands.EventService;
import dev.wb.commands.Session;
import dev.wb.commands.base.Failure;
import dev.wb.commands.checks.EventFit;
import dev.wb.commands.config.WorkspaceConfig;
import dev.wb.commands.config.WorkspaceRedactor;
import dev.wb.commands.plan.AuditTrust;
import dev.wb.commands.plan.Gate;
import dev.wb.commands.plan.Plan;
import dev.wb.commands.plan.PlanFile;
import dev.wb.commands.plan.PlanReader;
import dev.wb.commands.process.LiveProcesses;
import dev.wb.commands.process.Outcome;
import dev.wb.commands.process.ProcessRequest;
import dev.wb.commands.process.ProcessRunner;
import dev.wb.commands.process.Redactor;
import dev.wb.commands.process.RunResult;
import dev.wb.commands.sdd.ClaimCheck;
import dev.wb.engine.EventEnvelope;
import dev.wb.engine.StreamId;
import dev.wb.engine.TaskKey;
import dev.wb.projections.Folds;
import dev.wb.projections.audit.AuditGate;
import dev.wb.projections.events.Verdict;
import dev.wb.projections.events.verify.VerifyRegressionRan;
import dev.wb.projections.events.verify.VerifyStarted;
import dev.wb.projections.verify.Verifications;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicBoolean;

/**
 * {@code wb impl verify KEY}: runs the audited plan's verify commands under the narrow boundary
 * ({@link VerifyPolicy}), one after another, and records the run as it goes — its start, each
 * command as it finishes, its end — so a run cut short by a killed wb is visible and never a pass.
 * Ctrl-C or SIGTERM ends the children too and records the run as interrupted; the run then returns
 * as any other does ({@link StopSignals}), so the caller can still say what happened.
 */
public final class ImplVerify {

    /** What the user sees while commands run; the CLI draws it, nothing here prints. */
    public interface Progress {
        void started(int position, int total, String command);

        void tick(int position, Duration elapsed);

        void finished(int position, String command, RunResult result);

        Progress NONE = new Progress() {
            @Override
            public void started(int position, int total, String command) {}

            @Override
            public void tick(int position, Duration elapsed) {}

            @Override
            public void finished(int position, String command, RunResult result) {}
        };
    }

    public record Result(
            TaskKey key,
            Verdict verdict,
            VerifyPlan plan,
            Verifications.Run run,
            List<EventEnvelope> events,
            Path evidenceMarkdown,
            Path evidenceJson) {}

    /**
     * What beside the plan's commands a run does.
     *
     * @param regression run each regression target at the merge base and in the checkout
     * @param base the base branch the branch's changes are read since; empty picks one
     *     ({@link BranchChanges})
     */
    public record Request(boolean regression, Optional<String> base) {
        public static final Request PLAN_COMMANDS = new Request(false, Optional.empty());
    }

    private ImplVerify() {}

    public static Result run(Session session, TaskKey key, Map<String, String> environment, Progress progress) {
        return run(session, key, environment, progress, Request.PLAN_COMMANDS);
    }

    public static Result run(
            Session session, TaskKey key, Map<String, String> environment, Progress progress, Request request) {
        byte[] bytes = PlanFile.readPlan(session, key);
        PlanReader.Reading reading = PlanReader.read(bytes, key);
        Optional<BranchChanges> branch = branch(session, request);
        List<String> regressionTargets = request.regression() ? regressionTargets(key, reading, branch) : List.of();
        WorkspaceConfig config = WorkspaceConfig.load(session.workspace());
        StreamId stream = StreamId.task(key);
        VerifyPlan written = VerifyPlan.of(
                reading.plan().map(p -> p.verify()).orElse(List.of()),
                reading.canonical().map(c -> c.get("verify_env")).orElse(null));
        Map<String, String> env = new HashMap<>(environment);
        env.putAll(written.env());
        VerifyPlan plan = written.checkedOnDisk(session.workspace().root(), env);
        // Commands and output alike are recorded and shown with .workflow/.env's values, config secrets,
        // secret-named variables and credential shapes redacted (the one workspace rule, as checks and
        // preflight use); the plan's own words are what runs.
        Redactor redactor = WorkspaceRedactor.of(session.workspace(), config, env, Map.of());
        VerifyPlan shown = plan.redacted(redactor);
        EventService service = new EventService(session);
        // The gate and the start in one decision: the run is recorded only on the state that let it start.
        VerifyStarted onTree =
                shown.started(reading.digest(), config.verifyTimeoutSeconds()).on(WorktreeState.read(session));
        List<Plan.PlannedTest> tests = reading.plan().map(Plan::tests).orElse(List.of());
        VerifyStarted started = branch.map(b -> onTree.with(b.check(tests))).orElse(onTree);
        AuditTrust trust = ClaimCheck.settle(session, key, reading.digest());
        List<EventEnvelope> events = new ArrayList<>(service.decide(stream, AuditGate.INSTANCE, state -> {
                    Gate.requireOpen(state, trust, key, reading.digest());
                    return Decision.<Void>of(null, started);
                })
                .appended());
        Verifying v = new Verifying(
                session,
                key,
                service,
                env,
                redactor,
                plan,
                shown,
                Duration.ofSeconds(config.verifyTimeoutSeconds()),
                progress,
                events,
                new AtomicBoolean());
        return execute(v, started, branch, regressionTargets);
    }

    /**
     * One run under way: the task it records on and how, what its commands run with (the environment,
     * the redactor, the plan and its shown form, the time limit), who watches, the events so far, and
     * whether it was interrupted.
     */
    private record Verifying(
            Session session,
            TaskKey key,
            EventService service,
            Map<String, String> env,
            Redactor redactor,
            VerifyPlan plan,
            VerifyPlan shown,
            Duration limit,
            Progress progress,
            List<EventEnvelope> events,
            AtomicBoolean interrupted) {

        StreamId stream() {
            return StreamId.task(key);
        }
    }

    /** Runs the commands, then the regression targets, and records the verdict; Ctrl-C and SIGTERM stop it. */
    // The signal handlers are installed for the block's length and never read.
    @SuppressWarnings("try")
    private static Result execute(
            Verifying v, VerifyStarted started, Optional<BranchChanges> branch, List<String> regressionTargets) {
        Runnable stop = () -> {
            v.interrupted().set(true);
            LiveProcesses.killAll();
        };
        CountDownLatch recorded = new CountDownLatch(1);
        Thread hook = new Thread(
                () -> {
                    stop.run();
                    try {
                        // Let the command's thread record the interrupted run before the JVM goes.
                        recorded.await(10, TimeUnit.SECONDS);
                    } catch (InterruptedException e) {
                        Thread.currentThread().interrupt();
                    }
                },
                "wb-verify-interrupted");
        Runtime.getRuntime().addShutdownHook(hook);
        try (StopSignals signals = StopSignals.install(stop)) {
            long start = System.nanoTime();
            List<RunResult> results = commands(v);
            List<VerifyRegressionRan> regression = regression(v, branch, regressionTargets);
            VerifyVerdict.Checked checked = new VerifyVerdict.Checked(
                    started.tests().map(VerifyStarted.Tests::missing).orElse(List.of()), regression);
            long durationMs = Duration.ofNanos(System.nanoTime() - start).toMillis();
            v.events()
                    .addAll(v.service()
                            .record(
                                    v.stream(),
                                    VerifyVerdict.finished(
                                            v.plan(), results, v.interrupted().get(), checked, durationMs)));
            Verifications.Run run = Folds.foldStream(
                            Verifications.INSTANCE, v.session().reader(), v.stream())
                    .latest()
                    .orElseThrow();
            Path[] views = EvidenceView.write(v.session().workspace(), v.key(), run);
            return new Result(v.key(), run.verdict(), v.shown(), run, v.events(), views[0], views[1]);
        } finally {
            recorded.countDown();
            try {
                Runtime.getRuntime().removeShutdownHook(hook);
            } catch (IllegalStateException shuttingDown) {
                // The hook is running: it waited for exactly this.
            }
        }
    }

    /** Runs the plan's commands one after another, each recorded as it finishes, until one is interrupted. */
    private static List<RunResult> commands(Verifying v) {
        Session session = v.session();
        Progress progress = v.progress();
        List<RunResult> results = new ArrayList<>();
        int total = v.plan().runnable().size();
        for (int i = 0; i < total && !v.interrupted().get(); i++) {
            VerifyPlan.Runnable command = v.shown().runnable().get(i);
            int position = i + 1;
            progress.started(position, total, command.command());
            Path output = outputFile(session);
            RunResult result = ProcessRunner.run(ProcessRequest.of(
                            v.plan().runnable().get(i).argv(),
                            session.workspace().root(),
                            v.env(),
                            v.limit(),
                            output)
                    .withHeartbeat(elapsed -> progress.tick(position, elapsed))
                    .withRedactor(v.redactor()));
            String digest = store(session, output);
            progress.finished(position, command.command(), result);
            // Facts of a run already under way: recorded whatever else the stream recorded meanwhile.
            v.events().addAll(v.service().record(v.stream(), command.recorded(result, digest)));
            results.add(result);
            if (result.outcome() == Outcome.INTERRUPTED) {
                v.interrupted().set(true);
            }
        }
        return results;
    }

    /** Runs each regression target at the merge base and in the checkout, each recorded, until interrupted. */
    private static List<VerifyRegressionRan> regression(
            Verifying v, Optional<BranchChanges> branch, List<String> regressionTargets) {
        List<VerifyRegressionRan> regression = new ArrayList<>();
        if (regressionTargets.isEmpty()) {
            return regression;
        }
        RegressionRun runner = new RegressionRun(
                v.session(),
                branch.orElseThrow().top(),
                branch.orElseThrow().mergeBase().orElseThrow(),
                v.env(),
                v.limit(),
                v.redactor());
        for (int i = 0; i < regressionTargets.size() && !v.interrupted().get(); i++) {
            VerifyRegressionRan ran = EventFit.fitted(
                    VerifyRegressionRan.TYPE,
                    runner.run(regressionTargets.get(i), v.plan(), v.progress(), i + 1, regressionTargets.size()));
            v.events().addAll(v.service().record(v.stream(), ran));
            regression.add(ran);
        }
        return regression;
    }

    /**
     * The branch's changes, for checking the plan's test targets; empty when git cannot read them and
     * nothing asked for them ({@code --base}, {@code --regression}): the plan's commands still run.
     */
    private static Optional<BranchChanges> branch(Session session, Request request) {
        try {
            return Optional.of(BranchChanges.read(session, request.base()));
        } catch (Failure unreadable) {
            if (request.base().isPresent() || request.regression()) {
                throw unreadable;
            }
            return Optional.empty();
        }
    }

    /** The plan's regression targets, refused before anything is recorded when there is nothing to run. */
    private static List<String> regressionTargets(
            TaskKey key, PlanReader.Reading reading, Optional<BranchChanges> branch) {
        List<String> targets = reading.plan().map(RegressionRun::targets).orElse(List.of());
        if (targets.isEmpty()) {
            throw new Failure(
                    Failure.Kind.USAGE,
                    "the plan of " + key + " has no regression test with a target, so --regression has nothing to run",
                    List.of(
                            "add one to tests in .workflow/" + key + "/sdd.json ({\"kind\": \"regression\", \"target\":"
                                    + " \"tests/test_bug.py\", \"asserts\": \"…\"}), audit it (wb sdd audit " + key
                                    + "), then run again",
                            "or run without --regression: wb impl verify " + key));
        }
        if (branch.isEmpty() || branch.get().mergeBase().isEmpty()) {
            throw new Failure(
                    Failure.Kind.USAGE,
                    "no base branch to find the merge base for --regression (none of origin/HEAD, main, master,"
                            + " develop exists)",
                    List.of("name the branch this one started from: wb impl verify " + key
                            + " --regression --base REF"));
        }
        return targets;
    }

    /** The full output, stored by digest; the temporary file goes. */
    static String store(Session session, Path file) {
        try {
            return new ContentStore(session.workspace()).putFile(file);
        } finally {
            try {
                Files.deleteIfExists(file);
            } catch (IOException ignored) {
                // A leftover temporary file in .workflow/local/tmp is harmless.
            }
        }
    }

    static Path outputFile(Session session) {
        try {
            Path dir =
                    Files.createDirectories(session.workspace().ensureLocalDir().resolve("tmp"));
            return Files.createTempFile(dir, "verify-", ".out");
        } catch (IOException e) {
            throw new Failure(
                    Failure.Kind.CONFIG,
                    "cannot create a file for command output in .workflow/local/tmp: " + e.getMessage(),
                    List.of("check that .workflow/local/ is writable"));
        }
    }
}
