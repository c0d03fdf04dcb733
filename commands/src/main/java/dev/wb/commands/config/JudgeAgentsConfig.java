package dev.wb.commands.config;

import com.fasterxml.jackson.core.JsonGenerator;
import com.fasterxml.jackson.core.util.DefaultIndenter;
import com.fasterxml.jackson.core.util.DefaultPrettyPrinter;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.wb.commands.base.Failure;
import dev.wb.commands.base.Workspace;
import dev.wb.engine.fs.AtomicFiles;
import dev.wb.engine.json.CanonicalJson;
import java.io.IOException;
import java.io.StringWriter;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.EnumMap;
import java.util.Iterator;
import java.util.List;
import java.util.Map;
import java.util.Optional;

/**
 * The judge's settings in {@code .workflow/config.json}, under {@code agents.judge}:
 *
 * <pre>{"agents": {"judge": {"enabled": true, "targets": ["claude", "copilot", "codex"],
 *                          "model": {"claude": "sonnet", "copilot": "Claude Sonnet 4.5", "codex": "gpt-5-codex"}}}}</pre>
 *
 * <p>Absent: disabled, every target, the host's default model. Writing changes one key and keeps every
 * other key of the file, in its order; the file is replaced whole, atomically. The rest of the file is read
 * against the whole schema by {@link dev.wb.commands.config.WorkspaceConfig}.
 */
public record JudgeAgentsConfig(
        boolean enabled, List<JudgeAgentTarget> targets, boolean piListed, Map<JudgeAgentTarget, String> models) {

    public static final List<String> ENABLED = List.of("agents", "judge", "enabled");
    public static final List<String> TARGETS = List.of("agents", "judge", "targets");

    public static List<String> modelKey(JudgeAgentTarget target) {
        return List.of("agents", "judge", "model", target.id());
    }

    public static final JudgeAgentsConfig DEFAULTS =
            new JudgeAgentsConfig(false, List.of(JudgeAgentTarget.values()), false, Map.of());

    public static Path file(Workspace ws) {
        return ws.workflowDir().resolve("config.json");
    }

    /** The configured model of a target; empty: the host's default. */
    public Optional<String> model(JudgeAgentTarget target) {
        return Optional.ofNullable(models.get(target));
    }

    public static JudgeAgentsConfig load(Workspace ws) {
        return of(readRoot(ws));
    }

    /** The whole of config.json, or an empty object when there is none; exit 3 when it cannot be used. */
    public static ObjectNode readRoot(Workspace ws) {
        Path file = file(ws);
        if (Files.isSymbolicLink(file)) {
            throw invalid(".workflow/config.json is a symbolic link; wb reads and replaces only a regular file");
        }
        Optional<byte[]> read = SettingsObject.textBytes(ws, file);
        if (read.isEmpty()) {
            return CanonicalJson.objectNode();
        }
        byte[] bytes = read.get();
        JsonNode root;
        try {
            root = CanonicalJson.parse(bytes);
        } catch (RuntimeException e) {
            throw invalid(".workflow/config.json is not JSON: " + e.getMessage());
        }
        if (root == null || !root.isObject()) {
            throw invalid(".workflow/config.json must be a JSON object");
        }
        return (ObjectNode) root;
    }

    /** Reads {@code agents.judge} out of config.json's root. */
    public static JudgeAgentsConfig of(ObjectNode root) {
        JsonNode agents = root.get("agents");
        if (agents == null) {
            return DEFAULTS;
        }
        if (!agents.isObject()) {
            throw invalid(".workflow/config.json: agents must be an object");
        }
        JsonNode judge = agents.get("judge");
        if (judge == null) {
            return DEFAULTS;
        }
        if (!judge.isObject()) {
            throw invalid(".workflow/config.json: agents.judge must be an object");
        }
        boolean enabled = enabled(judge.get("enabled"));
        Targets targets = targets(judge.get("targets"));
        return new JudgeAgentsConfig(enabled, List.copyOf(targets.hosts()), targets.pi(), models(judge.get("model")));
    }

    /** {@code agents.judge.enabled}: off unless set. */
    private static boolean enabled(JsonNode on) {
        if (on == null) {
            return false;
        }
        if (!on.isBoolean()) {
            throw invalid(".workflow/config.json: agents.judge.enabled must be true or false, not " + on);
        }
        return on.booleanValue();
    }

    /** The targets {@code agents.judge.targets} names, and whether it names Pi (refused later, by name). */
    private record Targets(List<JudgeAgentTarget> hosts, boolean pi) {}

    /** {@code agents.judge.targets}: every target unless set, each named once. */
    private static Targets targets(JsonNode list) {
        if (list == null) {
            return new Targets(List.of(JudgeAgentTarget.values()), false);
        }
        if (!list.isArray()) {
            throw invalid(".workflow/config.json: agents.judge.targets must be an array of claude, copilot, codex");
        }
        List<JudgeAgentTarget> targets = new ArrayList<>();
        boolean pi = false;
        for (JsonNode item : list) {
            if (item.isTextual() && item.textValue().trim().equalsIgnoreCase(JudgeAgentTarget.PI)) {
                pi = true;
                continue;
            }
            Optional<JudgeAgentTarget> target =
                    item.isTextual() ? JudgeAgentTarget.of(item.textValue()) : Optional.empty();
            if (target.isEmpty()) {
                throw invalid(".workflow/config.json: agents.judge.targets holds " + item
                        + "; the targets are claude, copilot and codex");
            }
            if (!targets.contains(target.get())) {
                targets.add(target.get());
            }
        }
        return new Targets(targets, pi);
    }

    /** {@code agents.judge.model}: a model id by target, each one the target accepts; a null is no model. */
    private static Map<JudgeAgentTarget, String> models(JsonNode model) {
        Map<JudgeAgentTarget, String> models = new EnumMap<>(JudgeAgentTarget.class);
        if (model == null) {
            return Map.copyOf(models);
        }
        if (!model.isObject()) {
            throw invalid(".workflow/config.json: agents.judge.model must be an object of target to model id");
        }
        for (Iterator<Map.Entry<String, JsonNode>> it = model.properties().iterator(); it.hasNext(); ) {
            Map.Entry<String, JsonNode> entry = it.next();
            Optional<JudgeAgentTarget> target = JudgeAgentTarget.of(entry.getKey());
            if (target.isEmpty()) {
                throw invalid(".workflow/config.json: agents.judge.model." + entry.getKey()
                        + " names no target; the targets are claude, copilot and codex");
            }
            JsonNode value = entry.getValue();
            if (value.isNull()) {
                continue;
            }
            if (!value.isTextual()) {
                throw invalid(".workflow/config.json: agents.judge.model." + entry.getKey() + " must be a string, not "
                        + value);
            }
            try {
                models.put(target.get(), JudgeAgentModels.require(target.get(), value.textValue()));
            } catch (Failure e) {
                throw invalid(".workflow/config.json: agents.judge.model." + entry.getKey() + ": " + e.getMessage());
            }
        }
        return Map.copyOf(models);
    }

    /**
     * A copy of the root with one key set, creating the objects on its path; every other key keeps its
     * place. A path through something that is not an object stops with exit 3.
     */
    public static ObjectNode with(ObjectNode root, List<String> path, JsonNode value) {
        ObjectNode copy = root.deepCopy();
        ObjectNode at = copy;
        for (int i = 0; i < path.size() - 1; i++) {
            JsonNode next = at.get(path.get(i));
            if (next == null || next.isNull()) {
                next = at.putObject(path.get(i));
            } else if (!next.isObject()) {
                throw invalid(".workflow/config.json: " + String.join(".", path.subList(0, i + 1))
                        + " is not an object, so " + String.join(".", path) + " cannot be set");
            }
            at = (ObjectNode) next;
        }
        at.set(path.get(path.size() - 1), value);
        return copy;
    }

    /** Replaces config.json whole, atomically, pretty-printed in the file's own key order. */
    public static void write(Workspace ws, ObjectNode root) {
        Path file = file(ws);
        try {
            Files.createDirectories(file.getParent());
            AtomicFiles.write(file, pretty(root).getBytes(StandardCharsets.UTF_8));
        } catch (IOException e) {
            throw new Failure(
                    Failure.Kind.CONFIG,
                    "cannot write .workflow/config.json: " + e.getMessage(),
                    List.of("check that " + file.getParent() + " is writable"));
        }
    }

    /** JSON for files people also read: two-space indentation, {@code "key": value}, a final newline. */
    public static String pretty(JsonNode node) {
        StringWriter out = new StringWriter();
        DefaultIndenter indenter = new DefaultIndenter("  ", "\n");
        DefaultPrettyPrinter printer = new DefaultPrettyPrinter() {
            @Override
            public DefaultPrettyPrinter createInstance() {
                DefaultPrettyPrinter copy = new DefaultPrettyPrinter(this) {
                    @Override
                    public void writeObjectFieldValueSeparator(JsonGenerator g) throws IOException {
                        g.writeRaw(": ");
                    }
                };
                copy.indentArraysWith(indenter);
                copy.indentObjectsWith(indenter);
                return copy;
            }
        };
        try (JsonGenerator gen = CanonicalJson.FACTORY.createGenerator(out)) {
            gen.setPrettyPrinter(printer.createInstance());
            tree(gen, node);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
        return out + "\n";
    }

    private static void tree(JsonGenerator gen, JsonNode node) throws IOException {
        if (node.isObject()) {
            gen.writeStartObject();
            for (Iterator<Map.Entry<String, JsonNode>> it = node.properties().iterator(); it.hasNext(); ) {
                Map.Entry<String, JsonNode> field = it.next();
                gen.writeFieldName(field.getKey());
                tree(gen, field.getValue());
            }
            gen.writeEndObject();
        } else if (node.isArray()) {
            gen.writeStartArray();
            for (JsonNode element : node) {
                tree(gen, element);
            }
            gen.writeEndArray();
        } else if (node.isTextual()) {
            gen.writeString(node.textValue());
        } else if (node.isIntegralNumber()) {
            gen.writeNumber(node.bigIntegerValue());
        } else if (node.isNumber()) {
            gen.writeNumber(node.decimalValue().toPlainString());
        } else if (node.isBoolean()) {
            gen.writeBoolean(node.booleanValue());
        } else {
            gen.writeNull();
        }
    }

    static Failure invalid(String message) {
        return new Failure(
                Failure.Kind.CONFIG,
                message,
                List.of("edit .workflow/config.json, or set the key with"
                        + " wb config set (agents.judge: docs/JUDGE.md)"));
    }
}
