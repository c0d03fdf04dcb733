package dev.wb.projections.catalog;

import com.google.common.collect.ImmutableMap;
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
import java.util.Locale;
import java.util.Map;
import java.util.Optional;

/**
 * The lanes a task's history is shown in, in the order work goes: one vocabulary for {@code wb show}'s
 * stages and the HTML page's timeline. Every type wb writes is named here (a test holds every type of
 * {@link WbEvents#TYPES} to it); a type no lane names, one a newer wb writes, goes to {@link #OTHER}.
 */
public enum Lane {
    PLAN(true),
    SCOPE(true),
    VERIFY(true),
    GIT(true),
    REVIEW(true),
    RUN(false),
    SYNC(false),
    OTHER(false);

    /** The lane of each type wb writes. */
    private static final ImmutableMap<String, Lane> BY_TYPE = byType(Map.of(
            PLAN,
            List.of(
                    TaskCreated.TYPE,
                    PlanAudited.TYPE,
                    PlanRebaselined.TYPE,
                    PlanConfirmed.TYPE,
                    ImportVerdictRecorded.TYPE,
                    CitationsChecked.TYPE),
            SCOPE,
            List.of(ScopeChecked.TYPE),
            VERIFY,
            List.of(
                    VerifyStarted.TYPE,
                    VerifyCommandRan.TYPE,
                    VerifyRegressionRan.TYPE,
                    VerifyFinished.TYPE,
                    ChecksRan.TYPE,
                    FlowValidated.TYPE,
                    PreflightCompleted.TYPE),
            GIT,
            List.of(GitStepRan.TYPE, GitSeriesFinished.TYPE),
            REVIEW,
            List.of(
                    JudgeSnapshotCaptured.TYPE,
                    TaskCommandsApproved.TYPE,
                    JudgeRunStarted.TYPE,
                    JudgeRunFinished.TYPE,
                    JudgeRunRefused.TYPE,
                    JudgeReceiptWritten.TYPE,
                    JudgeRecordRead.TYPE,
                    JudgeRecordVerified.TYPE,
                    JudgeCurrentClassified.TYPE,
                    JudgeReproduced.TYPE,
                    JudgeSnapshotsPruned.TYPE,
                    JudgeAgentsConfigured.TYPE,
                    ReviewGated.TYPE),
            RUN,
            List.of(
                    RunStarted.TYPE,
                    NodeStarted.TYPE,
                    NodeLaunched.TYPE,
                    NodeFinished.TYPE,
                    EdgeTaken.TYPE,
                    RunBudgetExhausted.TYPE,
                    RunParked.TYPE,
                    RunAnswered.TYPE,
                    RunFinished.TYPE,
                    NodeWhen.TYPE,
                    RunDecomposed.TYPE,
                    SubtaskStarted.TYPE,
                    SubtaskFinished.TYPE),
            SYNC,
            List.of(SyncSeen.TYPE, SyncSignaturesChecked.TYPE),
            OTHER,
            List.of(
                    WorkspaceInitialized.TYPE,
                    HooksConfigured.TYPE,
                    McpCalled.TYPE,
                    TaskDone.TYPE,
                    TaskCleaned.TYPE,
                    TaskFetched.TYPE,
                    HandoverWritten.TYPE,
                    PlanRendered.TYPE,
                    CommitChecked.TYPE,
                    PrChecked.TYPE)));

    /** Whether the lane is shown when it holds no event: the five lanes of a task's own work are. */
    private final boolean always;

    Lane(boolean always) {
        this.always = always;
    }

    /** The lane as users read it: {@code plan}, {@code scope}, … */
    public String word() {
        return name().toLowerCase(Locale.ROOT);
    }

    public boolean always() {
        return always;
    }

    /** The lane of an event of this type; {@link #OTHER} for a type this wb does not know. */
    public static Lane of(String type) {
        return BY_TYPE.getOrDefault(type, OTHER);
    }

    /** The lane this wb names for the type, empty for a type it does not know. */
    public static Optional<Lane> named(String type) {
        return Optional.ofNullable(BY_TYPE.get(type));
    }

    private static ImmutableMap<String, Lane> byType(Map<Lane, List<EventType<?>>> types) {
        ImmutableMap.Builder<String, Lane> byType = ImmutableMap.builder();
        types.forEach((lane, list) -> list.forEach(type -> byType.put(type.name(), lane)));
        return byType.buildOrThrow();
    }
}
