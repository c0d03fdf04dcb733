package dev.wb.cli.history;

import static dev.wb.cli.history.Summaries.cut;

import dev.wb.engine.EventEnvelope;
import dev.wb.engine.text.TerminalText;
import dev.wb.projections.events.draft.CommitChecked;
import dev.wb.projections.events.draft.PrChecked;
import java.util.List;

/** {@code wb replay}'s one-line summaries of the checks of drafted texts: {@code commit.checked}, {@code pr.checked}. */
final class DraftSummaries {

    private DraftSummaries() {}

    /** The summary of such an event, or null for another type. */
    static String of(EventEnvelope event) {
        if (CommitChecked.TYPE.matches(event)) {
            CommitChecked check = CommitChecked.TYPE.read(event);
            return cut((check.passed() ? "pass" : "fail") + " · "
                    + TerminalText.escape(check.convention().wireName())
                    + (check.saved() ? " · saved commit.txt" : "") + reasons(check.reasons()) + " · message "
                    + check.sha256().substring(0, Math.min(12, check.sha256().length())));
        }
        if (PrChecked.TYPE.matches(event)) {
            PrChecked check = PrChecked.TYPE.read(event);
            return cut((check.passed() ? "pass" : "fail") + " · handover "
                    + TerminalText.escape(check.handover().wireName())
                    + (check.saved() ? " · saved pr.md" : "") + reasons(check.reasons()) + " · draft "
                    + check.sha256().substring(0, Math.min(12, check.sha256().length())));
        }
        return null;
    }

    private static String reasons(List<String> reasons) {
        return reasons.isEmpty()
                ? ""
                : " · " + TerminalText.escape(reasons.get(0))
                        + (reasons.size() > 1 ? " +" + (reasons.size() - 1) + " more" : "");
    }
}
