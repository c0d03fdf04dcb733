package dev.wb.commands.gitflow;

import dev.wb.commands.checks.EventFit;
import dev.wb.gitrun.GitStep;
import dev.wb.gitrun.SeriesResult;
import dev.wb.gitrun.StepOutcome;
import dev.wb.projections.events.GitSeriesFinished;
import dev.wb.projections.events.GitSeriesName;
import dev.wb.projections.events.GitStatus;
import dev.wb.projections.events.GitStepRan;
import dev.wb.projections.events.WbEvent;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;

/**
 * How an executed series is recorded: one {@code git.step.ran} per step that ran or was refused, then its
 * end, in one batch fitted to the log's limit (each event an equal share when together they are over it).
 */
final class SeriesRecord {

    private SeriesRecord() {}

    static List<WbEvent> events(GitSeriesName series, List<GitStep> steps, SeriesResult result) {
        List<WbEvent> events = new ArrayList<>();
        List<StepOutcome> recorded = new ArrayList<>(result.ran());
        result.failed().ifPresent(recorded::add);
        for (StepOutcome outcome : recorded) {
            events.add(new GitStepRan(
                    series,
                    steps.indexOf(outcome.step()),
                    outcome.step().argv(),
                    word(outcome.status()),
                    outcome.exitCode(),
                    outcome.output(),
                    outcome.refusal().isEmpty() ? Optional.empty() : Optional.of(outcome.refusal()),
                    outcome.duration().toMillis(),
                    Optional.empty()));
        }
        events.add(new GitSeriesFinished(
                series,
                status(result),
                ran(result),
                result.notRun().stream().map(GitStep::argv).toList(),
                Optional.empty()));
        return EventFit.fittedBatch(events);
    }

    /** The series' status: {@code ok}, or the status of the step it stopped at. */
    static GitStatus status(SeriesResult result) {
        return result.failed().map(f -> word(f.status())).orElse(GitStatus.OK);
    }

    /** The steps that ran: a refused step did not, a failed one did. */
    static int ran(SeriesResult result) {
        boolean failedRan = result.failed()
                .filter(f -> f.status() == StepOutcome.Status.FAILED)
                .isPresent();
        return result.ran().size() + (failedRan ? 1 : 0);
    }

    private static GitStatus word(StepOutcome.Status status) {
        return switch (status) {
            case OK -> GitStatus.OK;
            case FAILED -> GitStatus.FAILED;
            case REFUSED -> GitStatus.REFUSED;
        };
    }
}
