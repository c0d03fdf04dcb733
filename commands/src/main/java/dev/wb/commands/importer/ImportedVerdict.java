package dev.wb.commands.importer;

import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.wb.engine.NewEvent;
import dev.wb.engine.TaskKey;
import dev.wb.engine.json.CanonicalJson;
import dev.wb.projections.events.WbEvents;
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
        String tool,
        String kind,
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

    NewEvent event() {
        ObjectNode p = CanonicalJson.objectNode();
        p.put("tool", tool);
        p.put("kind", kind);
        p.put("file", file);
        from.ifPresent(f -> p.put("from", f));
        p.put("sha256", sha256);
        verdict.ifPresentOrElse(v -> p.put("verdict", v), () -> p.putNull("verdict"));
        originalTime.ifPresentOrElse(t -> p.put("originalTime", t), () -> p.putNull("originalTime"));
        p.put("verified", false);
        return new NewEvent(WbEvents.IMPORT_VERDICT_RECORDED, WbEvents.IMPORT_VERDICT_RECORDED_VERSION, p);
    }

    /** The command that gives wb its own verdict of this kind. */
    String rerun() {
        return switch (kind) {
            case "audit" -> "wb sdd audit " + task;
            case "evidence" -> "wb impl verify " + task;
            case "git-log" -> "wb git commit " + task;
            default ->
                "wb judge verify .workflow/local/judge/"
                        + file.substring(file.indexOf("/local/judge/") + "/local/judge/".length());
        };
    }
}
