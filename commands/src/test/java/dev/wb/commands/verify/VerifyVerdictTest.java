package dev.wb.commands.verify;

import static org.junit.jupiter.api.Assertions.assertEquals;

import dev.wb.commands.process.CappedOutput;
import dev.wb.commands.process.Outcome;
import dev.wb.commands.process.RunResult;
import dev.wb.projections.events.Verdict;
import dev.wb.projections.events.verify.VerifyFinished;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

/** A verify run passes only when something ran, everything ran and exited 0, and nothing was refused. */
class VerifyVerdictTest {

    static final VerifyPlan.Runnable PYTEST = new VerifyPlan.Runnable(0, "pytest", List.of("pytest"), "pytest");
    static final VerifyPlan.Runnable RUFF = new VerifyPlan.Runnable(1, "ruff check", List.of("ruff", "check"), "ruff");

    static VerifyPlan plan(List<VerifyPlan.Refused> refused, List<VerifyPlan.Refused> refusedEnv) {
        return new VerifyPlan(List.of(PYTEST, RUFF), refused, Map.of(), refusedEnv);
    }

    static RunResult exited(int code) {
        return new RunResult(Outcome.EXITED, code, Duration.ofMillis(10), CappedOutput.EMPTY, 0, "");
    }

    @Test
    void every_command_ran_and_exited_0_is_a_pass() {
        assertEquals(Verdict.PASS, VerifyVerdict.of(plan(List.of(), List.of()), List.of(exited(0), exited(0)), false));
    }

    @Test
    void a_command_that_exited_non_zero_is_a_fail() {
        assertEquals(Verdict.FAIL, VerifyVerdict.of(plan(List.of(), List.of()), List.of(exited(0), exited(1)), false));
    }

    @Test
    void nothing_ran_is_never_a_pass() {
        VerifyPlan empty = new VerifyPlan(List.of(), List.of(), Map.of(), List.of());

        assertEquals(Verdict.FAIL, VerifyVerdict.of(empty, List.of(), false));
    }

    @Test
    void a_refused_command_or_variable_is_a_fail_even_when_the_rest_passed() {
        List<RunResult> passed = List.of(exited(0), exited(0));

        assertEquals(
                Verdict.FAIL,
                VerifyVerdict.of(
                        plan(List.of(new VerifyPlan.Refused(2, "a && b", "shell")), List.of()), passed, false));
        assertEquals(
                Verdict.FAIL,
                VerifyVerdict.of(
                        plan(List.of(), List.of(new VerifyPlan.Refused(0, "LD_PRELOAD", "forbidden"))), passed, false));
    }

    @Test
    void a_command_never_reached_is_a_fail() {
        assertEquals(Verdict.FAIL, VerifyVerdict.of(plan(List.of(), List.of()), List.of(exited(0)), false));
    }

    @Test
    void an_interrupted_run_is_interrupted_whatever_ran() {
        assertEquals(
                Verdict.INTERRUPTED, VerifyVerdict.of(plan(List.of(), List.of()), List.of(exited(0), exited(0)), true));
    }

    @Test
    void the_end_counts_what_ran_passed_failed_was_refused_and_never_reached() {
        VerifyPlan plan = plan(
                List.of(new VerifyPlan.Refused(2, "a && b", "shell")),
                List.of(new VerifyPlan.Refused(0, "LD_PRELOAD", "forbidden")));

        VerifyFinished finished =
                VerifyVerdict.finished(plan, List.of(exited(3)), true, VerifyVerdict.Checked.NONE, 1234);

        assertEquals(new VerifyFinished(Verdict.INTERRUPTED, 1, 0, 1, 2, 1, 1234), finished);
    }
}
