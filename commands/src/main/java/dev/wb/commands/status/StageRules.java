package dev.wb.commands.status;

import dev.wb.commands.status.TaskStatus.StageStatus;
import dev.wb.engine.TaskKey;
import dev.wb.projections.status.TaskStages;
import dev.wb.projections.status.TaskStages.Latest;
import dev.wb.projections.status.TaskStages.VerifiedOn;
import java.util.List;
import java.util.Optional;

/**
 * A task's stages from its folded history and the digest of its plan on disk: a pure function, so
 * every rule is a one-line test. A result counts only for the plan it was about: an audit of a plan
 * that has since changed, or a check or run against an earlier audited plan, is pending again.
 */
public final class StageRules {

    private StageRules() {}

    /**
     * The task's status, stage by stage, from its folded events and its plan now.
     *
     * @param plan the digest of {@code .workflow/KEY/sdd.json} now; empty when there is none
     */
    public static TaskStatus of(TaskKey key, TaskStages.State state, Optional<String> plan) {
        return of(key, state, plan, Optional.empty(), TaskFiles.NONE);
    }

    /** The task's status with what its folder holds now (triage, the notes' digests). */
    public static TaskStatus of(TaskKey key, TaskStages.State state, Optional<String> plan, TaskFiles files) {
        return of(key, state, plan, Optional.empty(), files);
    }

    /** The task's status with its live scope and a folder that holds none of the notes. */
    public static TaskStatus of(TaskKey key, TaskStages.State state, Optional<String> plan, Optional<LiveScope> live) {
        return of(key, state, plan, live, TaskFiles.NONE);
    }

    /**
     * The task's status with its scope as the working tree stands now: a deviation now fails the scope
     * stage whatever the latest check recorded, and says so.
     *
     * @param live the live scope, for a task whose gate is open; empty: the recorded check alone
     * @param files what the task's folder holds now: how it was taken in, and the notes' digests
     */
    public static TaskStatus of(
            TaskKey key, TaskStages.State state, Optional<String> plan, Optional<LiveScope> live, TaskFiles files) {
        List<StageStatus> stages = List.of(
                NoteStages.triage(files, plan),
                plan(plan),
                audit(state.audit(), plan),
                live.isPresent()
                        ? scope(state.scope(), state.audit(), live.get())
                        : scope(state.scope(), state.audit()),
                verify(state.verify(), state.audit(), state.verifiedOn()),
                NoteStages.handover(files, state.drafts()),
                NoteStages.commit(files, state.drafts(), state.git()),
                git(state.git()),
                NoteStages.pr(files, state.drafts()));
        TaskStatus status = new TaskStatus(key, stages, Optional.empty(), live);
        return status.current()
                .map(stage -> new TaskStatus(key, stages, Optional.of(nextCommand(key, stage, state.git())), live))
                .orElse(status);
    }

    private static String nextCommand(TaskKey key, StageStatus stage, Latest git) {
        // A failed or refused series is re-run as itself: a failed start is not fixed by a commit.
        if (stage.stage() == Stage.GIT && stage.mark() == Mark.FAIL) {
            String series = git.about().orElse("commit");
            if (series.equals("start")) {
                return "wb git start ".concat(key.value());
            }
            if (series.equals("carry")) {
                return "wb git carry ".concat(key.value()).concat(" --to BRANCH");
            }
        }
        if (stage.stage() == Stage.PR && stage.mark() == Mark.FAIL) {
            return "wb pr check ".concat(key.value());
        }
        return stage.stage().command(key);
    }

    private static StageStatus plan(Optional<String> plan) {
        return plan.isPresent()
                ? new StageStatus(Stage.PLAN, Mark.OK, "sdd.json written")
                : new StageStatus(Stage.PLAN, Mark.PENDING, "no sdd.json yet");
    }

    private static StageStatus audit(Latest audit, Optional<String> plan) {
        String result = audit.result();
        if (result.equals(TaskStages.NONE)) {
            return pending(Stage.AUDIT, "not audited yet");
        }
        if (plan.isEmpty()) {
            return pending(Stage.AUDIT, "no sdd.json to audit");
        }
        boolean same = audit.about().equals(plan);
        if (result.equals("pass")) {
            return same
                    ? new StageStatus(Stage.AUDIT, Mark.OK, "passed")
                    : pending(Stage.AUDIT, "sdd.json changed since its audit");
        }
        if (same && result.equals("refuted")) {
            return new StageStatus(
                    Stage.AUDIT, Mark.FAIL, "another replica's passing audit fails when audited here (refuted)");
        }
        if (same && result.equals("unverifiable")) {
            return pending(Stage.AUDIT, "another replica's passing audit could not be confirmed here");
        }
        return same
                ? new StageStatus(Stage.AUDIT, Mark.FAIL, "the latest audit failed")
                : pending(Stage.AUDIT, "sdd.json changed since its failed audit");
    }

    private static StageStatus scope(Latest scope, Latest audit) {
        String result = scope.result();
        if (result.equals(TaskStages.NONE)) {
            return pending(Stage.SCOPE, "not checked yet");
        }
        if (!scope.about().equals(audit.about())) {
            return pending(Stage.SCOPE, "checked against an earlier plan");
        }
        if (result.equals("pass")) {
            return new StageStatus(Stage.SCOPE, Mark.OK, "every changed path is in an audited plan");
        }
        return new StageStatus(Stage.SCOPE, Mark.FAIL, "deviation: a changed path no audited plan accounts for");
    }

    /** The scope stage with the live scope beside the recorded check. */
    private static StageStatus scope(Latest scope, Latest audit, LiveScope live) {
        StageStatus recorded = scope(scope, audit);
        int outside = live.outside().size();
        if (outside > 0) {
            return new StageStatus(
                    Stage.SCOPE,
                    Mark.FAIL,
                    "live: "
                            .concat(String.valueOf(outside))
                            .concat(outside == 1 ? " changed path" : " changed paths")
                            .concat(" outside every audited plan; ")
                            .concat(lastCheck(scope, audit)));
        }
        if (recorded.mark() == Mark.FAIL) {
            return pending(Stage.SCOPE, "live: nothing outside the plans now; ".concat(lastCheck(scope, audit)));
        }
        return recorded;
    }

    /** What the latest recorded check says, beside a live scope that differs from it. */
    private static String lastCheck(Latest scope, Latest audit) {
        if (scope.result().equals(TaskStages.NONE)) {
            return "not checked yet";
        }
        if (!scope.about().equals(audit.about())) {
            return "last check was against an earlier plan";
        }
        return scope.result().equals("pass") ? "last check passed" : "last check found a deviation";
    }

    private static StageStatus verify(Latest verify, Latest audit, VerifiedOn on) {
        String result = verify.result();
        if (result.equals(TaskStages.NONE)) {
            return pending(Stage.VERIFY, "not run yet");
        }
        if (!verify.about().equals(audit.about())) {
            return pending(Stage.VERIFY, "ran an earlier plan's commands");
        }
        if (result.equals("pass") && on.dirty()) {
            // wb ci check counts only a run on a commit: local and CI give one verdict.
            return pending(
                    Stage.VERIFY,
                    "passed with " + on.uncommitted() + " uncommitted "
                            + (on.uncommitted() == 1 ? "path" : "paths") + " beside commit "
                            + on.commit()
                                    .map(c -> c.substring(0, Math.min(12, c.length())))
                                    .orElse("?")
                            + ", which CI does not count: commit them, then run it again");
        }
        if (result.equals("pass")) {
            return new StageStatus(Stage.VERIFY, Mark.OK, "every command passed");
        }
        if (result.equals("fail")) {
            return new StageStatus(
                    Stage.VERIFY,
                    Mark.FAIL,
                    "a command, a test target or a regression check failed, or one was refused (evidence.md says which)");
        }
        if (result.equals("interrupted")) {
            return pending(Stage.VERIFY, "the latest run was interrupted");
        }
        return pending(Stage.VERIFY, "started, no end recorded: still running, or wb was killed");
    }

    private static StageStatus git(Latest git) {
        String result = git.result();
        String series = git.about().orElse("git");
        if (result.equals(TaskStages.NONE)) {
            return pending(Stage.GIT, "nothing committed yet");
        }
        if (result.equals("ok")) {
            return series.equals("start")
                    ? pending(Stage.GIT, "branch started, nothing committed yet")
                    : new StageStatus(Stage.GIT, Mark.OK, "the ".concat(series).concat(" series ran"));
        }
        return new StageStatus(
                Stage.GIT,
                Mark.FAIL,
                "the ".concat(series).concat(result.equals("refused") ? " series was refused" : " series failed"));
    }

    private static StageStatus pending(Stage stage, String detail) {
        return new StageStatus(stage, Mark.PENDING, detail);
    }
}
