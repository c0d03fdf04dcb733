package dev.wb.commands.status;

import static org.junit.jupiter.api.Assertions.assertEquals;

import dev.wb.commands.status.TaskStatus.StageStatus;
import dev.wb.engine.TaskKey;
import dev.wb.projections.status.Drafts;
import dev.wb.projections.status.Operations;
import dev.wb.projections.status.ReviewRounds;
import dev.wb.projections.status.RunTotals;
import dev.wb.projections.status.StageCounters;
import dev.wb.projections.status.TaskStages.Latest;
import dev.wb.projections.status.TaskStages.State;
import dev.wb.projections.status.TaskStages.VerifiedOn;
import java.util.List;
import java.util.Optional;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

/** Each stage's mark from the folded history and the plan on disk, and the next command. */
class StageRulesTest {

    static final TaskKey KEY = new TaskKey("ABC-1");
    static final String A = "sha256:" + "a".repeat(64);
    static final String B = "sha256:" + "b".repeat(64);

    static Latest latest(String result, String about) {
        return new Latest(result, Optional.ofNullable(about));
    }

    static final Latest NEVER = Latest.NEVER;
    static final Latest AUDITED_A = latest("pass", A);
    static final Latest CHECKED_A = latest("pass", A);
    static final Latest VERIFIED_A = latest("pass", A);
    static final Latest COMMITTED = latest("ok", "commit");

    static State state(Latest audit, Latest scope, Latest verify, Latest git) {
        return state(audit, scope, verify, git, VerifiedOn.UNKNOWN);
    }

    static State state(Latest audit, Latest scope, Latest verify, Latest git, VerifiedOn on) {
        return new State(
                audit,
                scope,
                verify,
                git,
                StageCounters.EMPTY,
                ReviewRounds.NONE,
                Operations.NONE,
                RunTotals.NONE,
                on,
                Drafts.NONE);
    }

    static TaskStatus status(State state, String plan) {
        return StageRules.of(KEY, state, Optional.ofNullable(plan));
    }

    /** The marks of the stages the log alone decides: plan, audit, scope, verify, git. */
    static String marks(TaskStatus status) {
        return String.join(
                " ",
                status.stages().stream()
                        .filter(s -> LOGGED.contains(s.stage()))
                        .map(s -> s.mark().word())
                        .toList());
    }

    static final List<Stage> LOGGED = List.of(Stage.PLAN, Stage.AUDIT, Stage.SCOPE, Stage.VERIFY, Stage.GIT);

    @Test
    void a_task_without_a_plan_or_a_ticket_starts_at_triage() {
        TaskStatus status = status(State.EMPTY, null);

        assertEquals("pending pending pending pending pending", marks(status));
        assertEquals(Optional.of("wb task get ABC-1"), status.next());
        assertEquals(Stage.TRIAGE, status.current().orElseThrow().stage());
    }

    @Test
    void a_written_plan_waits_for_its_audit() {
        TaskStatus status = status(State.EMPTY, A);

        assertEquals("ok pending pending pending pending", marks(status));
        assertEquals(Optional.of("wb sdd audit ABC-1"), status.next());
    }

    @Test
    void a_committed_task_waits_for_its_pr_description() {
        TaskStatus status = status(state(AUDITED_A, CHECKED_A, VERIFIED_A, COMMITTED), A);

        assertEquals("ok ok ok ok ok", marks(status));
        assertEquals(Optional.of("wb pr context ABC-1"), status.next());
        assertEquals(Stage.PR, status.current().orElseThrow().stage());
    }

    @Test
    void a_verify_pass_on_uncommitted_changes_is_pending_as_ci_does_not_count_it() {
        String commit = "c".repeat(40);
        TaskStatus dirty =
                status(state(AUDITED_A, CHECKED_A, VERIFIED_A, COMMITTED, new VerifiedOn(Optional.of(commit), 4)), A);
        TaskStatus clean =
                status(state(AUDITED_A, CHECKED_A, VERIFIED_A, COMMITTED, new VerifiedOn(Optional.of(commit), 0)), A);

        assertEquals("ok ok ok pending ok", marks(dirty));
        assertEquals(
                "passed with 4 uncommitted paths beside commit cccccccccccc, which CI does not count:"
                        + " commit them, then run it again",
                dirty.stage(Stage.VERIFY).detail());
        assertEquals(Optional.of("wb impl verify ABC-1"), dirty.next());
        assertEquals("ok ok ok ok ok", marks(clean));
    }

    @Test
    void an_audit_holds_only_while_sdd_json_is_the_plan_it_audited() {
        TaskStatus status = status(state(AUDITED_A, CHECKED_A, VERIFIED_A, COMMITTED), B);

        assertEquals(
                new StageStatus(Stage.AUDIT, Mark.PENDING, "sdd.json changed since its audit"),
                status.stage(Stage.AUDIT));
        assertEquals(Optional.of("wb sdd audit ABC-1"), status.next());
    }

    @Test
    void a_deleted_plan_sends_the_task_back_to_its_plan() {
        TaskStatus status = status(state(AUDITED_A, CHECKED_A, VERIFIED_A, COMMITTED), null);

        assertEquals("pending pending ok ok ok", marks(status));
        assertEquals(Stage.PLAN, status.stages().get(1).stage());
        assertEquals(Optional.of("wb task get ABC-1"), status.next());
    }

    /** Rows: audit, scope, verify, git (result:about), the marks, the next command. */
    @ParameterizedTest(name = "{4}")
    @CsvSource(
            delimiter = '|',
            value = {
                "fail:A      | none:      | none:     | none:       | ok fail pending pending pending | wb sdd audit ABC-1",
                "fail:B      | none:      | none:     | none:       | ok pending pending pending pending | wb sdd audit ABC-1",
                "pass:A      | none:      | none:     | none:       | ok ok pending pending pending | wb impl check ABC-1",
                "pass:A      | deviation:A | none:    | none:       | ok ok fail pending pending | wb impl check ABC-1",
                "pass:A      | pass:B     | none:     | none:       | ok ok pending pending pending | wb impl check ABC-1",
                "pass:A      | pass:A     | none:     | none:       | ok ok ok pending pending | wb impl verify ABC-1",
                "pass:A      | pass:A     | fail:A    | none:       | ok ok ok fail pending | wb impl verify ABC-1",
                "pass:A      | pass:A     | interrupted:A | none:   | ok ok ok pending pending | wb impl verify ABC-1",
                "pass:A      | pass:A     | incomplete:A | none:    | ok ok ok pending pending | wb impl verify ABC-1",
                "pass:A      | pass:A     | pass:B    | none:       | ok ok ok pending pending | wb impl verify ABC-1",
                "pass:A      | pass:A     | pass:A    | none:       | ok ok ok ok pending | wb commit check ABC-1",
                "pass:A      | pass:A     | pass:A    | ok:start    | ok ok ok ok pending | wb commit check ABC-1",
                "pass:A      | pass:A     | pass:A    | failed:start | ok ok ok ok fail | wb git start ABC-1",
                "pass:A      | pass:A     | pass:A    | refused:commit | ok ok ok ok fail | wb git commit ABC-1",
                "pass:A      | pass:A     | pass:A    | failed:carry | ok ok ok ok fail | wb git carry ABC-1 --to BRANCH",
                "pass:A      | pass:A     | pass:A    | ok:carry    | ok ok ok ok ok | wb pr context ABC-1",
            })
    void each_stage_is_marked_from_its_latest_result_and_the_first_not_ok_names_the_next_command(
            String audit, String scope, String verify, String git, String marks, String next) {
        TaskStatus status = status(state(parse(audit), parse(scope), parse(verify), parse(git)), A);

        assertEquals(marks, marks(status));
        assertEquals(next.isEmpty() ? Optional.empty() : Optional.of(next), status.next());
    }

    /** {@code result:about}, where about A and B stand for two plan digests. */
    static Latest parse(String cell) {
        String[] parts = cell.split(":", -1);
        String about = parts[1].isEmpty() ? null : parts[1].equals("A") ? A : parts[1].equals("B") ? B : parts[1];
        return latest(parts[0], about);
    }

    @Test
    void the_stages_come_in_the_order_the_work_goes_through_them() {
        assertEquals(
                List.of(
                        Stage.TRIAGE,
                        Stage.PLAN,
                        Stage.AUDIT,
                        Stage.SCOPE,
                        Stage.VERIFY,
                        Stage.HANDOVER,
                        Stage.COMMIT,
                        Stage.GIT,
                        Stage.PR),
                status(State.EMPTY, A).stages().stream().map(StageStatus::stage).toList());
    }

    @Test
    void a_tree_that_deviates_now_fails_the_scope_though_the_last_check_passed() {
        TaskStatus status = StageRules.of(
                KEY,
                state(AUDITED_A, CHECKED_A, VERIFIED_A, COMMITTED),
                Optional.of(A),
                Optional.of(new LiveScope(List.of("lib/stray.py", "src/x.py"))));

        StageStatus scope = status.stage(Stage.SCOPE);
        assertEquals(Mark.FAIL, scope.mark());
        assertEquals("live: 2 changed paths outside every audited plan; last check passed", scope.detail());
        assertEquals(Optional.of("wb impl check ABC-1"), status.next());
    }

    @Test
    void a_tree_clean_again_after_a_failed_check_is_pending_until_a_check_records_it() {
        TaskStatus status = StageRules.of(
                KEY,
                state(AUDITED_A, latest("deviation", A), NEVER, NEVER),
                Optional.of(A),
                Optional.of(new LiveScope(List.of())));

        StageStatus scope = status.stage(Stage.SCOPE);
        assertEquals(Mark.PENDING, scope.mark());
        assertEquals("live: nothing outside the plans now; last check found a deviation", scope.detail());
    }

    @Test
    void a_clean_tree_keeps_the_recorded_mark() {
        TaskStatus checked = StageRules.of(
                KEY, state(AUDITED_A, CHECKED_A, NEVER, NEVER), Optional.of(A), Optional.of(new LiveScope(List.of())));
        TaskStatus unchecked = StageRules.of(
                KEY, state(AUDITED_A, NEVER, NEVER, NEVER), Optional.of(A), Optional.of(new LiveScope(List.of())));

        assertEquals(Mark.OK, checked.stage(Stage.SCOPE).mark());
        assertEquals(Mark.PENDING, unchecked.stage(Stage.SCOPE).mark());
        assertEquals("not checked yet", unchecked.stage(Stage.SCOPE).detail());
    }
}
