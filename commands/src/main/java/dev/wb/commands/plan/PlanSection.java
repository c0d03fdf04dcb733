package dev.wb.commands.plan;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.JsonNodeFactory;
import com.fasterxml.jackson.databind.node.ObjectNode;
import com.google.common.collect.ImmutableList;
import dev.wb.commands.InputFiles;
import dev.wb.commands.TaskFolder;
import dev.wb.commands.base.Failure;
import dev.wb.commands.base.Workspace;
import dev.wb.engine.TaskKey;
import dev.wb.engine.json.CanonicalJson;
import dev.wb.engine.json.PythonJson;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;

/**
 * {@code wb sdd get KEY --section X}: one section of a plan, so a consumer reads the slice it needs
 * (the original's {@code sdd.section}). The plan is read as the file it is, not validated: a section
 * the plan lacks is {@code null}, as the original prints it.
 */
public final class PlanSection {

    /** The sections a plan's file holds, in the original's order ({@link PlanReader#TOP} reads them). */
    static final ImmutableList<String> WRITTEN = ImmutableList.of(
            "objective",
            "evidence",
            "files",
            "zones",
            "steps",
            "tests",
            "verify",
            "verify_env",
            "rollback",
            "product",
            "handover",
            "questions");

    /** The original's sections, in its order: the written ones and the summary made of them. */
    public static final List<String> SECTIONS =
            ImmutableList.<String>builder().addAll(WRITTEN).add("summary").build();

    private PlanSection() {}

    /** Exit 2 for a section the original does not have, listing them. */
    public static String requireSection(String name) {
        if (!SECTIONS.contains(name)) {
            throw Failure.usage("unknown section: " + name, "sections: " + String.join(", ", SECTIONS));
        }
        return name;
    }

    /**
     * The section of {@code .workflow/KEY/sdd.json}: exit 2 for an unknown section, 6 when there is no
     * plan, 3 when it is not a JSON object or not a file wb reads (InputFiles), as the original's
     * {@code read_json} raises a configuration error for a plan that is not JSON.
     */
    public static JsonNode read(Workspace workspace, TaskKey key, String section) {
        requireSection(section);
        return of(plan(workspace, key), section);
    }

    /** The section of a plan already read. */
    public static JsonNode of(JsonNode plan, String section) {
        requireSection(section);
        if (!section.equals("summary")) {
            return plan.has(section) ? plan.get(section) : JsonNodeFactory.instance.nullNode();
        }
        ObjectNode summary = CanonicalJson.objectNode();
        summary.set("key", field(plan, "key"));
        summary.set("objective", field(plan, "objective"));
        ArrayNode files = summary.putArray("files");
        if (plan.path("files").isArray()) {
            plan.get("files")
                    .forEach(item ->
                            files.add(item.isObject() ? field(item, "path") : JsonNodeFactory.instance.nullNode()));
        }
        ArrayNode zones = summary.putArray("zones");
        zoneNames(plan.path("zones")).forEach(zones::add);
        summary.set("rollback", field(plan, "rollback"));
        return summary;
    }

    /** The section as the original prints it: {@code json.dumps(value, indent=2, ensure_ascii=False)}. */
    public static String text(JsonNode value) {
        return PythonJson.dumps(value, PythonJson.Style.ARTIFACT);
    }

    /**
     * The whole of {@code .workflow/KEY/sdd.json} as the JSON object it is, not validated: exit 6 when
     * there is no plan, 3 when it is not a JSON object or not a file wb reads.
     */
    public static JsonNode document(Workspace workspace, TaskKey key) {
        return plan(workspace, key);
    }

    private static JsonNode plan(Workspace workspace, TaskKey key) {
        Path file = workspace.workflowDir().resolve(key.value()).resolve("sdd.json");
        String shown = TaskFolder.relative(workspace.root(), file);
        Optional<InputFiles.Content> content;
        try {
            content = InputFiles.read(workspace.root(), file, InputFiles.Kind.PLAN);
        } catch (InputFiles.Unusable e) {
            throw e.failure(Failure.Kind.CONFIG);
        }
        byte[] bytes = content.orElseThrow(() -> Failure.missing(
                        "no plan for " + key + ": " + shown + " does not exist", "write one: wb sdd blank " + key))
                .textBytes();
        JsonNode plan;
        try {
            plan = PythonJson.parse(bytes);
        } catch (IllegalArgumentException e) {
            throw new Failure(
                    Failure.Kind.CONFIG,
                    shown + " is " + e.getMessage(),
                    List.of("fix the JSON in " + shown + " (wb sdd audit " + key + " names the line)"));
        }
        if (!plan.isObject()) {
            throw new Failure(
                    Failure.Kind.CONFIG,
                    shown + " is not a JSON object (it is " + PlanFields.kind(plan) + ")",
                    List.of("a plan is one object: wb sdd blank writes its skeleton"));
        }
        return plan;
    }

    private static JsonNode field(JsonNode object, String name) {
        return object.has(name) ? object.get(name) : JsonNodeFactory.instance.nullNode();
    }

    /** {@code sorted(doc.get("zones") or {})}: an object's zone names, or an array's strings, by code point. */
    private static List<String> zoneNames(JsonNode zones) {
        List<String> names = new ArrayList<>();
        if (zones.isObject()) {
            zones.fieldNames().forEachRemaining(names::add);
        } else if (zones.isArray()) {
            zones.forEach(z -> {
                if (z.isTextual()) {
                    names.add(z.textValue());
                }
            });
        }
        names.sort(PythonJson::compareCodePoints);
        return names;
    }
}
