package dev.wb.projections.status;

import static dev.wb.projections.status.StageEvents.audited;
import static dev.wb.projections.status.StageEvents.commandRan;
import static dev.wb.projections.status.StageEvents.failed;
import static dev.wb.projections.status.StageEvents.gitSeries;
import static dev.wb.projections.status.StageEvents.gitStep;
import static dev.wb.projections.status.StageEvents.passed;
import static dev.wb.projections.status.StageEvents.scopeChecked;
import static dev.wb.projections.status.StageEvents.sealed;
import static dev.wb.projections.status.StageEvents.verifyFinished;
import static dev.wb.projections.status.StageEvents.verifyStarted;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import dev.wb.engine.EventEnvelope;
import dev.wb.engine.TestEvents;
import dev.wb.engine.json.CanonicalJson;
import dev.wb.projections.Folds;
import dev.wb.projections.status.StageCounters.CommandTally;
import dev.wb.projections.status.StageCounters.GitSteps;
import dev.wb.projections.status.StageCounters.Refusal;
import dev.wb.projections.status.TaskStages.Latest;
import dev.wb.projections.status.TaskStages.State;
import java.nio.charset.StandardCharsets;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

class TaskStagesTest {

    static final String PLAN_A = "sha256:" + "a".repeat(64);
    static final String PLAN_B = "sha256:" + "b".repeat(64);

    static State fold(List<EventEnvelope> events) {
        return Folds.fold(TaskStages.INSTANCE, events);
    }

    @Test
    void a_stream_without_stage_events_stays_at_the_initial_state() {
        State state = fold(sealed(TestEvents.note(1), TestEvents.note(2)));

        assertEquals(State.EMPTY, state);
        assertEquals("none", state.audit().result());
    }

    @Test
    void the_latest_audit_is_the_stage_and_citations_are_counted_over_every_audit() {
        State state = fold(sealed(audited("fail", PLAN_A, "ok", "mismatch"), audited("pass", PLAN_B, "ok", "moved")));

        assertEquals(new Latest("pass", Optional.of(PLAN_B)), state.audit());
        assertEquals(
                Map.of("ok", 2L, "mismatch", 1L, "moved", 1L), state.counters().citations());
    }

    @Test
    void the_latest_scope_check_is_the_stage_with_the_plan_it_checked_against() {
        State state = fold(sealed(scopeChecked("deviation", PLAN_A), scopeChecked("pass", PLAN_B)));

        assertEquals(new Latest("pass", Optional.of(PLAN_B)), state.scope());
    }

    @Test
    void a_verify_run_is_incomplete_until_its_end_is_recorded() {
        State state = fold(sealed(verifyStarted(PLAN_A, "make test"), passed("make test", 40)));

        assertEquals(new Latest("incomplete", Optional.of(PLAN_A)), state.verify());
    }

    @ParameterizedTest
    @ValueSource(strings = {"pass", "fail", "interrupted"})
    void a_finished_run_is_the_verdict_its_end_recorded(String verdict) {
        State state =
                fold(sealed(verifyStarted(PLAN_A, "make test"), passed("make test", 40), verifyFinished(verdict)));

        assertEquals(new Latest(verdict, Optional.of(PLAN_A)), state.verify());
    }

    @Test
    void an_end_without_a_start_changes_no_stage() {
        assertEquals(State.EMPTY, fold(sealed(verifyFinished("pass"))));
    }

    @Test
    void each_verify_command_counts_its_runs_failures_and_time() {
        State state = fold(sealed(
                verifyStarted(PLAN_A, "make test", "make lint"),
                passed("make test", 100),
                failed("make lint", 30),
                verifyFinished("fail"),
                verifyStarted(PLAN_A, "make test"),
                commandRan("make test", "timed_out", -1, 600_000),
                verifyFinished("fail")));

        assertEquals(
                new CommandTally(2, 1, 600_100, 0, true),
                state.counters().commands().get("make test"));
        assertEquals(
                new CommandTally(1, 1, 30, 0, true), state.counters().commands().get("make lint"));
    }

    @Test
    void a_command_that_fails_and_passes_in_its_next_run_counts_as_failing_then_passing() {
        State state = fold(sealed(
                failed("make test", 10),
                passed("make test", 10),
                passed("make test", 10),
                failed("make test", 10),
                commandRan("make test", "not_started", -1, 0),
                passed("make test", 10)));

        CommandTally tally = state.counters().commands().get("make test");
        assertEquals(6, tally.runs());
        assertEquals(3, tally.failures());
        assertEquals(2, tally.failsThenPasses(), "fail→pass once, then fail, not started, pass: once more");
        assertEquals(false, tally.lastFailed());
    }

    @Test
    void an_interrupted_command_is_no_failure_and_does_not_break_a_fail_then_pass() {
        State state = fold(sealed(
                failed("make test", 10), commandRan("make test", "interrupted", -1, 5), passed("make test", 10)));

        assertEquals(
                new CommandTally(3, 1, 25, 1, false),
                state.counters().commands().get("make test"));
    }

    @Test
    void refused_commands_and_variables_are_counted_with_the_latest_reason() {
        State state = fold(sealed(
                verifyStarted(
                        PLAN_A,
                        List.of("make test"),
                        List.of("curl x", "unknown runner: curl"),
                        List.of("PATH", "forbidden name")),
                verifyStarted(
                        PLAN_A,
                        List.of("make test"),
                        List.of("curl x", "not on the allowlist", "ls | wc", "shell character |"),
                        List.of())));

        assertEquals(
                Map.of(
                        "curl x",
                        new Refusal(2, "not on the allowlist"),
                        "ls | wc",
                        new Refusal(1, "shell character |")),
                state.counters().refusedCommands());
        assertEquals(
                Map.of("PATH", new Refusal(1, "forbidden name")),
                state.counters().refusedEnv());
    }

    @Test
    void git_steps_are_counted_by_status_and_the_latest_series_is_the_git_stage() {
        State state = fold(sealed(
                gitStep("start", "ok"),
                gitSeries("start", "ok"),
                gitStep("commit", "refused"),
                gitSeries("commit", "refused"),
                gitStep("commit", "ok"),
                gitStep("commit", "failed"),
                gitSeries("commit", "failed")));

        assertEquals(new GitSteps(2, 1, 1), state.counters().gitSteps());
        assertEquals(new Latest("failed", Optional.of("commit")), state.git());
    }

    @Test
    void the_state_survives_its_json_form_unchanged() {
        State state = fold(everyKind());

        assertEquals(state, TaskStages.INSTANCE.fromJson(TaskStages.INSTANCE.toJson(state)));
        assertEquals(State.EMPTY, TaskStages.INSTANCE.fromJson(TaskStages.INSTANCE.toJson(State.EMPTY)));
        assertEquals(
                TaskStages.INSTANCE.toJson(state),
                TaskStages.INSTANCE.toJson(TaskStages.INSTANCE.fromJson(
                        CanonicalJson.parse(CanonicalJson.bytes(TaskStages.INSTANCE.toJson(state))))),
                "the bytes a checkpoint stores read back to the same state");
    }

    @Test
    void a_state_read_back_from_json_folds_on_exactly_as_the_original() {
        List<EventEnvelope> events = everyKind();
        int half = events.size() / 2;
        State first = TaskStages.INSTANCE.fromJson(TaskStages.INSTANCE.toJson(fold(events.subList(0, half))));

        assertEquals(fold(events), Folds.foldFrom(TaskStages.INSTANCE, first, events.subList(half, events.size())));
    }

    @Test
    void anything_but_a_stages_state_is_refused() {
        assertThrows(
                IllegalArgumentException.class,
                () -> TaskStages.INSTANCE.fromJson(
                        CanonicalJson.parse("{\"audit\": {}}".getBytes(StandardCharsets.UTF_8))));
        assertThrows(
                IllegalArgumentException.class,
                () -> TaskStages.INSTANCE.fromJson(CanonicalJson.parse("[1]".getBytes(StandardCharsets.UTF_8))));
    }

    static List<EventEnvelope> everyKind() {
        return sealed(
                audited("fail", PLAN_A, "ok", "missing_file"),
                audited("pass", PLAN_A, "ok", "moved"),
                scopeChecked("pass", PLAN_A),
                verifyStarted(
                        PLAN_A,
                        List.of("make test", "npm run lint"),
                        List.of("curl x", "unknown runner"),
                        List.of("LD_PRELOAD", "forbidden name")),
                failed("make test", 1200),
                passed("npm run lint", 300),
                verifyFinished("fail"),
                verifyStarted(PLAN_A, "make test"),
                passed("make test", 1100),
                verifyFinished("pass"),
                gitStep("commit", "ok"),
                gitSeries("commit", "ok"),
                verifyStarted(PLAN_A, "make test"));
    }
}
