package dev.wb.commands.checks;

import dev.wb.commands.EventService;
import dev.wb.commands.Session;
import dev.wb.commands.base.Failure;
import dev.wb.commands.config.WorkspaceConfig;
import dev.wb.commands.config.WorkspaceRedactor;
import dev.wb.commands.git.Repositories;
import dev.wb.commands.plan.AuditTrust;
import dev.wb.commands.plan.Gate;
import dev.wb.commands.plan.PlanFile;
import dev.wb.commands.plan.PlanReader;
import dev.wb.commands.process.LiveProcesses;
import dev.wb.commands.process.Redactor;
import dev.wb.commands.sdd.ClaimCheck;
import dev.wb.engine.EventEnvelope;
import dev.wb.engine.StreamId;
import dev.wb.engine.TaskKey;
import dev.wb.git.ChangeScope;
import dev.wb.git.ChangedPath;
import dev.wb.git.GitException;
import dev.wb.git.GitRepository;
import dev.wb.projections.audit.AuditGate;
import dev.wb.projections.events.ChecksRan;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicBoolean;

/**
 * {@code wb checks KEY}: the operator's quality gate for one task. Behind the same audit gate as
 * {@code wb impl check} (exit 2 without a passing, current audit), it takes the task's diff — the
 * working tree, untracked files included, plus what was committed since the baseline its audit anchored,
 * wb's own files and generated output left out as the scope check leaves them out — selects the command
 * sets that diff calls for ({@link CommandSetSelection}), runs every selected command
 * ({@link CommandSetRunner}) watching that none changes the working tree ({@link WorkingTree}), aggregates
 * ({@link ChecksVerdict}) and records the run as one {@code checks.ran} event on the task's stream. Ctrl-C or SIGTERM ends the children and still records
 * the run, as incomplete.
 */
public final class ChecksRun {

    /** Everything a run decided and ran, and the event that recorded it. */
    public record Report(
            TaskKey key,
            int configuredSets,
            List<String> changedPaths,
            List<CommandSetSelection.Selected> selected,
            List<ChecksRan.Command> results,
            List<SkippedSet> skipped,
            List<Mutation> mutations,
            ChecksVerdict verdict,
            EventEnvelope event) {

        /** A skipped {@code skip_if_unavailable} set blocks {@code git.auto_merge}, whatever the verdict. */
        public boolean autoMergeBlocked() {
            return !skipped.isEmpty();
        }
    }

    /** Told about each command as it starts and ends; the CLI draws it, nothing here prints. */
    public interface Progress {
        void started(String set, String command);

        void finished(ChecksRan.Command result);

        Progress NONE = new Progress() {
            @Override
            public void started(String set, String command) {}

            @Override
            public void finished(ChecksRan.Command result) {}
        };
    }

    private ChecksRun() {}

    public static Report run(Session session, TaskKey key, Map<String, String> environment, Progress progress) {
        byte[] plan = PlanFile.readPlan(session, key);
        String digest = PlanReader.digest(plan);
        WorkspaceConfig config = WorkspaceConfig.load(session.workspace());
        StreamId stream = StreamId.task(key);
        EventService service = new EventService(session);
        AuditTrust trust = ClaimCheck.settle(session, key, digest);
        AuditGate.State gate = service.read(stream, AuditGate.INSTANCE);
        Gate.requireOpen(gate, trust, key, digest);
        List<String> changed = diff(session, gate.baseline());
        List<CommandSetSelection.Selected> selected =
                CommandSetSelection.select(config.checks().commandSets(), changed);
        AtomicBoolean stopped = new AtomicBoolean();
        CountDownLatch recorded = new CountDownLatch(1);
        Thread hook = stopHook(stopped, recorded);
        Runtime.getRuntime().addShutdownHook(hook);
        try {
            Redactor redactor = WorkspaceRedactor.of(session.workspace(), config, environment, Map.of());
            CommandSetRunner runner = runner(session, config, environment, redactor, progress, stopped);
            Ran ran = runSets(runner, selected, stopped, redactor);
            List<ChecksRan.Command> results = ran.results();
            List<SkippedSet> skipped = ran.skipped();
            List<Mutation> mutations = ran.mutations();
            ChecksVerdict verdict = ChecksVerdict.of(results, stopped.get(), !mutations.isEmpty());
            EventEnvelope event = service.record(
                            stream,
                            ChecksEvent.of(
                                    changed.size(),
                                    selected,
                                    results,
                                    verdict,
                                    skipped.stream().map(SkippedSet::set).toList(),
                                    mutations))
                    .get(0);
            return new Report(
                    key,
                    config.checks().commandSets().size(),
                    changed,
                    selected,
                    List.copyOf(results),
                    List.copyOf(skipped),
                    List.copyOf(mutations),
                    verdict,
                    event);
        } finally {
            recorded.countDown();
            try {
                Runtime.getRuntime().removeShutdownHook(hook);
            } catch (IllegalStateException shuttingDown) {
                // The hook is running: it waited for exactly this.
            }
        }
    }

    private static CommandSetRunner runner(
            Session session,
            WorkspaceConfig config,
            Map<String, String> environment,
            Redactor redactor,
            Progress progress,
            AtomicBoolean stopped) {
        return new CommandSetRunner(
                new CommandSetRunner.Setting(
                        session.workspace().root(),
                        environment,
                        new DeniedCommands(
                                config.security().deniedCommands(),
                                session.workspace().root(),
                                environment),
                        config.checks().timeoutSeconds(),
                        redactor),
                scratch(session),
                progress,
                stopped::get,
                () -> WorkingTree.of(session.workspace(), session.env()));
    }

    /** What the selected sets' runs produced, redacted. */
    private record Ran(List<ChecksRan.Command> results, List<SkippedSet> skipped, List<Mutation> mutations) {}

    /** Runs each selected set in turn until wb is stopped; a set whose run was interrupted stops the rest. */
    private static Ran runSets(
            CommandSetRunner runner,
            List<CommandSetSelection.Selected> selected,
            AtomicBoolean stopped,
            Redactor redactor) {
        List<ChecksRan.Command> results = new ArrayList<>();
        List<SkippedSet> skipped = new ArrayList<>();
        List<Mutation> mutations = new ArrayList<>();
        for (CommandSetSelection.Selected s : selected) {
            if (stopped.get()) {
                break;
            }
            CommandSetRunner.SetRun run = runner.run(s.set());
            run.results().forEach(r -> results.add(CheckResults.redacted(r, redactor)));
            run.skipped().ifPresent(skip -> skipped.add(skip.redacted(redactor)));
            run.mutations().forEach(m -> mutations.add(m.redacted(redactor)));
            if (run.interrupted()) {
                stopped.set(true);
            }
        }
        return new Ran(results, skipped, mutations);
    }

    /**
     * The hook a SIGTERM or Ctrl-C of wb runs: marks the run stopped, kills its commands, and waits until the
     * run's thread has recorded what happened (RECORDED), at most ten seconds, before the JVM goes.
     */
    private static Thread stopHook(AtomicBoolean stopped, CountDownLatch recorded) {
        return new Thread(
                () -> {
                    stopped.set(true);
                    LiveProcesses.killAll();
                    try {
                        recorded.await(10, TimeUnit.SECONDS);
                    } catch (InterruptedException e) {
                        Thread.currentThread().interrupt();
                    }
                },
                "wb-checks-interrupted");
    }

    /**
     * The task's changed paths, sorted: every changed path git does not ignore, as the orchestrator's selection
     * sees them, except wb's own folder ({@code .workflow/}, which the orchestrator's {@code .worc/} matches by
     * being ignored). Generated-looking paths ({@code build/codegen.py}) stay in: a tracked file there is code.
     */
    static List<String> diff(Session session, Optional<String> baseline) {
        try (GitRepository git = Repositories.open(session.workspace(), session.env())) {
            return git.changedPaths(ChangeScope.WORKTREE, baseline).stream()
                    .map(ChangedPath::path)
                    .filter(path -> !path.equals(WORKSPACE) && !path.startsWith(WORKSPACE + "/"))
                    .toList();
        } catch (GitException e) {
            throw Repositories.failure(e);
        }
    }

    private static final String WORKSPACE = ".workflow";

    private static Path scratch(Session session) {
        try {
            return Files.createDirectories(session.workspace().ensureLocalDir().resolve("tmp"));
        } catch (IOException e) {
            throw new Failure(
                    Failure.Kind.CONFIG,
                    "cannot create .workflow/local/tmp for command output: " + e.getMessage(),
                    List.of("check that .workflow/local/ is writable"));
        }
    }
}
