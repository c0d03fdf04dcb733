package dev.wb.cli.history;

import static dev.wb.cli.history.Summaries.cut;
import static dev.wb.cli.history.Summaries.digest;
import static dev.wb.cli.history.Summaries.list;

import dev.wb.engine.EventEnvelope;
import dev.wb.engine.text.TerminalText;
import dev.wb.projections.events.ImportVerdictRecorded;
import dev.wb.projections.events.TaskCleaned;
import dev.wb.projections.events.TaskCreated;
import dev.wb.projections.events.TaskDone;
import dev.wb.projections.events.TaskFetched;
import dev.wb.projections.events.WorkspaceInitialized;

/**
 * {@code wb replay}'s one-line summaries of a workspace's and a task's own events: init, create, done, fetch,
 * clean, and imported verdicts; payload text is escaped.
 */
final class TaskSummaries {

    private TaskSummaries() {}

    /** The summary of one of these events, or null for another type. */
    static String of(EventEnvelope event) {
        if (WorkspaceInitialized.TYPE.matches(event)) {
            WorkspaceInitialized init = WorkspaceInitialized.TYPE.read(event);
            return "created " + list(init.created()) + "; kept " + list(init.kept());
        }
        if (TaskCreated.TYPE.matches(event)) {
            return "skeleton written: " + TaskCreated.TYPE.read(event).files().size() + " files";
        }
        if (TaskDone.TYPE.matches(event)) {
            String reason = TaskDone.TYPE.read(event).reason();
            return reason.isEmpty() ? "marked done" : "marked done: " + cut(TerminalText.escape(reason));
        }
        if (TaskFetched.TYPE.matches(event)) {
            TaskFetched fetched = TaskFetched.TYPE.read(event);
            return "triage.json from " + TerminalText.escape(fetched.source()) + (fetched.cached() ? " (cached)" : "");
        }
        if (TaskCleaned.TYPE.matches(event)) {
            return "folder removed: " + TaskCleaned.TYPE.read(event).removed().size() + " files";
        }
        if (ImportVerdictRecorded.TYPE.matches(event)) {
            ImportVerdictRecorded imported = ImportVerdictRecorded.TYPE.read(event);
            return cut("imported, unverified: "
                    + TerminalText.escape(imported.tool().wireName()) + " "
                    + TerminalText.escape(imported.kind().wireName()) + " "
                    + imported.verdict().map(TerminalText::escape).orElse("(no verdict)") + " · "
                    + TerminalText.escape(imported.file()) + " · " + digest(imported.sha256()));
        }
        return null;
    }
}
