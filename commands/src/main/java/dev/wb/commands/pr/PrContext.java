package dev.wb.commands.pr;

import dev.wb.commands.EventService;
import dev.wb.commands.Session;
import dev.wb.commands.config.WorkspaceConfig;
import dev.wb.commands.git.Repositories;
import dev.wb.commands.plan.CriticalZones;
import dev.wb.commands.plan.Plan;
import dev.wb.commands.verify.BranchChanges;
import dev.wb.engine.StreamId;
import dev.wb.engine.TaskKey;
import dev.wb.git.GitException;
import dev.wb.git.GitRepository;
import dev.wb.git.LogReads;
import dev.wb.projections.events.PlannedFile;
import dev.wb.projections.events.verify.VerifyStarted;
import dev.wb.projections.verify.Verifications;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;

/**
 * {@code wb pr context KEY [--base REF]}: what a pull request description is written from, assembled
 * from what exists: the branch and its base, the commits the branch adds, the changed files and the
 * critical zones they touch, the shape the change earns, the plan's summary and open questions, and
 * the latest verification as the task's log recorded it (never a file). What is missing is named,
 * never made up. Read-only: it records nothing.
 */
public final class PrContext {

    /**
     * The plan's summary, as {@code wb sdd get KEY --section summary} gives it.
     *
     * @param zones the critical zones the plan names, sorted
     */
    public record Summary(String key, String objective, List<String> files, List<String> zones, String rollback) {}

    /** One command of the latest verify run, and its exit code (-1 when it did not exit). */
    public record Command(String command, int exitCode) {}

    /** The latest verify run: its verdict, each command that ran, and the commands refused before any ran. */
    public record Verification(String verdict, List<Command> commands, List<String> refused) {}

    /**
     * What was assembled.
     *
     * @param branch empty when HEAD is detached
     * @param base the base branch as found; empty when none was
     */
    public record Result(
            TaskKey key,
            Optional<String> branch,
            String base,
            List<LogReads.Commit> commits,
            List<String> changed,
            List<String> zones,
            Shape shape,
            Optional<Summary> plan,
            List<String> questions,
            Optional<Verification> verification) {

        /** What does not exist: {@code plan}, {@code verification}. */
        public List<String> missing() {
            List<String> missing = new ArrayList<>();
            if (plan.isEmpty()) {
                missing.add("plan");
            }
            if (verification.isEmpty()) {
                missing.add("verification");
            }
            return missing;
        }

        /** Whether the branch is its own base, so that its commits read as none. */
        public boolean onBase() {
            return branch.isPresent() && (branch.get().equals(base) || ("origin/" + branch.get()).equals(base));
        }
    }

    private PrContext() {}

    /** Assembles the context; exit 2 when {@code --base} names no commit. */
    public static Result of(Session session, TaskKey key, Optional<String> baseRef) {
        BranchChanges changes = BranchChanges.read(session, baseRef);
        // wb's own files (the plan, the log, the drafts) are not the change a reviewer reads
        List<String> changed = changes.paths().stream()
                .filter(p -> !p.startsWith(".workflow/"))
                .toList();
        CriticalZones zones =
                CriticalZones.with(WorkspaceConfig.load(session.workspace()).criticalZones());
        TaskPlan plan = TaskPlan.of(session, key);
        Optional<Branch> branch = branch(session, changes);
        return new Result(
                key,
                branch.flatMap(Branch::name),
                changes.baseName(),
                branch.map(Branch::commits).orElse(List.of()),
                changed,
                List.copyOf(zones.touched(changed).keySet()),
                Shape.of(changed.size()),
                plan.plan().map(PrContext::summary),
                plan.plan().map(Plan::questions).orElse(List.of()),
                verification(session, key));
    }

    private record Branch(Optional<String> name, List<LogReads.Commit> commits) {}

    private static Optional<Branch> branch(Session session, BranchChanges changes) {
        try (GitRepository git = Repositories.open(session.workspace(), session.env())) {
            Optional<String> head = git.head();
            List<LogReads.Commit> commits =
                    head.isPresent() && changes.mergeBase().isPresent()
                            ? git.log().since(changes.mergeBase().get(), head.get())
                            : List.of();
            return Optional.of(new Branch(git.currentBranch(), commits));
        } catch (GitException e) {
            throw Repositories.failure(e);
        }
    }

    private static Summary summary(Plan plan) {
        return new Summary(
                plan.key(),
                plan.objective(),
                plan.files().stream().map(PlannedFile::path).toList(),
                plan.zones().keySet().stream().sorted().toList(),
                plan.rollback());
    }

    private static Optional<Verification> verification(Session session, TaskKey key) {
        return new EventService(session)
                .read(StreamId.task(key), Verifications.INSTANCE)
                .latest()
                .map(run -> new Verification(
                        run.verdict().wireName(),
                        run.commands().stream()
                                .map(c -> new Command(c.command(), c.exitCode()))
                                .toList(),
                        run.started().refused().stream()
                                .map(VerifyStarted.Refused::command)
                                .toList()));
    }
}
