package dev.wb.commands.importer;

import dev.wb.engine.TaskKey;
import dev.wb.projections.events.ImportVerdictRecorded;
import dev.wb.projections.events.ImportedKind;
import java.util.Optional;

/**
 * A verdict an original wrote, as {@code wb import} records it: the file it came from and the digest of
 * its bytes, the verdict and time as written, and never verified. {@code import.verdict.recorded}
 * (docs/EVENTS.md).
 *
 * @param from the original's repository when it is not this one (absolute), else empty
 */
record ImportedVerdict(
        TaskKey task,
        ImportedKind kind,
        String file,
        Optional<String> from,
        String sha256,
        Optional<String> verdict,
        Optional<String> originalTime) {

    /** What makes two imports the same: the file's path in the original's repository and its bytes. */
    String identity() {
        return identity(file, sha256);
    }

    static String identity(String file, String sha256) {
        return file + "\n" + sha256;
    }

    /** The event that records it: never verified. */
    ImportVerdictRecorded event() {
        return new ImportVerdictRecorded(kind.tool(), kind, file, from, sha256, verdict, originalTime, false);
    }

    /** The command that gives wb its own verdict of this kind. */
    String rerun() {
        return switch (kind) {
            case AUDIT -> "wb sdd audit " + task;
            case EVIDENCE -> "wb impl verify " + task;
            case GIT_LOG -> "wb git commit " + task;
            case REVIEW ->
                "wb judge verify .workflow/local/judge/"
                        + file.substring(file.indexOf("/local/judge/") + "/local/judge/".length());
        };
    }
}
