package dev.wb.commands.judge.reproduce;

import dev.wb.commands.Session;
import dev.wb.commands.base.Failure;
import dev.wb.commands.base.Workspace;
import dev.wb.commands.judge.core.Fitted;
import dev.wb.commands.judge.core.KebabName;
import dev.wb.commands.judge.run.CommandApprovals;
import dev.wb.commands.judge.run.NodeInstall;
import dev.wb.commands.judge.snapshot.JudgeEvents;
import dev.wb.commands.judge.snapshot.JudgeScope;
import dev.wb.commands.judge.snapshot.Snapshot;
import dev.wb.commands.judge.snapshot.Snapshots;
import dev.wb.commands.policy.ReadPolicy;
import dev.wb.engine.EventEnvelope;
import dev.wb.engine.TaskKey;
import dev.wb.git.Backend;
import dev.wb.git.GitException;
import dev.wb.git.GitRepository;
import dev.wb.git.ReviewReads.IndexEntry;
import dev.wb.projections.events.WbEvent;
import dev.wb.projections.events.judge.JudgeReproduced;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;

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
        REPRODUCED,
        NOT_REPRODUCED,
        APPROVAL_MISSING;

        /** The {@code --json} outcome: the constant's name, in kebab case. */
        public String wire() {
            return KebabName.of(this);
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
            return run(
                    new Live(session, live, policy, env), new Subject(request, snapshot, declaration, base), progress);
        } catch (GitException e) {
            throw new Failure(
                    Failure.Kind.NOT_COMPLETED,
                    "git could not read the repository: " + e.getMessage(),
                    List.of("check the repository with: git status"));
        }
    }

    /** The live side of a reproduction: the session, its repository, the read policy and the environment. */
    private record Live(Session session, GitRepository repo, ReadPolicy policy, Map<String, String> env) {}

    /** What is reproduced: the request, its snapshot, the snapshot's declaration and the resolved base. */
    private record Subject(Request request, Snapshot snapshot, MigrationDeclaration declaration, String base) {}

    private static Result run(Live live, Subject subject, Progress progress) {
        Workspace workspace = live.session().workspace();
        MigrationDeclaration declaration = subject.declaration();
        try (ReproduceTree root = ReproduceTree.empty("wb-reproduce-generator-");
                ReproduceTree copy = ReproduceTree.empty("wb-reproduce-base-")) {
            List<IndexEntry> inputs = live.repo().review().treeEntries(declaration.commit()).stream()
                    .filter(entry -> declaration.inputs().contains(entry.path()))
                    .toList();
            root.write(live.repo(), declaration.commit(), inputs, live.policy());
            Map<String, String> childEnv = new HashMap<>(Snapshots.privateEnv(live.env()));
            // wb's name, and the original tools' names, so a generator written for them runs unchanged.
            for (String name : GENERATOR_ROOT_NAMES) {
                childEnv.put(name, root.dir().toString());
            }
            List<String> install = NodeInstall.plan(root.dir(), childEnv).orElse(List.of());
            List<String> commands = declaration.commands(install);
            Optional<String> refusal = approval(workspace, subject.request(), commands);
            if (refusal.isPresent()) {
                return new Result(
                        Outcome.APPROVAL_MISSING,
                        subject.snapshot(),
                        subject.base(),
                        declaration.commit(),
                        commands,
                        List.of(),
                        List.of(),
                        List.of(),
                        List.of(),
                        List.of(),
                        refusal.get(),
                        Optional.empty());
            }
            copy.write(live.repo(), subject.base(), live.repo().review().treeEntries(subject.base()), live.policy());
            ReproduceComparison.Baseline before = ReproduceComparison.Baseline.of(copy, declaration);
            List<CommandResult> results = ReproduceExecution.execute(
                    workspace,
                    new ReproduceExecution.Sandbox(root, copy, childEnv),
                    new ReproduceExecution.Commands(install, commands),
                    progress);
            ReproduceComparison found = ReproduceComparison.of(before, copy, subject.snapshot(), declaration);
            return recorded(live.session(), subject, commands, results, found);
        }
    }

    /** Why the list may not run, when it is not approved (or was declined, or differs from the approved one). */
    private static Optional<String> approval(Workspace workspace, Request request, List<String> commands) {
        try {
            new CommandApprovals(workspace).require(request.key(), commands, request.approvals(), request.terminal());
            return Optional.empty();
        } catch (CommandApprovals.Missing e) {
            StringBuilder list = new StringBuilder();
            for (int i = 0; i < commands.size(); i++) {
                list.append("\n  ").append(i + 1).append(". ").append(commands.get(i));
            }
            return Optional.of("the reproduction's commands " + (e.declined() ? "were declined" : "are not approved")
                    + ", so nothing ran:" + list + "\nto approve them headless, pass: " + e.flags());
        } catch (CommandApprovals.Mismatch e) {
            return Optional.of(e.getMessage());
        }
    }

    /** The verdict of commands that ran, recorded as {@code judge.reproduced}. */
    private static Result recorded(
            Session session,
            Subject subject,
            List<String> commands,
            List<CommandResult> results,
            ReproduceComparison found) {
        String generator = subject.declaration().commit();
        boolean ran = results.stream().allMatch(r -> r.status().equals("passed"));
        boolean passed = ran && found.exact();
        String message = passed
                ? "every declared path reproduced exactly, and nothing else was written"
                : ReproduceReport.message(ran, results, found.mismatched(), found.unchanged(), found.stray());
        EventEnvelope event = JudgeEvents.append(
                session, subject.request().key(), event(subject.snapshot(), subject.base(), generator, passed, found));
        return new Result(
                passed ? Outcome.REPRODUCED : Outcome.NOT_REPRODUCED,
                subject.snapshot(),
                subject.base(),
                generator,
                commands,
                results,
                found.mismatched(),
                found.unchanged(),
                found.stray(),
                found.details(),
                message,
                Optional.of(event));
    }

    static WbEvent event(Snapshot snapshot, String base, String generator, boolean passed, ReproduceComparison found) {
        return Fitted.of(new JudgeReproduced(
                snapshot.id(), base, generator, passed, found.mismatched(), found.unchanged(), found.stray()));
    }
}
