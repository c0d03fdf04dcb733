package dev.wb.commands.sdd;

import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.wb.commands.TaskFolder;
import dev.wb.commands.base.Failure;
import dev.wb.commands.base.Workspace;
import dev.wb.commands.plan.PresetBar;
import dev.wb.engine.TaskKey;
import dev.wb.engine.fs.AtomicFiles;
import dev.wb.engine.json.CanonicalJson;
import dev.wb.engine.json.PythonJson;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.LinkOption;
import java.nio.file.Path;
import java.util.List;

/**
 * {@code wb sdd blank KEY}: the skeleton of a plan, the original's {@code sdd.blank(key, preset, persona)}
 * key for key and in its order, after wb's {@code $schema} ({@link #SCHEMA}: the schema {@code wb init}
 * writes, for editors). Every field is there and empty, so the audit reports what is missing by content
 * (an empty objective, no evidence), never by shape. A plan already there is never replaced.
 */
public final class BlankPlan {

    /** What was written: the file, relative to the repository root, and the document. */
    public record Result(String file, ObjectNode plan) {}

    /** The plan's schema, relative to {@code .workflow/KEY/sdd.json}: {@code .workflow/schemas/sdd.schema.json}. */
    public static final String SCHEMA = "../schemas/sdd.schema.json";

    private BlankPlan() {}

    /** The blank, {@code $schema} first, then the original's keys in its order. */
    public static ObjectNode document(TaskKey key, String preset, String persona) {
        ObjectNode plan = CanonicalJson.objectNode();
        plan.put("$schema", SCHEMA);
        plan.put("schema", 1);
        plan.put("key", key.value());
        plan.put("preset", preset);
        plan.put("persona", persona);
        plan.put("objective", "");
        plan.putArray("evidence");
        plan.putArray("files");
        plan.putObject("zones");
        plan.putArray("steps");
        plan.putArray("tests");
        plan.putArray("verify");
        plan.putObject("verify_env");
        plan.put("rollback", "");
        plan.putObject("product");
        plan.putObject("handover");
        plan.putArray("questions");
        return plan;
    }

    /** The blank as the original writes a plan: {@code json.dumps(indent=2, ensure_ascii=False)} and a newline. */
    public static String text(TaskKey key, String preset, String persona) {
        return PythonJson.dumps(document(key, preset, persona), PythonJson.Style.ARTIFACT) + "\n";
    }

    /**
     * Writes {@code .workflow/KEY/sdd.json} atomically, only if there is none: exit 2 (nothing written)
     * for a plan already there, an unknown preset, or a task folder that leads out of the repository.
     */
    public static Result write(Workspace workspace, TaskKey key, String preset, String persona) {
        if (!preset.isEmpty() && !PresetBar.PRESETS.contains(preset)) {
            throw Failure.usage("unknown preset: " + preset, "presets: " + String.join(", ", PresetBar.PRESETS));
        }
        Path root = workspace.root();
        Path dir = workspace.workflowDir().resolve(key.value());
        Path file = dir.resolve("sdd.json");
        String shown = TaskFolder.relative(root, file);
        if (Files.exists(file, LinkOption.NOFOLLOW_LINKS)) {
            throw exists(key, shown);
        }
        TaskFolder.requireInside(root, dir, "wb sdd blank");
        try {
            Files.createDirectories(dir);
            if (!AtomicFiles.createIfAbsent(file, text(key, preset, persona).getBytes(StandardCharsets.UTF_8))) {
                throw exists(key, shown);
            }
        } catch (IOException e) {
            throw new Failure(
                    Failure.Kind.CONFIG,
                    "cannot write " + shown + ": " + e.getMessage(),
                    List.of("check that " + TaskFolder.relative(root, dir) + " is writable"));
        }
        return new Result(shown, document(key, preset, persona));
    }

    private static Failure exists(TaskKey key, String shown) {
        return Failure.usage(
                shown + " already exists: wb sdd blank never replaces a plan, and wrote nothing",
                "edit the plan as it is, or move it away and run: wb sdd blank " + key);
    }
}
