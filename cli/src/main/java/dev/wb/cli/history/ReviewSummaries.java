package dev.wb.cli.history;

import static dev.wb.cli.history.Summaries.cut;

import dev.wb.cli.core.Texts;
import dev.wb.engine.EventEnvelope;
import dev.wb.engine.text.TerminalText;
import dev.wb.projections.events.judge.ReviewGated;
import java.util.ArrayList;
import java.util.List;

/** {@code wb replay}'s one-line summary of {@code review.gated}; payload text is escaped. */
final class ReviewSummaries {

    private ReviewSummaries() {}

    /** The summary of a {@code review.*} event, or null for another type. */
    static String of(EventEnvelope event) {
        if (!ReviewGated.TYPE.matches(event)) {
            return null;
        }
        ReviewGated gated = ReviewGated.TYPE.read(event);
        List<String> counts = new ArrayList<>();
        gated.counts().forEach((kind, n) -> {
            if (n > 0) {
                counts.add(n + " " + TerminalText.escape(kind.wireName()));
            }
        });
        String base = gated.base().isEmpty()
                ? "no base"
                : "since " + TerminalText.escape(gated.base())
                        + (gated.baseCommit().isEmpty() ? "" : " (" + Texts.abbrev(gated.baseCommit()) + ")");
        return cut((gated.passed() ? "pass" : "fail") + " · "
                + TerminalText.escape(gated.mode().wireName()) + " " + base
                + (counts.isEmpty() ? "" : " · " + String.join(", ", counts)));
    }
}
