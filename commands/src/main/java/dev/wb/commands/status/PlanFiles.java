package dev.wb.commands.status;

import dev.wb.commands.Workspace;
import dev.wb.commands.sdd.PlanReader;
import dev.wb.engine.TaskKey;
import java.io.IOException;
import java.nio.file.DirectoryStream;
import java.nio.file.Files;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;

/** The plans on disk, as {@code wb status} sees them: which tasks have one, and its digest now. */
final class PlanFiles {

    private final Path workflow;

    PlanFiles(Workspace workspace) {
        this.workflow = workspace.workflowDir();
    }

    /** The digest the audit gate compares ({@link PlanReader#digest}); empty when there is no sdd.json. */
    Optional<String> digest(TaskKey key) {
        try {
            return Optional.of(PlanReader.digest(Files.readAllBytes(file(key))));
        } catch (NoSuchFileException e) {
            return Optional.empty();
        } catch (IOException e) {
            // Unreadable is as good as absent here: the plan stage says there is no plan to audit.
            return Optional.empty();
        }
    }

    /** Tasks with a plan folder holding sdd.json, whether or not anything was recorded for them yet. */
    List<TaskKey> planned() {
        List<TaskKey> keys = new ArrayList<>();
        try (DirectoryStream<Path> dirs = Files.newDirectoryStream(workflow)) {
            for (Path dir : dirs) {
                String name = dir.getFileName().toString();
                Optional<TaskKey> key = TaskKey.parse(name).filter(k -> k.value().equals(name));
                if (key.isPresent() && Files.isRegularFile(dir.resolve("sdd.json"))) {
                    keys.add(key.get());
                }
            }
        } catch (IOException e) {
            // No .workflow/ yet (wb init never ran): no plans.
        }
        return keys;
    }

    private Path file(TaskKey key) {
        return workflow.resolve(key.value()).resolve("sdd.json");
    }
}
