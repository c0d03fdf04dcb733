package dev.wb.commands.plan;

import dev.wb.commands.InputFiles;
import dev.wb.commands.Session;
import dev.wb.commands.base.Failure;
import dev.wb.engine.TaskKey;
import java.nio.file.Path;
import java.util.Optional;

/** A task's plan file, {@code .workflow/KEY/sdd.json}: where it is, and its bytes as a parser reads them. */
public final class PlanFile {

    private PlanFile() {}

    public static Path planFile(Session session, TaskKey key) {
        return session.workspace().workflowDir().resolve(key.value()).resolve("sdd.json");
    }

    /**
     * The plan's bytes (without a byte order mark); exit 6 when there is none, 7 when it is no plan wb
     * reads (a link out of the repository, not a regular file, over 256 KiB, not UTF-8: InputFiles).
     */
    public static byte[] readPlan(Session session, TaskKey key) {
        return plan(session.workspace().root(), planFile(session, key))
                .orElseThrow(() -> Failure.missing(
                        "no plan for " + key + ": .workflow/" + key + "/sdd.json does not exist",
                        "write the plan (docs/PLAN.md has a complete example), then: wb sdd audit " + key));
    }

    /** A plan file's bytes as a parser reads them, empty when there is none; exit 7 when it is unusable. */
    public static Optional<byte[]> plan(Path root, Path file) {
        try {
            return InputFiles.read(root, file, InputFiles.Kind.PLAN).map(InputFiles.Content::textBytes);
        } catch (InputFiles.Unusable e) {
            throw e.failure(Failure.Kind.CHECK_FAILED);
        }
    }
}
