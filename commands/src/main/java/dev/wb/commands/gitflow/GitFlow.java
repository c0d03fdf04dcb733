package dev.wb.commands.gitflow;

import com.fasterxml.jackson.databind.node.ArrayNode;
import dev.wb.commands.EventService;
import dev.wb.commands.Failure;
import dev.wb.commands.InputFiles;
import dev.wb.commands.Session;
import dev.wb.commands.config.ConfigView;
import dev.wb.commands.config.WorkbenchContexts;
import dev.wb.commands.config.WorkspaceConfig;
import dev.wb.commands.git.Repositories;
import dev.wb.commands.plan.AuditTrust;
import dev.wb.commands.plan.Gate;
import dev.wb.commands.plan.PlanFile;
import dev.wb.commands.plan.PlanReader;
import dev.wb.commands.sdd.ClaimCheck;
import dev.wb.engine.EventEnvelope;
import dev.wb.engine.StreamId;
import dev.wb.engine.TaskKey;
import dev.wb.engine.fs.AtomicFiles;
import dev.wb.engine.json.PythonJson;
import dev.wb.engine.text.TerminalText;
import dev.wb.git.GitRepository;
import dev.wb.gitrun.GitCommandText;
import dev.wb.gitrun.GitRunner;
import dev.wb.gitrun.GitStep;
import dev.wb.gitrun.PreconditionCheck;
import dev.wb.gitrun.ProtectedBranches;
import dev.wb.gitrun.SeriesResult;
import dev.wb.gitrun.StepOutcome;
import dev.wb.projections.audit.AuditGate;
import dev.wb.projections.events.GitSeriesName;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;

/**
 * {@code wb git start|commit|push|carry}: plans a series from what the read-only façade reads,
 * and, only with {@code --execute}, hands it to the one module that writes ({@code gitrun}), then
 * records every step that ran or was refused and renders {@code git.log.json} from the log.
 */
public final class GitFlow {

    /** A planned series: which command, where it is recorded, its steps. */
    public record Planned(
            GitSeriesName series, StreamId stream, Optional<TaskKey> task, List<GitStep> steps, String note) {}

    /** A series that ran; {@code hooks}: whether the repository's git hooks were let run. */
    public record Executed(
            Planned planned, SeriesResult result, List<EventEnvelope> events, Optional<Path> gitLog, boolean hooks) {}

    private GitFlow() {}

    public static Planned start(Session session, TaskKey key) {
        WorkspaceConfig config = WorkspaceConfig.load(session.workspace());
        try (GitRepository git = Repositories.open(session.workspace(), session.env())) {
            String branch = GitSeries.taskBranch(config.branches().prefix(), key);
            if (git.refExists("refs/heads/" + branch)) {
                throw Failure.usage(
                        "the branch " + TerminalText.escape(branch) + " already exists",
                        "git switch " + GitCommandText.quote(branch));
            }
            return new Planned(
                    GitSeriesName.START,
                    StreamId.task(key),
                    Optional.of(key),
                    GitSeries.start(
                            key, config.branches().prefix(), !git.remotes().isEmpty()),
                    "");
        }
    }

    public static Planned commit(Session session, TaskKey key) {
        return commit(session, key, Map.of());
    }

    /**
     * The commit of what is staged; its author is config.json's {@code identity}, else the git identity of
     * the original workbench's context bound by {@code context} ({@code env} finds {@code $WORKBENCH_HOME}).
     */
    public static Planned commit(Session session, TaskKey key, Map<String, String> env) {
        requireGate(session, key);
        Path message = session.workspace().workflowDir().resolve(key.value()).resolve("commit.txt");
        // Read only to check it (git commit -F reads it): a message git would take from outside the
        // repository, from a FIFO, or in another encoding is refused here, as every input is.
        Optional<InputFiles.Content> content;
        try {
            content = InputFiles.read(session.workspace().root(), message, InputFiles.Kind.COMMIT_MESSAGE);
        } catch (InputFiles.Unusable e) {
            throw e.failure(Failure.Kind.MISSING);
        }
        if (content.isEmpty()) {
            throw Failure.missing(
                    "no commit message for " + key + ": .workflow/" + key + "/commit.txt does not exist",
                    "write one first: wb commit check " + key + " --file .workflow/" + key + "/message.txt (the"
                            + " message drafted there; one that passes is saved as .workflow/" + key + "/commit.txt),"
                            + " then: wb git commit " + key);
        }
        WorkspaceConfig config = WorkspaceConfig.load(session.workspace());
        Optional<String> author =
                WorkbenchContexts.expected(config, env).identity().map(i -> i.name() + " <" + i.email() + ">");
        return new Planned(
                GitSeriesName.COMMIT,
                StreamId.task(key),
                Optional.of(key),
                GitSeries.commit(key, ".workflow/" + key + "/commit.txt", author),
                "commits what is staged (git add it first)");
    }

    /**
     * wb run's publish: {@link #commit(Session, TaskKey, Map)} with the named files staged first (the caller
     * has checked that each is in the task's plan); the same gate, message file and author.
     */
    public static Planned stageAndCommit(Session session, TaskKey key, Map<String, String> env, List<String> paths) {
        Planned commit = commit(session, key, env);
        GitStep last = commit.steps().get(commit.steps().size() - 1);
        List<String> argv = last.argv();
        Optional<String> author =
                argv.contains("--author") ? Optional.of(argv.get(argv.indexOf("--author") + 1)) : Optional.empty();
        return new Planned(
                GitSeriesName.COMMIT,
                commit.stream(),
                commit.task(),
                GitSeries.stageAndCommit(key, paths, argv.get(argv.indexOf("-F") + 1), author),
                "stages the task's changed files, then commits them");
    }

    public static Planned push(Session session) {
        WorkspaceConfig config = WorkspaceConfig.load(session.workspace());
        try (GitRepository git = Repositories.open(session.workspace(), session.env())) {
            String branch = git.currentBranch()
                    .orElseThrow(() -> Failure.usage(
                            "HEAD is not on a branch", "git switch <branch>   (wb pushes the current branch)"));
            List<String> remotes = git.remotes().stream().map(r -> r.name()).toList();
            String remote = remotes.contains("origin") ? "origin" : remotes.size() == 1 ? remotes.get(0) : null;
            if (remote == null) {
                throw Failure.usage(
                        remotes.isEmpty()
                                ? "this repository has no remote to push to"
                                : "more than one remote and none is origin: "
                                        + TerminalText.escape(String.join(", ", remotes)),
                        "git remote add origin <url>");
            }
            Optional<TaskKey> task = taskOf(config, branch);
            StreamId stream = task.map(StreamId::task).orElse(StreamId.workspace());
            return new Planned(GitSeriesName.PUSH, stream, task, GitSeries.push(remote, branch), "");
        }
    }

    public static Planned carry(Session session, TaskKey key, String target) {
        requireGate(session, key);
        WorkspaceConfig config = WorkspaceConfig.load(session.workspace());
        try (GitRepository git = Repositories.open(session.workspace(), session.env())) {
            if (git.resolveCommit(target).isEmpty()) {
                throw Failure.usage(
                        "--to " + GitCommandText.quote(target) + " is not a branch or commit here", "git branch -a");
            }
            List<String> commits = git.commitsNotOn(target);
            String branch = GitSeries.taskBranch(config.branches().prefix(), key) + "-onto-"
                    + target.replaceAll("[^A-Za-z0-9._-]", "-");
            String note = commits.isEmpty()
                    ? "nothing to carry: every commit of this branch is on " + GitCommandText.quote(target)
                    : "";
            return new Planned(
                    GitSeriesName.CARRY,
                    StreamId.task(key),
                    Optional.of(key),
                    commits.isEmpty() ? List.of() : GitSeries.carry(key, target, branch, commits),
                    note);
        }
    }

    /**
     * Runs exactly the planned argv with the user's git, unless execution is switched off; with hooks off
     * ({@link GitRunner#HOOKS_OFF}) unless config.json's {@code git.run_hooks} is on.
     */
    public static Executed execute(Session session, Planned planned, Map<String, String> env) {
        return execute(session, planned, env, true);
    }

    /**
     * As {@link #execute(Session, Planned, Map)}; {@code hooksAllowed} false keeps hooks off whatever the file
     * says now ({@code wb run}'s publish passes what config.json said when the run started, so a node that
     * turned {@code git.run_hooks} on meanwhile turns nothing on).
     */
    public static Executed execute(Session session, Planned planned, Map<String, String> env, boolean hooksAllowed) {
        WorkspaceConfig config = WorkspaceConfig.load(session.workspace());
        Optional<String> switchedOff = ExecutionSwitch.disabledBy(env);
        if (switchedOff.isPresent()) {
            throw Failure.usage(
                    "--execute is disabled here: " + ExecutionSwitch.VARIABLE + "="
                            + TerminalText.escape(GitCommandText.quote(switchedOff.get())) + " is set",
                    "run the printed commands yourself, or unset " + ExecutionSwitch.VARIABLE
                            + " (empty, 0, false and no leave execution on)");
        }
        if (!config.execute()) {
            throw Failure.usage(
                    "--execute is disabled for this checkout: \"execute\": false in .workflow/config.json",
                    "run the printed commands yourself, or set \"execute\": true there");
        }
        boolean hooks = hooksAllowed && config.git().runHooks();
        SeriesResult result = masked(GitRunner.execute(
                session.workspace().root(), planned.steps(), protectedNames(session, config), env, hooks));
        List<EventEnvelope> events = new EventService(session)
                .record(planned.stream(), SeriesRecord.events(planned.series(), planned.steps(), result));
        Optional<Path> log = planned.task().map(task -> writeLog(session, task));
        return new Executed(planned, result, events, log, hooks);
    }

    /**
     * What each step's preconditions read now, for the printed series: a step preceded only by
     * fetches will meet the repository as it is now, so its reading says whether {@code --execute}
     * would refuse it; a step after a switch or a cherry-pick is read when it runs, and gets none.
     */
    public static List<List<PreconditionCheck.Reading>> preconditionsNow(
            Session session, Planned planned, Map<String, String> env) {
        Set<String> protectedNames = protectedNames(session, WorkspaceConfig.load(session.workspace()));
        List<List<PreconditionCheck.Reading>> readings = new ArrayList<>();
        boolean unchanged = true;
        for (GitStep step : planned.steps()) {
            readings.add(
                    unchanged
                            ? PreconditionCheck.read(
                                    session.workspace().root(), step.preconditions(), protectedNames, env)
                            : List.of());
            unchanged = unchanged && step.argv().get(0).equals("fetch");
        }
        return readings;
    }

    /** Whether {@code --execute} would let the repository's git hooks run: config.json's {@code git.run_hooks}. */
    public static boolean runHooks(Session session) {
        return WorkspaceConfig.load(session.workspace()).git().runHooks();
    }

    private static Set<String> protectedNames(Session session, WorkspaceConfig config) {
        try (GitRepository git = Repositories.open(session.workspace(), session.env())) {
            return ProtectedBranches.resolve(config.protectedBranches(), git);
        }
    }

    /** The series with any URL's user information masked in git's output, before it is printed or recorded. */
    private static SeriesResult masked(SeriesResult result) {
        return new SeriesResult(
                result.ran().stream().map(GitFlow::masked).toList(),
                result.failed().map(GitFlow::masked),
                result.notRun());
    }

    private static StepOutcome masked(StepOutcome o) {
        return new StepOutcome(
                o.step(),
                o.status(),
                o.exitCode(),
                ConfigView.maskUrl(o.output()),
                ConfigView.maskUrl(o.refusal()),
                o.duration());
    }

    /** The audit gate, read: a series is planned only for a task whose current plan passed its audit. */
    private static void requireGate(Session session, TaskKey key) {
        String digest = PlanReader.digest(PlanFile.readPlan(session, key));
        AuditTrust trust = ClaimCheck.settle(session, key, digest);
        Gate.requireOpen(new EventService(session).read(StreamId.task(key), AuditGate.INSTANCE), trust, key, digest);
    }

    private static Optional<TaskKey> taskOf(WorkspaceConfig config, String branch) {
        String prefix = config.branches().prefix();
        return branch.startsWith(prefix) ? TaskKey.parse(branch.substring(prefix.length())) : Optional.empty();
    }

    /** {@code .workflow/KEY/git.log.json}: every executed series of the task, from its events (GitLogView). */
    static Path writeLog(Session session, TaskKey key) {
        ArrayNode doc = GitLogView.render(session.reader().read(StreamId.task(key)));
        Path file = session.workspace().workflowDir().resolve(key.value()).resolve("git.log.json");
        try {
            Files.createDirectories(file.getParent());
            AtomicFiles.write(
                    file,
                    (PythonJson.dumps(doc, PythonJson.Style.ASCII_ARTIFACT) + "\n").getBytes(StandardCharsets.UTF_8));
            return file;
        } catch (IOException e) {
            throw new Failure(
                    Failure.Kind.CONFIG,
                    "cannot write " + file + ": " + e.getMessage(),
                    List.of("check that " + file.getParent() + " is writable"));
        }
    }
}
