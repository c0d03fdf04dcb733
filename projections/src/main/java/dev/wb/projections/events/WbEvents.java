package dev.wb.projections.events;

import com.google.common.collect.ImmutableList;
import dev.wb.engine.EventSchemas;
import dev.wb.engine.EventSchemas.EventSchema;
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

    /**
     * {@code wb sdd audit} ran: the verdict, the tier, the mode (first, under way, rebaseline), the
     * baseline it was anchored to, every citation and file finding (passing ones too), the structure
     * problems, the plan's files, and the digest of the canonical plan that was audited.
     */
    public static final String PLAN_AUDITED = "plan.audited";

    public static final int PLAN_AUDITED_VERSION = 1;

    /** A passing {@code --rebaseline} audit moved the plan's anchor to the commit it ran against. */
    public static final String PLAN_REBASELINED = "plan.rebaselined";

    public static final int PLAN_REBASELINED_VERSION = 1;

    /** {@code wb impl check} compared the changed paths with the plans: each path's status, the verdict. */
    public static final String SCOPE_CHECKED = "scope.checked";

    public static final int SCOPE_CHECKED_VERSION = 1;

    /** {@code wb task new} wrote the skeleton of a task's capsule and plan: the files it wrote. */
    public static final String TASK_CREATED = "task.created";

    public static final int TASK_CREATED_VERSION = 1;

    /**
     * {@code wb import} brought in a verdict one of the original tools wrote (the workbench's audit.json,
     * evidence.json or git.log.json, a judge's review record): its file, digest and verdict as written,
     * never verified. No gate or stage reads it: wb re-runs the check to count it.
     */
    public static final String IMPORT_VERDICT_RECORDED = "import.verdict.recorded";

    public static final int IMPORT_VERDICT_RECORDED_VERSION = 1;

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

    /**
     * {@code wb judge snapshot} captured an immutable review boundary: its id, format, base (full
     * commit id and the ref as typed), the scope block's digests, the changed and excluded paths,
     * the included tasks, whether an empty boundary was authorised, and the parent of a catch-up.
     */
    public static final String JUDGE_SNAPSHOT_CAPTURED = "judge.snapshot.captured";

    public static final int JUDGE_SNAPSHOT_CAPTURED_VERSION = 1;

    /** {@code wb task approve-commands} stored a task-bound approval of the declared validation list. */
    public static final String TASK_COMMANDS_APPROVED = "task.commands.approved";

    public static final int TASK_COMMANDS_APPROVED_VERSION = 1;

    /** {@code wb judge run} took the lock and began: snapshot, mode, the commands and how they were approved. */
    public static final String JUDGE_RUN_STARTED = "judge.run.started";

    public static final int JUDGE_RUN_STARTED_VERSION = 1;

    /** {@code wb judge run} ended: its outcome, each command's status, the changed paths, the receipt digest. */
    public static final String JUDGE_RUN_FINISHED = "judge.run.finished";

    public static final int JUDGE_RUN_FINISHED_VERSION = 1;

    /** {@code wb judge run} ran nothing: approval missing, lock busy or the tree no longer the snapshot's. */
    public static final String JUDGE_RUN_REFUSED = "judge.run.refused";

    public static final int JUDGE_RUN_REFUSED_VERSION = 1;

    /** A validation receipt was written: its path, SHA-256 digest, mode and whether it passed. */
    public static final String JUDGE_RECEIPT_WRITTEN = "judge.receipt.written";

    public static final int JUDGE_RECEIPT_WRITTEN_VERSION = 1;

    /**
     * wb read a review record (verify, current, rounds, a catch-up): its file, content digest, schema
     * version, verdict, instant, scope digest, independence and category. Appended once per content
     * digest and task, so reading a record again adds nothing: rounds and stats come from these.
     */
    public static final String JUDGE_RECORD_READ = "judge.record.read";

    public static final int JUDGE_RECORD_READ_VERSION = 1;

    /** {@code wb judge verify} checked a record: valid, approved, the reasons and notices, the evidence mode. */
    public static final String JUDGE_RECORD_VERIFIED = "judge.record.verified";

    public static final int JUDGE_RECORD_VERIFIED_VERSION = 1;

    /** {@code wb judge current} classified a verified record against the live workspace. */
    public static final String JUDGE_CURRENT_CLASSIFIED = "judge.current.classified";

    public static final int JUDGE_CURRENT_CLASSIFIED_VERSION = 1;

    /** {@code wb judge reproduce} ran a declared generator from the base and compared its paths. */
    public static final String JUDGE_REPRODUCED = "judge.reproduced";

    public static final int JUDGE_REPRODUCED_VERSION = 1;

    /** {@code wb judge prune --force} deleted snapshots (workspace stream): which, and which it kept. */
    public static final String JUDGE_SNAPSHOTS_PRUNED = "judge.snapshots.pruned";

    public static final int JUDGE_SNAPSHOTS_PRUNED_VERSION = 1;

    /** {@code wb judge enable|disable} changed the judge setting and its agent files (workspace stream). */
    public static final String JUDGE_AGENTS_CONFIGURED = "judge.agents.configured";

    public static final int JUDGE_AGENTS_CONFIGURED_VERSION = 1;

    /** Every typed event: the one list docs/EVENTS.md is checked against. */
    public static final List<EventType<?>> TYPES = ImmutableList.<EventType<?>>builder()
            .add(WorkspaceInitialized.TYPE)
            // plans, scope, tasks, import
            // verify, git, checks, preflight, flows
            // the judge
            .build();

    private static final List<EventSchema> UNTYPED_PLAN = List.of(
            new EventSchema(PLAN_AUDITED, PLAN_AUDITED_VERSION, List.of()),
            new EventSchema(PLAN_REBASELINED, PLAN_REBASELINED_VERSION, List.of()),
            new EventSchema(SCOPE_CHECKED, SCOPE_CHECKED_VERSION, List.of()),
            new EventSchema(TASK_CREATED, TASK_CREATED_VERSION, List.of()),
            new EventSchema(IMPORT_VERDICT_RECORDED, IMPORT_VERDICT_RECORDED_VERSION, List.of()));

    private static final List<EventSchema> UNTYPED_OPERATIONS = List.of(
            new EventSchema(VERIFY_STARTED, VERIFY_STARTED_VERSION, List.of()),
            new EventSchema(VERIFY_COMMAND_RAN, VERIFY_COMMAND_RAN_VERSION, List.of()),
            new EventSchema(VERIFY_FINISHED, VERIFY_FINISHED_VERSION, List.of()),
            new EventSchema(GIT_STEP_RAN, GIT_STEP_RAN_VERSION, List.of()),
            new EventSchema(GIT_SERIES_FINISHED, GIT_SERIES_FINISHED_VERSION, List.of()),
            new EventSchema(PREFLIGHT_COMPLETED, PREFLIGHT_COMPLETED_VERSION, List.of()),
            new EventSchema(FLOW_VALIDATED, FLOW_VALIDATED_VERSION, List.of()),
            new EventSchema(CHECKS_RAN, CHECKS_RAN_VERSION, List.of()));

    private static final List<EventSchema> UNTYPED_JUDGE = List.of(
            new EventSchema(JUDGE_SNAPSHOT_CAPTURED, JUDGE_SNAPSHOT_CAPTURED_VERSION, List.of()),
            new EventSchema(TASK_COMMANDS_APPROVED, TASK_COMMANDS_APPROVED_VERSION, List.of()),
            new EventSchema(JUDGE_RUN_STARTED, JUDGE_RUN_STARTED_VERSION, List.of()),
            new EventSchema(JUDGE_RUN_FINISHED, JUDGE_RUN_FINISHED_VERSION, List.of()),
            new EventSchema(JUDGE_RUN_REFUSED, JUDGE_RUN_REFUSED_VERSION, List.of()),
            new EventSchema(JUDGE_RECEIPT_WRITTEN, JUDGE_RECEIPT_WRITTEN_VERSION, List.of()),
            new EventSchema(JUDGE_RECORD_READ, JUDGE_RECORD_READ_VERSION, List.of()),
            new EventSchema(JUDGE_RECORD_VERIFIED, JUDGE_RECORD_VERIFIED_VERSION, List.of()),
            new EventSchema(JUDGE_CURRENT_CLASSIFIED, JUDGE_CURRENT_CLASSIFIED_VERSION, List.of()),
            new EventSchema(JUDGE_REPRODUCED, JUDGE_REPRODUCED_VERSION, List.of()),
            new EventSchema(JUDGE_SNAPSHOTS_PRUNED, JUDGE_SNAPSHOTS_PRUNED_VERSION, List.of()),
            new EventSchema(JUDGE_AGENTS_CONFIGURED, JUDGE_AGENTS_CONFIGURED_VERSION, List.of()));

    public static final EventSchemas SCHEMAS = EventSchemas.of(Stream.of(
                    TYPES.stream().map(EventType::schema),
                    UNTYPED_PLAN.stream(),
                    UNTYPED_OPERATIONS.stream(),
                    UNTYPED_JUDGE.stream())
            .flatMap(s -> s)
            .toList());

    private WbEvents() {}
}
