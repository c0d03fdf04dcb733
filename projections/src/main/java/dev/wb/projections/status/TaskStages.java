package dev.wb.projections.status;

import com.fasterxml.jackson.databind.JsonNode;
import dev.wb.engine.EventEnvelope;
import dev.wb.projections.Projection;
import dev.wb.projections.events.ChecksRan;
import dev.wb.projections.events.FlowValidated;
import dev.wb.projections.events.GitSeriesFinished;
import dev.wb.projections.events.GitStepRan;
import dev.wb.projections.events.PlanConfirmed;
import dev.wb.projections.events.PreflightCompleted;
import dev.wb.projections.events.ScopeChecked;
import dev.wb.projections.events.Verdict;
import dev.wb.projections.events.audit.PlanAudited;
import dev.wb.projections.events.draft.CommitChecked;
import dev.wb.projections.events.draft.HandoverWritten;
import dev.wb.projections.events.draft.PrChecked;
import dev.wb.projections.events.judge.JudgeRecordRead;
import dev.wb.projections.events.run.NodeFinished;
import dev.wb.projections.events.run.RunAnswered;
import dev.wb.projections.events.run.RunFinished;
import dev.wb.projections.events.run.RunParked;
import dev.wb.projections.events.run.RunStarted;
import dev.wb.projections.events.verify.VerifyCommandRan;
import dev.wb.projections.events.verify.VerifyFinished;
import dev.wb.projections.events.verify.VerifyStarted;
import dev.wb.projections.verify.Verifications;
import java.util.Optional;

/**
 * Where a task stands, stage by stage, and what its history adds up to: the latest audit, scope
 * check, verify run and git series, and the counters {@code wb status --stats} sums over the
 * workspace. Small on purpose: it is checkpointed for every stream, so a status of a thousand tasks
 * reads one file instead of a million events. The plan stage is not here: it is a file on disk,
 * which a fold may not read; {@code wb status} looks at it.
 */
public final class TaskStages implements Projection<TaskStages.State> {

    public static final TaskStages INSTANCE = new TaskStages();

    public static final String NONE = "none";

    /**
     * The latest result of one stage.
     *
     * @param result audit: none, pass, fail; scope: none, pass, deviation; verify: none, pass, fail,
     *     interrupted, incomplete (started, no end recorded); git: none, ok, failed, refused
     * @param about the plan digest the audit, check or run was for; for git, the series
     */
    public record Latest(String result, Optional<String> about) {
        public static final Latest NEVER = new Latest(NONE, Optional.empty());

        static Latest of(String result, String about) {
            return new Latest(result, about.isEmpty() ? Optional.empty() : Optional.of(about));
        }
    }

    /**
     * Where the latest verify run started: HEAD's commit and how many paths beside it were uncommitted
     * (wb's own files left out); {@link #UNKNOWN} when the run did not record it or there was none.
     */
    public record VerifiedOn(Optional<String> commit, int uncommitted) {
        public static final VerifiedOn UNKNOWN = new VerifiedOn(Optional.empty(), 0);

        /** Whether the run started with changes no commit holds: CI does not count such a run. */
        public boolean dirty() {
            return uncommitted > 0;
        }
    }

    public record State(
            Latest audit,
            Latest scope,
            Latest verify,
            Latest git,
            StageCounters counters,
            ReviewRounds reviews,
            Operations operations,
            RunTotals runs,
            VerifiedOn verifiedOn,
            Drafts drafts) {
        public static final State EMPTY = new State(
                Latest.NEVER,
                Latest.NEVER,
                Latest.NEVER,
                Latest.NEVER,
                StageCounters.EMPTY,
                ReviewRounds.NONE,
                Operations.NONE,
                RunTotals.NONE,
                VerifiedOn.UNKNOWN,
                Drafts.NONE);

        /** The state with another latest audit. */
        State withAudit(Latest next) {
            return new State(next, scope, verify, git, counters, reviews, operations, runs, verifiedOn, drafts);
        }

        /** The state with another latest scope check. */
        State withScope(Latest next) {
            return new State(audit, next, verify, git, counters, reviews, operations, runs, verifiedOn, drafts);
        }

        /** The state with another latest verify run, started on {@code on}. */
        State withVerify(Latest next, VerifiedOn on) {
            return new State(audit, scope, next, git, counters, reviews, operations, runs, on, drafts);
        }

        /** The state with another latest git series. */
        State withGit(Latest next) {
            return new State(audit, scope, verify, next, counters, reviews, operations, runs, verifiedOn, drafts);
        }

        /** The state with other stage counters. */
        State with(StageCounters next) {
            return new State(audit, scope, verify, git, next, reviews, operations, runs, verifiedOn, drafts);
        }

        /** The state with other review rounds. */
        State with(ReviewRounds next) {
            return new State(audit, scope, verify, git, counters, next, operations, runs, verifiedOn, drafts);
        }

        /** The state with other operations counters. */
        State with(Operations next) {
            return new State(audit, scope, verify, git, counters, reviews, next, runs, verifiedOn, drafts);
        }

        /** The state with other run totals. */
        State with(RunTotals next) {
            return new State(audit, scope, verify, git, counters, reviews, operations, next, verifiedOn, drafts);
        }

        /** The state with other drafts. */
        State with(Drafts next) {
            return new State(audit, scope, verify, git, counters, reviews, operations, runs, verifiedOn, next);
        }
    }

    private TaskStages() {}

    @Override
    public String name() {
        return "stages";
    }

    @Override
    public int version() {
        // 2: review rounds (judge.record.read); 3: operations (preflight, flows, checks); 4: runs;
        // 5: a passing audit that plan.confirmed refutes, or cannot confirm, is not shown as passed;
        // 6: the commit the latest verify run started on, and its uncommitted paths;
        // 7: the notes' digests and checks (handover.written, commit.checked, pr.checked)
        return 7;
    }

    @Override
    public State initialState() {
        return State.EMPTY;
    }

    @Override
    public State evolve(State s, EventEnvelope event) {
        if (PlanAudited.TYPE.matches(event) || PlanConfirmed.TYPE.matches(event) || ScopeChecked.TYPE.matches(event)) {
            return plan(s, event);
        }
        if (VerifyStarted.TYPE.matches(event)
                || VerifyCommandRan.TYPE.matches(event)
                || VerifyFinished.TYPE.matches(event)) {
            return verify(s, event);
        }
        if (GitStepRan.TYPE.matches(event)) {
            return s.with(s.counters().withGitStep(GitStepRan.readStages(event).status()));
        }
        if (GitSeriesFinished.TYPE.matches(event)) {
            GitSeriesFinished series = GitSeriesFinished.readStages(event);
            return s.withGit(
                    Latest.of(series.status().wireName(), series.series().wireName()));
        }
        if (JudgeRecordRead.TYPE.matches(event)) {
            return s.with(s.reviews().withRecord(JudgeRecordRead.TYPE.read(event))); // small; criteria are an object
        }
        if (HandoverWritten.TYPE.matches(event)) {
            return s.with(
                    s.drafts().withHandover(HandoverWritten.TYPE.read(event).sha256()));
        }
        if (CommitChecked.TYPE.matches(event)) {
            return s.with(s.drafts().withCommitChecked(CommitChecked.TYPE.read(event)));
        }
        if (PrChecked.TYPE.matches(event)) {
            return s.with(s.drafts().withPrChecked(PrChecked.TYPE.read(event)));
        }
        if (PreflightCompleted.TYPE.matches(event)) {
            return s.with(s.operations().withPreflight(PreflightCompleted.readStages(event), event));
        }
        if (FlowValidated.TYPE.matches(event)) {
            return s.with(s.operations().withFlowValidation(FlowValidated.readStages(event)));
        }
        if (ChecksRan.TYPE.matches(event)) {
            return s.with(s.operations().withChecks(ChecksRan.readStages(event)));
        }
        return runs(s, event);
    }

    /** The plan's stages: its latest audit (which a refuting confirmation overrules) and scope check. */
    private static State plan(State s, EventEnvelope event) {
        if (PlanAudited.TYPE.matches(event)) {
            PlanAudited.Outline audited = PlanAudited.outline(event);
            return s.withAudit(Latest.of(audited.verdict().wireName(), audited.planDigest()))
                    .with(s.counters().withCitations(audited.citationVerdicts()));
        }
        if (PlanConfirmed.TYPE.matches(event)) {
            PlanConfirmed confirmed = PlanConfirmed.TYPE.read(event);
            // Another replica's passing audit of this plan that did not hold here is no pass.
            if (confirmed.outcome() == PlanConfirmed.Outcome.CONFIRMED
                    || !s.audit().result().equals(Verdict.PASS.wireName())
                    || !s.audit().about().equals(Optional.of(confirmed.planDigest()))) {
                return s;
            }
            return s.withAudit(Latest.of(confirmed.outcome().wireName(), confirmed.planDigest()));
        }
        ScopeChecked.Outline checked = ScopeChecked.outline(event);
        return s.withScope(Latest.of(checked.verdict().wireName(), checked.planDigest()));
    }

    /** The latest verify run: incomplete from its start until its end is recorded, and its commands' counts. */
    private static State verify(State s, EventEnvelope event) {
        if (VerifyStarted.TYPE.matches(event)) {
            // Incomplete until its end is recorded: a run cut short by a killed wb is never a pass.
            VerifyStarted started = VerifyStarted.readStages(event);
            VerifiedOn on = started.worktree()
                    .map(w -> new VerifiedOn(Optional.of(w.commit()), w.uncommitted()))
                    .orElse(VerifiedOn.UNKNOWN);
            return s.withVerify(Latest.of(Verifications.INCOMPLETE.wireName(), started.planDigest()), on)
                    .with(s.counters().withRefusals(started));
        }
        if (VerifyCommandRan.TYPE.matches(event)) {
            return s.with(s.counters().withCommandRan(VerifyCommandRan.readStages(event)));
        }
        if (s.verify().result().equals(NONE)) {
            return s;
        }
        String verdict = VerifyFinished.readStages(event).verdict().wireName();
        return s.withVerify(new Latest(verdict, s.verify().about()), s.verifiedOn());
    }

    /** The run totals: the run's state as it goes, its nodes' and its end. */
    private static State runs(State s, EventEnvelope event) {
        if (RunStarted.TYPE.matches(event) || RunAnswered.TYPE.matches(event)) {
            return s.with(s.runs().withActive(RunTotals.RUNNING));
        }
        if (RunParked.TYPE.matches(event)) {
            return s.with(s.runs().withActive(RunTotals.PARKED));
        }
        if (NodeFinished.TYPE.matches(event)) {
            return s.with(s.runs().withNode(NodeFinished.TYPE.read(event)));
        }
        if (RunFinished.TYPE.matches(event)) {
            return s.with(s.runs().withFinished(RunFinished.TYPE.read(event).status()));
        }
        return s;
    }

    @Override
    public JsonNode toJson(State state) {
        return StagesJson.write(state);
    }

    @Override
    public State fromJson(JsonNode json) {
        try {
            return StagesJson.read(json);
        } catch (RuntimeException e) {
            throw new IllegalArgumentException("not a stages state: " + e.getMessage(), e);
        }
    }
}
