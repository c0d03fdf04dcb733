package dev.wb.cli.history;

import static dev.wb.cli.history.Summaries.cut;

import dev.wb.engine.EventEnvelope;
import dev.wb.engine.text.TerminalText;
import dev.wb.projections.events.SyncSeen;
import dev.wb.projections.events.SyncSignaturesChecked;

/** {@code wb replay}'s one-line summaries of the {@code sync.*} events; payload text is escaped. */
final class SyncSummaries {

    private SyncSummaries() {}

    /** The summary of a sync event, or null for another type. */
    static String of(EventEnvelope event) {
        if (SyncSeen.TYPE.matches(event)) {
            SyncSeen seen = SyncSeen.TYPE.read(event);
            StringBuilder out = new StringBuilder("had seen");
            seen.heads()
                    .forEach(h -> out.append(' ')
                            .append(TerminalText.escape(h.replica()))
                            .append('@')
                            .append(h.version()));
            return cut(out.append(" · clock ").append(seen.lamport()).toString());
        }
        if (SyncSignaturesChecked.TYPE.matches(event)) {
            SyncSignaturesChecked checked = SyncSignaturesChecked.TYPE.read(event);
            StringBuilder out = new StringBuilder("signatures from ").append(TerminalText.escape(checked.remote()));
            checked.replicas()
                    .forEach(r -> out.append(' ')
                            .append(TerminalText.escape(r.replica()))
                            .append(r.allSigned() ? " signed" : " unsigned")
                            .append(" (")
                            .append(r.commits())
                            .append(')'));
            return cut(out.toString());
        }
        return null;
    }
}
