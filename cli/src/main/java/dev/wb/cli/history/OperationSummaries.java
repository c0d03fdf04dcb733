package dev.wb.cli.history;

import static dev.wb.cli.history.Summaries.cut;

import dev.wb.commands.checks.ChecksRanSummary;
import dev.wb.engine.EventEnvelope;
import dev.wb.engine.text.TerminalText;
import dev.wb.projections.events.ChecksRan;
import dev.wb.projections.events.FlowValidated;
import dev.wb.projections.events.HookGuard;
import dev.wb.projections.events.HooksConfigured;
import dev.wb.projections.events.PreflightCompleted;

/**
 * {@code wb replay}'s one-line summaries of the workspace's operations: hooks, preflight, flow validation and
 * checks; payload text is escaped.
 */
final class OperationSummaries {

    private OperationSummaries() {}

    /** The summary of one of these events, or null for another type. */
    static String of(EventEnvelope event) {
        if (HooksConfigured.TYPE.matches(event)) {
            HooksConfigured hooks = HooksConfigured.TYPE.read(event);
            String guard = hooks.guard() == HookGuard.NONE
                    ? ""
                    : " · judge guard " + hooks.guard().wireName();
            return TerminalText.escape(hooks.action().wireName() + " "
                    + hooks.host().wireName() + ": " + hooks.result().wireName() + " · " + hooks.file() + guard);
        }
        if (PreflightCompleted.TYPE.matches(event)) {
            PreflightCompleted preflight = PreflightCompleted.TYPE.read(event);
            return TerminalText.escape(preflight.verdict().wireName()) + " · "
                    + preflight.failures() + " failure(s), "
                    + preflight.warnings() + " warning(s) · "
                    + preflight.lines().size() + " lines"
                    + preflight
                            .paidProbe()
                            .map(probe -> " · paid probe "
                                    + (probe instanceof PreflightCompleted.PaidProbe.Declined ? "declined" : "ran"))
                            .orElse("");
        }
        if (FlowValidated.TYPE.matches(event)) {
            FlowValidated validated = FlowValidated.TYPE.read(event);
            StringBuilder out = new StringBuilder("exit ")
                    .append(validated.exitCode())
                    .append(" · ")
                    .append(TerminalText.escape(validated.request()));
            for (FlowValidated.Flow flow : validated.flows()) {
                out.append(" · ")
                        .append(TerminalText.escape(flow.name()))
                        .append(
                                flow.valid()
                                        ? " OK"
                                        : " FAIL (" + flow.violations().size() + ")");
            }
            return cut(out.toString());
        }
        if (ChecksRan.TYPE.matches(event)) {
            return TerminalText.escape(ChecksRanSummary.of(ChecksRan.TYPE.read(event)));
        }
        return null;
    }
}
