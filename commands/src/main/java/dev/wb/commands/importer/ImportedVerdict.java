package dev.wb.commands.importer;

import dev.wb.engine.TaskKey;
import dev.wb.projections.events.ImportVerdictRecorded;

/**
 * A verdict an original wrote, as {@code wb import} records it: the task it belongs to, and the event
 * that records it ({@code import.verdict.recorded}, docs/EVENTS.md): the file it came from and the digest
 * of its bytes, the verdict and time as written, and never verified.
 */
record ImportedVerdict(TaskKey task, ImportVerdictRecorded event) {

    ImportedVerdict {
        if (event.verified()) {
            throw new IllegalArgumentException("an imported verdict is never verified: " + event.file());
        }
    }

    /** What makes two imports the same: the file's path in the original's repository and its bytes. */
    String identity() {
        return identity(event.file(), event.sha256());
    }

    static String identity(String file, String sha256) {
        return file + "\n" + sha256;
    }

    /** The command that gives wb its own verdict of this kind. */
    String rerun() {
        return switch (event.kind()) {
            case AUDIT -> "wb sdd audit " + task;
            case EVIDENCE -> "wb impl verify " + task;
            case GIT_LOG -> "wb git commit " + task;
            case REVIEW ->
                "wb judge verify .workflow/local/judge/"
                        + event.file().substring(event.file().indexOf("/local/judge/") + "/local/judge/".length());
        };
    }
}
