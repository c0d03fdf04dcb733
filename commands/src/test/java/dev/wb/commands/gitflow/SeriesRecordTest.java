package dev.wb.commands.gitflow;

import static org.junit.jupiter.api.Assertions.assertEquals;

import dev.wb.gitrun.GitStep;
import dev.wb.gitrun.SeriesResult;
import dev.wb.gitrun.StepOutcome;
import dev.wb.projections.events.GitSeriesFinished;
import dev.wb.projections.events.GitSeriesName;
import dev.wb.projections.events.GitStatus;
import dev.wb.projections.events.GitStepRan;
import dev.wb.projections.events.WbEvent;
import java.time.Duration;
import java.util.List;
import java.util.Optional;
import java.util.Set;
import org.junit.jupiter.api.Test;

/** An executed series is recorded step by step, then its end: what ran, where it stopped, what did not run. */
class SeriesRecordTest {

    static final GitStep SWITCH = new GitStep(List.of("switch", "-c", "wb/ABC-12"), Set.of(), "branch");
    static final GitStep COMMIT = new GitStep(List.of("commit", "-F", "x"), Set.of(), "commit");
    static final GitStep PUSH = new GitStep(List.of("push", "origin", "wb/ABC-12"), Set.of(), "push");
    static final List<GitStep> STEPS = List.of(SWITCH, COMMIT, PUSH);

    static StepOutcome ok(GitStep step) {
        return new StepOutcome(step, StepOutcome.Status.OK, 0, "done", "", Duration.ofMillis(12));
    }

    @Test
    void a_series_that_ran_through_is_ok_with_every_step_ran() {
        SeriesResult result = new SeriesResult(List.of(ok(SWITCH), ok(COMMIT), ok(PUSH)), Optional.empty(), List.of());

        List<WbEvent> events = SeriesRecord.events(GitSeriesName.START, STEPS, result);

        assertEquals(4, events.size());
        assertEquals(
                new GitSeriesFinished(GitSeriesName.START, GitStatus.OK, 3, List.of(), Optional.empty()),
                events.get(3));
        assertEquals(2, ((GitStepRan) events.get(2)).index());
    }

    @Test
    void a_refused_step_is_recorded_with_its_refusal_and_did_not_run() {
        StepOutcome refused =
                new StepOutcome(COMMIT, StepOutcome.Status.REFUSED, -1, "", "no author", Duration.ofMillis(3));
        SeriesResult result = new SeriesResult(List.of(ok(SWITCH)), Optional.of(refused), List.of(PUSH));

        List<WbEvent> events = SeriesRecord.events(GitSeriesName.COMMIT, STEPS, result);

        assertEquals(
                new GitStepRan(
                        GitSeriesName.COMMIT,
                        1,
                        COMMIT.argv(),
                        GitStatus.REFUSED,
                        -1,
                        "",
                        Optional.of("no author"),
                        3,
                        Optional.empty()),
                events.get(1));
        assertEquals(
                new GitSeriesFinished(
                        GitSeriesName.COMMIT, GitStatus.REFUSED, 1, List.of(PUSH.argv()), Optional.empty()),
                events.get(2));
    }

    @Test
    void a_failed_step_ran_and_stops_the_series() {
        StepOutcome failed =
                new StepOutcome(COMMIT, StepOutcome.Status.FAILED, 1, "nothing to commit", "", Duration.ofMillis(3));
        SeriesResult result = new SeriesResult(List.of(ok(SWITCH)), Optional.of(failed), List.of(PUSH));

        assertEquals(GitStatus.FAILED, SeriesRecord.status(result));
        assertEquals(2, SeriesRecord.ran(result));
        assertEquals(
                Optional.empty(),
                ((GitStepRan) SeriesRecord.events(GitSeriesName.COMMIT, STEPS, result)
                                .get(1))
                        .refusal());
    }
}
