package dev.wb.cli.history;

import static dev.wb.cli.history.Summaries.list;

import dev.wb.engine.EventEnvelope;
import dev.wb.engine.text.TerminalText;
import dev.wb.projections.events.verify.ProcessOutcome;
import dev.wb.projections.events.verify.VerifyCommandRan;
import dev.wb.projections.events.verify.VerifyFinished;
import dev.wb.projections.events.verify.VerifyRegressionRan;
import dev.wb.projections.events.verify.VerifyStarted;
import java.util.Optional;

/** {@code wb replay}'s one-line summaries of the {@code verify.*} events; payload text is escaped. */
final class VerifySummaries {

    private VerifySummaries() {}

    /** The summary of one of these events, or null for another type. */
    static String of(EventEnvelope event) {
        if (VerifyStarted.TYPE.matches(event)) {
            VerifyStarted started = VerifyStarted.TYPE.read(event);
            return started.commands().size() + " to run, "
                    + started.refused().size() + " refused"
                    + (started.env().isEmpty() ? "" : " · env " + list(started.env()))
                    + started.tests()
                            .filter(t -> !t.missing().isEmpty())
                            .map(t -> " · test targets not changed: " + list(t.missing()))
                            .orElse("");
        }
        if (VerifyCommandRan.TYPE.matches(event)) {
            VerifyCommandRan ran = VerifyCommandRan.TYPE.read(event);
            return (ran.outcome() == ProcessOutcome.EXITED
                            ? "exit " + ran.exitCode()
                            : TerminalText.escape(ran.outcome().wireName()))
                    + " in " + ran.durationMs() + " ms · " + TerminalText.escape(ran.command())
                    + " · output " + ran.outputBytes() + " bytes (--output " + event.version() + ")";
        }
        if (VerifyFinished.TYPE.matches(event)) {
            VerifyFinished finished = VerifyFinished.TYPE.read(event);
            return TerminalText.escape(finished.verdict().wireName()) + " in " + finished.durationMs() + " ms · "
                    + finished.ran() + " ran, " + finished.passed() + " passed, "
                    + finished.failed() + " failed, "
                    + finished.refused() + " refused"
                    + (finished.notRun() > 0 ? ", " + finished.notRun() + " not run" : "");
        }
        if (VerifyRegressionRan.TYPE.matches(event)) {
            VerifyRegressionRan ran = VerifyRegressionRan.TYPE.read(event);
            return (ran.passed() ? "reproduced" : "failed") + " · " + TerminalText.escape(ran.target())
                    + " · merge base " + regressionSide(ran.base()) + ", checkout " + regressionSide(ran.head())
                    + ran.reason().map(r -> " · " + TerminalText.escape(r)).orElse("");
        }
        return null;
    }

    private static String regressionSide(Optional<VerifyRegressionRan.Side> side) {
        return side.map(s -> s.outcome() == ProcessOutcome.EXITED
                        ? "exit " + s.exitCode()
                        : TerminalText.escape(s.outcome().wireName()))
                .orElse("not run");
    }
}
