package dev.wb.commands.judge.reproduce;

import dev.wb.commands.Failure;
import dev.wb.commands.Session;
import dev.wb.commands.Workspace;
import dev.wb.commands.capsule.DeclaredCommand;
import dev.wb.commands.config.WorkspaceConfig;
import dev.wb.commands.judge.core.Fitted;
import dev.wb.commands.judge.core.Timings;
import dev.wb.commands.judge.run.CommandApprovals;
import dev.wb.commands.judge.run.CommandRun;
import dev.wb.commands.judge.run.JudgeRun;
import dev.wb.commands.judge.run.NodeInstall;
import dev.wb.commands.judge.snapshot.JudgeEvents;
import dev.wb.commands.judge.snapshot.JudgeScope;
import dev.wb.commands.judge.snapshot.Snapshot;
import dev.wb.commands.judge.snapshot.Snapshots;
import dev.wb.commands.policy.ReadPolicy;
import dev.wb.commands.process.LiveProcesses;
import dev.wb.commands.process.Redactor;
import dev.wb.engine.EventEnvelope;
import dev.wb.engine.TaskKey;
import dev.wb.git.Backend;
import dev.wb.git.GitException;
import dev.wb.git.GitRepository;
import dev.wb.git.ReviewReads.IndexEntry;
import dev.wb.projections.events.WbEvent;
import dev.wb.projections.events.judge.JudgeReproduced;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Optional;
import java.util.TreeSet;

/**
 * {@code wb judge reproduce KEY --base REF --candidate SNAPSHOT:<id>}: checks that a landed, reviewed
 * generator produces exactly the generated paths of a snapshot.
 *
 * <ol>
 *   <li>The snapshot's capsule declares the generator under {@code ## Migration}
 *       ({@link MigrationDeclaration}); the base, resolved in the live repository, must be the
 *       snapshot's, and every foreign capsule the boundary changes needs {@code --include-task}.
 *   <li>Refused, with every reason (exit 7): a generator commit that is not an ancestor of the base
 *       ({@link ReproduceAncestry}); a review that is not a verified APPROVED snapshot record
 *       ({@link ReproduceReview}); an input that differs between the reviewed snapshot's tree, the
 *       generator commit and the base.
 *   <li>Two disposable folders in the system's temporary folder, written from git objects (nothing is
 *       checked out, the live tree is never used): the generator root, holding the generator commit's
 *       declared inputs, and the base copy, holding every file of the base commit (blocked paths
 *       aside). The complete ordered list — a frozen install of the generator root's Node
 *       dependencies when its package.json declares any, the prepare commands, the generator — runs
 *       only after approval of exactly that list. The install runs in the generator root; the
 *       prepare commands and the generator run in the base copy, with {@code WB_GENERATOR_ROOT}
 *       naming the generator root.
 *   <li>Each declared path of the result is compared with the snapshot's tree by existence, type,
 *       executable bit, bytes and link target; every other file of the base copy is compared before
 *       and after. A mismatch, a declared path the generator left as the base had it, and a write
 *       outside the declared paths fail, by name.
 * </ol>
 *
 * This is process isolation (a copy, a working folder), not an operating-system sandbox: the
 * generator runs with the user's rights and can reach anything they can.
 */
public final class JudgeReproduce {

    /** The variable naming the generator root in the commands' environment. */
    public static final String GENERATOR_ROOT = "WB_GENERATOR_ROOT";

    /** Every name the generator's root is given under: wb's, the seed's and the review judge's. */
    public static final List<String> GENERATOR_ROOT_NAMES =
            List.of(GENERATOR_ROOT, "WEP_GENERATOR_ROOT", "AKRCTX_GENERATOR_ROOT");

    /**
     * How a reproduction ended, with its {@code --json} outcome; the exit code each one ends the
     * process with is the cli's (its one table of exit codes).
     */
    public enum Outcome {
        REPRODUCED("reproduced"),
        NOT_REPRODUCED("not-reproduced"),
        APPROVAL_MISSING("approval-missing");

        private final String wire;

        Outcome(String wire) {
            this.wire = wire;
        }

        public String wire() {
            return wire;
        }
    }

    public record Request(
            TaskKey key,
            String baseRef,
            String snapshotId,
            List<TaskKey> includeTasks,
            List<String> approvals,
            Optional<CommandApprovals.Terminal> terminal) {}

    /** One command of the approved list: its 1-based index, status ({@code passed}, {@code failed}, {@code not-run}). */
    public record CommandResult(
            int index, String command, String status, int exitCode, String ended, Optional<String> evidence) {}

    /** A declared path whose result differs from the snapshot: what the snapshot has, what the generator wrote. */
    public record Mismatch(String path, String expected, String actual) {}

    /**
     * What a reproduction found.
     *
     * @param commands the complete approved list, in order
     * @param details for each mismatched path, what differs
     * @param event the {@code judge.reproduced} event, when the commands ran
     */
    public record Result(
            Outcome outcome,
            Snapshot snapshot,
            String base,
            String generatorCommit,
            List<String> commands,
            List<CommandResult> results,
            List<String> mismatched,
            List<String> unchanged,
            List<String> stray,
            List<Mismatch> details,
            String message,
            Optional<EventEnvelope> event) {
        public boolean passed() {
            return outcome == Outcome.REPRODUCED;
        }
    }

    /** What the user sees while commands run. */
    public interface Progress {
        void started(int index, int total, String command);

        Progress NONE = (index, total, command) -> {};
    }

    private JudgeReproduce() {}

    public static Result reproduce(Session session, Request request, Map<String, String> env, Progress progress) {
        Workspace workspace = session.workspace();
        ReadPolicy policy = ReadPolicy.load(workspace);
        Snapshot snapshot = Snapshots.load(workspace, request.snapshotId(), env);
        if (!snapshot.taskId().equals(request.key().value())) {
            throw Failure.usage(
                    snapshot.label() + " is a snapshot of " + snapshot.taskId() + ", not " + request.key(),
                    "reproduce it as: wb judge reproduce " + snapshot.taskId() + " --base " + snapshot.base()
                            + " --candidate " + snapshot.label());
        }
        MigrationDeclaration declaration = ReproduceRefusals.declaration(snapshot, request.key());
        ReproduceRefusals.refuseBlocked(declaration, policy);
        try (GitRepository live = GitRepository.open(workspace.root(), env, Backend.AUTO)) {
            String base = JudgeScope.resolveBase(live, request.baseRef());
            if (!base.equals(snapshot.base())) {
                throw Failure.usage(
                        snapshot.label() + " was captured against base " + snapshot.base() + ", not " + base + " ("
                                + request.baseRef() + ")",
                        "give the snapshot's base: --base " + snapshot.base());
            }
            ReproduceRefusals.scopeRules(snapshot, request, env);
            ReproduceRefusals.refusals(session, live, declaration, base, env);
            return run(session, live, request, snapshot, declaration, base, policy, env, progress);
        } catch (GitException e) {
            throw new Failure(
                    Failure.Kind.NOT_COMPLETED,
                    "git could not read the repository: " + e.getMessage(),
                    List.of("check the repository with: git status"));
        }
    }

    private static Result run(
            Session session,
            GitRepository live,
            Request request,
            Snapshot snapshot,
            MigrationDeclaration declaration,
            String base,
            ReadPolicy policy,
            Map<String, String> env,
            Progress progress) {
        Workspace workspace = session.workspace();
        String generator = declaration.commit();
        try (ReproduceTree root = ReproduceTree.empty("wb-reproduce-generator-");
                ReproduceTree copy = ReproduceTree.empty("wb-reproduce-base-")) {
            List<IndexEntry> inputs = live.review().treeEntries(generator).stream()
                    .filter(entry -> declaration.inputs().contains(entry.path()))
                    .toList();
            root.write(live, generator, inputs, policy);
            Map<String, String> childEnv = new HashMap<>(Snapshots.privateEnv(env));
            // wb's name, and the original tools' names, so a generator written for them runs unchanged.
            for (String name : GENERATOR_ROOT_NAMES) {
                childEnv.put(name, root.dir().toString());
            }
            List<String> install = NodeInstall.plan(root.dir(), childEnv).orElse(List.of());
            List<String> commands = declaration.commands(install);
            try {
                new CommandApprovals(workspace)
                        .require(request.key(), commands, request.approvals(), request.terminal());
            } catch (CommandApprovals.Missing e) {
                StringBuilder list = new StringBuilder();
                for (int i = 0; i < commands.size(); i++) {
                    list.append("\n  ").append(i + 1).append(". ").append(commands.get(i));
                }
                String message = "the reproduction's commands " + (e.declined() ? "were declined" : "are not approved")
                        + ", so nothing ran:" + list + "\nto approve them headless, pass: " + e.flags();
                return new Result(
                        Outcome.APPROVAL_MISSING,
                        snapshot,
                        base,
                        generator,
                        commands,
                        List.of(),
                        List.of(),
                        List.of(),
                        List.of(),
                        List.of(),
                        message,
                        Optional.empty());
            } catch (CommandApprovals.Mismatch e) {
                return new Result(
                        Outcome.APPROVAL_MISSING,
                        snapshot,
                        base,
                        generator,
                        commands,
                        List.of(),
                        List.of(),
                        List.of(),
                        List.of(),
                        List.of(),
                        e.getMessage(),
                        Optional.empty());
            }
            copy.write(live, base, live.review().treeEntries(base), policy);
            Map<String, ReproduceTree.State> before = copy.files();
            Map<String, ReproduceTree.State> declaredBefore = ReproduceTree.states(copy.dir(), declaration.paths());
            List<CommandResult> results = execute(workspace, install, commands, root, copy, childEnv, progress);
            Map<String, ReproduceTree.State> after = copy.files();
            Map<String, ReproduceTree.State> produced = ReproduceTree.states(copy.dir(), declaration.paths());
            Map<String, ReproduceTree.State> expected = ReproduceTree.states(snapshot.worktree(), declaration.paths());
            List<String> mismatched = new ArrayList<>();
            List<Mismatch> details = new ArrayList<>();
            List<String> unchanged = new ArrayList<>();
            for (String path : declaration.paths()) {
                if (!produced.get(path).equals(expected.get(path))) {
                    mismatched.add(path);
                    details.add(new Mismatch(
                            path,
                            expected.get(path).describe(),
                            produced.get(path).describe()));
                }
                if (produced.get(path).equals(declaredBefore.get(path))) {
                    unchanged.add(path);
                }
            }
            TreeSet<String> stray = new TreeSet<>(before.keySet());
            stray.addAll(after.keySet());
            stray.removeAll(declaration.paths());
            stray.removeIf(path -> Objects.equals(before.get(path), after.get(path)));
            boolean ran = results.stream().allMatch(r -> r.status().equals("passed"));
            boolean passed = ran && mismatched.isEmpty() && unchanged.isEmpty() && stray.isEmpty();
            String message = passed
                    ? "every declared path reproduced exactly, and nothing else was written"
                    : ReproduceReport.message(ran, results, mismatched, unchanged, stray);
            EventEnvelope event = JudgeEvents.append(
                    session,
                    request.key(),
                    event(snapshot, base, generator, passed, mismatched, unchanged, List.copyOf(stray)));
            return new Result(
                    passed ? Outcome.REPRODUCED : Outcome.NOT_REPRODUCED,
                    snapshot,
                    base,
                    generator,
                    commands,
                    results,
                    List.copyOf(mismatched),
                    List.copyOf(unchanged),
                    List.copyOf(stray),
                    List.copyOf(details),
                    message,
                    Optional.of(event));
        }
    }

    /** The install in the generator root, then each prepare command and the generator in the base copy; stops at a failure. */
    private static List<CommandResult> execute(
            Workspace workspace,
            List<String> install,
            List<String> commands,
            ReproduceTree root,
            ReproduceTree copy,
            Map<String, String> childEnv,
            Progress progress) {
        List<CommandResult> results = new ArrayList<>();
        Thread hook = new Thread(LiveProcesses::killAll, "wb-judge-reproduce-interrupted");
        Runtime.getRuntime().addShutdownHook(hook);
        try {
            int index = 1;
            if (!install.isEmpty()) {
                progress.started(index, commands.size(), commands.get(0));
                Duration limit =
                        Duration.ofSeconds(WorkspaceConfig.load(workspace).verifyTimeoutSeconds());
                Path output = copy.dir().resolveSibling(copy.dir().getFileName() + ".install.out");
                NodeInstall.run(install, root.dir(), childEnv, limit, output); // kept for the user if it fails
                deleteQuietly(output);
                results.add(new CommandResult(index, commands.get(0), "passed", 0, "exited", Optional.empty()));
                index++;
            }
            Redactor redactor = Redactor.forWorkspace(workspace, childEnv);
            for (; index <= commands.size(); index++) {
                String command = commands.get(index - 1);
                if (!results.isEmpty()
                        && !results.get(results.size() - 1).status().equals("passed")) {
                    results.add(new CommandResult(index, command, "not-run", -1, "not-run", Optional.empty()));
                    continue;
                }
                JudgeRun.CommandResult run = CommandRun.run(
                        workspace,
                        index,
                        commands.size(),
                        new DeclaredCommand(0, command, command, false),
                        copy.dir(),
                        childEnv,
                        redactor,
                        Timings.OFF,
                        new JudgeRun.Progress() {
                            @Override
                            public void started(int i, int total, String text) {
                                progress.started(i, total, text);
                            }

                            @Override
                            public void finished(JudgeRun.CommandResult result) {}
                        });
                results.add(new CommandResult(
                        index, command, run.status().wireName(), run.exitCode(), run.ended(), run.evidence()));
            }
            return results;
        } finally {
            try {
                Runtime.getRuntime().removeShutdownHook(hook);
            } catch (IllegalStateException shuttingDown) {
                // the hook is running
            }
        }
    }

    static WbEvent event(
            Snapshot snapshot,
            String base,
            String generator,
            boolean passed,
            List<String> mismatched,
            List<String> unchanged,
            List<String> stray) {
        return Fitted.of(new JudgeReproduced(snapshot.id(), base, generator, passed, mismatched, unchanged, stray));
    }

    private static void deleteQuietly(Path file) {
        try {
            Files.deleteIfExists(file);
        } catch (IOException ignored) {
            // a temporary file in the system's temporary folder
        }
    }
}
