package dev.wb.cli.history;

import dev.wb.engine.EventEnvelope;
import dev.wb.engine.text.TerminalText;
import dev.wb.projections.events.draft.HandoverWritten;
import dev.wb.projections.events.draft.PlanRendered;

/** {@code wb replay}'s one-line summaries of the notes written from a plan; payload text is escaped. */
final class NoteSummaries {

    private NoteSummaries() {}

    /** {@code wrote .workflow/KEY/handover.md · <digest>}, or null for another type. */
    static String of(EventEnvelope event) {
        if (HandoverWritten.TYPE.matches(event)) {
            HandoverWritten written = HandoverWritten.TYPE.read(event);
            return wrote(written.path(), written.sha256());
        }
        if (PlanRendered.TYPE.matches(event)) {
            PlanRendered rendered = PlanRendered.TYPE.read(event);
            return wrote(rendered.path(), rendered.sha256());
        }
        return null;
    }

    private static String wrote(String path, String sha256) {
        String hex = sha256.startsWith("sha256:") ? sha256.substring("sha256:".length()) : sha256;
        return "wrote " + TerminalText.escape(path) + " · "
                + TerminalText.escape(hex.substring(0, Math.min(12, hex.length())));
    }
}
