package dev.wb.cli.history;

import static dev.wb.cli.history.Summaries.cut;

import dev.wb.engine.EventEnvelope;
import dev.wb.engine.text.TerminalText;
import dev.wb.projections.events.GitSeriesFinished;
import dev.wb.projections.events.GitStatus;
import dev.wb.projections.events.GitStepRan;
import java.util.List;

/** {@code wb replay}'s one-line summaries of the {@code git.*} events; payload text is escaped. */
final class GitSummaries {

    private GitSummaries() {}

    /** The summary of a {@code git.*} event, or null for another type. */
    static String of(EventEnvelope event) {
        if (GitStepRan.TYPE.matches(event)) {
            GitStepRan step = GitStepRan.TYPE.read(event);
            String status = TerminalText.escape(step.status().wireName());
            String result = step.status() == GitStatus.REFUSED
                    ? "refused: " + TerminalText.escape(step.refusal().orElse(""))
                    : status + " (exit " + step.exitCode() + ", " + step.durationMs() + " ms)";
            return cut(TerminalText.escape(step.series().wireName()) + " step " + (step.index() + 1) + " · "
                    + argv(step.argv()) + " · " + result);
        }
        if (GitSeriesFinished.TYPE.matches(event)) {
            GitSeriesFinished series = GitSeriesFinished.TYPE.read(event);
            int notRun = series.notRun().size();
            return cut(TerminalText.escape(series.series().wireName()) + " · "
                    + TerminalText.escape(series.status().wireName()) + " · "
                    + series.ran() + " ran"
                    + (notRun == 0
                            ? ""
                            : " · " + notRun + " not run, from "
                                    + argv(series.notRun().get(0))));
        }
        return null;
    }

    /** {@code git} and its arguments, escaped. */
    static String argv(List<String> argv) {
        StringBuilder out = new StringBuilder("git");
        argv.forEach(arg -> out.append(' ').append(TerminalText.escape(arg)));
        return out.toString();
    }
}
