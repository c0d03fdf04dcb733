package dev.wb.projections.events;

import com.google.common.collect.ImmutableList;
import dev.wb.engine.EventSchemas;
import dev.wb.engine.EventSchemas.EventSchema;
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
import dev.wb.projections.events.judge.TaskCommandsApproved;
import java.util.List;
import java.util.stream.Stream;

/**
 * Every event type wb writes, with its current schema version and its upcasters. docs/EVENTS.md
 * documents each one; a test keeps the two in step.
 */
public final class WbEvents {

    // Untyped types, grouped by the family that types them next (issue 15): each family's constants,
    // and its schemas in its own list below, go when its records land.

    // ---- plans, scope, tasks, import ----

    // (typed: PlanAudited, PlanRebaselined, ScopeChecked, TaskCreated, ImportVerdictRecorded)

    // ---- verify, git, checks, preflight, flows ----

    /**
     * {@code wb impl verify} began: the audited plan's commands, which were refused before anything
     * ran (with the reason), the verify_env names (never values), the per-command time limit.
     */
    public static final String VERIFY_STARTED = "verify.started";

    public static final int VERIFY_STARTED_VERSION = 1;

    /** One verify command finished: argv, runner, outcome, exit code, duration, output head/tail and digest. */
    public static final String VERIFY_COMMAND_RAN = "verify.command.ran";

    public static final int VERIFY_COMMAND_RAN_VERSION = 1;

    /** The verify run ended: pass, fail or interrupted, with its counts. */
    public static final String VERIFY_FINISHED = "verify.finished";

    public static final int VERIFY_FINISHED_VERSION = 1;

    /**
     * One step of a {@code wb git} series ran or was refused (with {@code --execute}): the series,
     * the exact argv, the status (ok, failed, refused), exit code, capped output or refusal reason.
     */
    public static final String GIT_STEP_RAN = "git.step.ran";

    public static final int GIT_STEP_RAN_VERSION = 1;

    /** A {@code wb git} series ended: ok, or stopped at a failed or refused step, with what did not run. */
    public static final String GIT_SERIES_FINISHED = "git.series.finished";

    public static final int GIT_SERIES_FINISHED_VERSION = 1;

    /** {@code wb preflight} gave its verdict (workspace stream): every line, secret-free, and the verdict. */
    public static final String PREFLIGHT_COMPLETED = "preflight.completed";

    public static final int PREFLIGHT_COMPLETED_VERSION = 1;

    /** {@code wb validate-flow} checked flows (workspace stream): each flow's violations and warnings. */
    public static final String FLOW_VALIDATED = "flow.validated";

    public static final int FLOW_VALIDATED_VERSION = 1;

    /** {@code wb checks KEY} ran the task's command sets (task stream): what ran, each result, the verdict. */
    public static final String CHECKS_RAN = "checks.ran";

    public static final int CHECKS_RAN_VERSION = 1;

    // ---- the judge ----

    /** Every typed event: the one list docs/EVENTS.md is checked against. */
    public static final List<EventType<?>> TYPES = ImmutableList.<EventType<?>>builder()
            .add(WorkspaceInitialized.TYPE)
            // plans, scope, tasks, import
            .add(PlanAudited.TYPE)
            .add(PlanRebaselined.TYPE)
            .add(ScopeChecked.TYPE)
            .add(TaskCreated.TYPE)
            .add(ImportVerdictRecorded.TYPE)
            // verify, git, checks, preflight, flows
            // the judge
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
            .build();

    private static final List<EventSchema> UNTYPED_OPERATIONS = List.of(
            new EventSchema(VERIFY_STARTED, VERIFY_STARTED_VERSION, List.of()),
            new EventSchema(VERIFY_COMMAND_RAN, VERIFY_COMMAND_RAN_VERSION, List.of()),
            new EventSchema(VERIFY_FINISHED, VERIFY_FINISHED_VERSION, List.of()),
            new EventSchema(GIT_STEP_RAN, GIT_STEP_RAN_VERSION, List.of()),
            new EventSchema(GIT_SERIES_FINISHED, GIT_SERIES_FINISHED_VERSION, List.of()),
            new EventSchema(PREFLIGHT_COMPLETED, PREFLIGHT_COMPLETED_VERSION, List.of()),
            new EventSchema(FLOW_VALIDATED, FLOW_VALIDATED_VERSION, List.of()),
            new EventSchema(CHECKS_RAN, CHECKS_RAN_VERSION, List.of()));

    public static final EventSchemas SCHEMAS =
            EventSchemas.of(Stream.of(TYPES.stream().map(EventType::schema), UNTYPED_OPERATIONS.stream())
                    .flatMap(s -> s)
                    .toList());

    private WbEvents() {}
}
