package dev.wb.projections.catalog;

import com.google.common.collect.ImmutableList;
import dev.wb.engine.EventSchemas;
import dev.wb.projections.events.ChecksRan;
import dev.wb.projections.events.EventType;
import dev.wb.projections.events.FlowValidated;
import dev.wb.projections.events.GitSeriesFinished;
import dev.wb.projections.events.GitStepRan;
import dev.wb.projections.events.HooksConfigured;
import dev.wb.projections.events.ImportVerdictRecorded;
import dev.wb.projections.events.McpCalled;
import dev.wb.projections.events.PlanConfirmed;
import dev.wb.projections.events.PlanRebaselined;
import dev.wb.projections.events.PreflightCompleted;
import dev.wb.projections.events.ScopeChecked;
import dev.wb.projections.events.SyncSeen;
import dev.wb.projections.events.SyncSignaturesChecked;
import dev.wb.projections.events.TaskCleaned;
import dev.wb.projections.events.TaskCreated;
import dev.wb.projections.events.TaskDone;
import dev.wb.projections.events.TaskFetched;
import dev.wb.projections.events.WorkspaceInitialized;
import dev.wb.projections.events.audit.CitationsChecked;
import dev.wb.projections.events.audit.PlanAudited;
import dev.wb.projections.events.draft.CommitChecked;
import dev.wb.projections.events.draft.HandoverWritten;
import dev.wb.projections.events.draft.PlanRendered;
import dev.wb.projections.events.draft.PrChecked;
import dev.wb.projections.events.judge.JudgeAgentsConfigured;
import dev.wb.projections.events.judge.JudgeCurrentClassified;
import dev.wb.projections.events.judge.JudgeReceiptWritten;
import dev.wb.projections.events.judge.JudgeRecordRead;
import dev.wb.projections.events.judge.JudgeRecordVerified;
import dev.wb.projections.events.judge.JudgeReproduced;
import dev.wb.projections.events.judge.JudgeRunFinished;
import dev.wb.projections.events.judge.JudgeRunRefused;
import dev.wb.projections.events.judge.JudgeRunStarted;
import dev.wb.projections.events.judge.JudgeSnapshotCaptured;
import dev.wb.projections.events.judge.JudgeSnapshotsPruned;
import dev.wb.projections.events.judge.ReviewGated;
import dev.wb.projections.events.judge.TaskCommandsApproved;
import dev.wb.projections.events.run.EdgeTaken;
import dev.wb.projections.events.run.NodeFinished;
import dev.wb.projections.events.run.NodeLaunched;
import dev.wb.projections.events.run.NodeStarted;
import dev.wb.projections.events.run.NodeWhen;
import dev.wb.projections.events.run.RunAnswered;
import dev.wb.projections.events.run.RunBudgetExhausted;
import dev.wb.projections.events.run.RunDecomposed;
import dev.wb.projections.events.run.RunFinished;
import dev.wb.projections.events.run.RunParked;
import dev.wb.projections.events.run.RunStarted;
import dev.wb.projections.events.run.SubtaskFinished;
import dev.wb.projections.events.run.SubtaskStarted;
import dev.wb.projections.events.verify.VerifyCommandRan;
import dev.wb.projections.events.verify.VerifyFinished;
import dev.wb.projections.events.verify.VerifyRegressionRan;
import dev.wb.projections.events.verify.VerifyStarted;
import java.util.List;

/**
 * Every event type wb writes, with its current schema version and its upcasters. docs/EVENTS.md
 * documents each one; a test keeps the two in step.
 */
public final class WbEvents {

    /** Every typed event: the one list docs/EVENTS.md is checked against. */
    public static final List<EventType<?>> TYPES = ImmutableList.<EventType<?>>builder()
            .add(WorkspaceInitialized.TYPE)
            .add(PlanAudited.TYPE)
            .add(PlanRebaselined.TYPE)
            .add(CitationsChecked.TYPE)
            .add(ReviewGated.TYPE)
            .add(ScopeChecked.TYPE)
            .add(TaskCreated.TYPE)
            .add(ImportVerdictRecorded.TYPE)
            .add(VerifyStarted.TYPE)
            .add(VerifyCommandRan.TYPE)
            .add(VerifyFinished.TYPE)
            .add(GitStepRan.TYPE)
            .add(GitSeriesFinished.TYPE)
            .add(PreflightCompleted.TYPE)
            .add(FlowValidated.TYPE)
            .add(ChecksRan.TYPE)
            .add(JudgeSnapshotCaptured.TYPE)
            .add(TaskCommandsApproved.TYPE)
            .add(JudgeRunStarted.TYPE)
            .add(JudgeRunFinished.TYPE)
            .add(JudgeRunRefused.TYPE)
            .add(JudgeReceiptWritten.TYPE)
            .add(JudgeRecordRead.TYPE)
            .add(JudgeRecordVerified.TYPE)
            .add(JudgeCurrentClassified.TYPE)
            .add(JudgeReproduced.TYPE)
            .add(JudgeSnapshotsPruned.TYPE)
            .add(JudgeAgentsConfigured.TYPE)
            .add(SyncSeen.TYPE)
            .add(SyncSignaturesChecked.TYPE)
            .add(HooksConfigured.TYPE)
            .add(RunStarted.TYPE)
            .add(NodeStarted.TYPE)
            .add(NodeLaunched.TYPE)
            .add(NodeFinished.TYPE)
            .add(EdgeTaken.TYPE)
            .add(RunBudgetExhausted.TYPE)
            .add(RunParked.TYPE)
            .add(RunAnswered.TYPE)
            .add(RunFinished.TYPE)
            .add(NodeWhen.TYPE)
            .add(RunDecomposed.TYPE)
            .add(SubtaskStarted.TYPE)
            .add(SubtaskFinished.TYPE)
            .add(VerifyRegressionRan.TYPE)
            .add(TaskDone.TYPE)
            .add(TaskCleaned.TYPE)
            .add(TaskFetched.TYPE)
            .add(PlanConfirmed.TYPE)
            .add(CommitChecked.TYPE)
            .add(PrChecked.TYPE)
            .add(McpCalled.TYPE)
            .add(HandoverWritten.TYPE)
            .add(PlanRendered.TYPE)
            .build();

    public static final EventSchemas SCHEMAS =
            EventSchemas.of(TYPES.stream().map(EventType::schema).toList());

    private WbEvents() {}
}
