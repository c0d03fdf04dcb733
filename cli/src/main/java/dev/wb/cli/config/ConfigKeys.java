package dev.wb.cli.config;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.BooleanNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import com.fasterxml.jackson.databind.node.TextNode;
import dev.wb.commands.base.Failure;
import dev.wb.commands.base.Workspace;
import dev.wb.commands.config.JudgeAgentModels;
import dev.wb.commands.config.JudgeAgentTarget;
import dev.wb.commands.judge.agents.JudgeAgents;
import dev.wb.engine.json.CanonicalJson;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Optional;
import java.util.function.Function;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * The keys {@code wb config set KEY
 * VALUE} sets one of the keys in {@link #KEYS}, each with the parser that turns the command-line text into
 * the JSON value (refusing what is never valid, warning on what merely looks unfamiliar) and what follows
 * the write. A key is added to the table with its own parser; nothing else changes.
 */
final class ConfigKeys {

    private ConfigKeys() {}

    /** A value read from the command line, and what the user should know about it. */
    record Parsed(JsonNode value, List<JudgeAgents.Warning> warnings) {
        static Parsed of(JsonNode value) {
            return new Parsed(value, List.of());
        }
    }

    /** What a key's write leads to: lines for people and the JSON report, and warnings. */
    record After(List<String> lines, List<ObjectNode> regenerated, List<JudgeAgents.Warning> warnings) {
        static final After NOTHING = new After(List.of(), List.of(), List.of());
    }

    /** One key {@code wb config set} can set. */
    record Settable(
            String key,
            String value,
            String description,
            Function<String, Parsed> parse,
            Function<Workspace, After> after) {}

    /** The keys {@code wb config set} sets, in the order help lists them. */
    static final Map<String, Settable> KEYS = keys();

    private static Map<String, Settable> keys() {
        Map<String, Settable> keys = new LinkedHashMap<>();
        add(
                keys,
                new Settable(
                        "agents.judge.enabled",
                        "true|false",
                        "Whether the judge is enabled (wb judge enable"
                                + " and disable also write the agent files and the guard hook).",
                        ConfigKeys::bool,
                        ws -> new After(
                                List.of(
                                        "the agent files and the guard hook follow wb judge enable and wb judge disable"),
                                List.of(),
                                List.of())));
        add(
                keys,
                new Settable(
                        "agents.judge.targets",
                        "claude,copilot,codex",
                        "The hosts the judge's agent file is" + " written for (Pi has no native subagent API).",
                        ConfigKeys::targets,
                        ws -> new After(
                                List.of("wb judge enable writes the agent files of these targets"),
                                List.of(),
                                List.of())));
        add(
                keys,
                new Settable(
                        "identity",
                        "\"Name <email>\"",
                        "Who work commits in this checkout should be by (wb git"
                                + " ctx checks it); both parts at once.",
                        ConfigKeys::identity,
                        ws -> After.NOTHING));
        for (JudgeAgentTarget target : JudgeAgentTarget.values()) {
            add(
                    keys,
                    new Settable(
                            "agents.judge.model." + target.id(),
                            target == JudgeAgentTarget.COPILOT ? "\"<Model Name>\"" : "<model-id>",
                            "The model of the judge in " + target.host() + ", written"
                                    + " where the host reads it; checked by shape only.",
                            value -> model(target, value),
                            ws -> regenerate(ws, target)));
        }
        return keys;
    }

    private static void add(Map<String, Settable> keys, Settable key) {
        keys.put(key.key(), key);
    }

    private static Parsed bool(String text) {
        return switch (text.trim().toLowerCase(Locale.ROOT)) {
            case "true" -> Parsed.of(BooleanNode.TRUE);
            case "false" -> Parsed.of(BooleanNode.FALSE);
            default ->
                throw Failure.usage(
                        "agents.judge.enabled is true or false, not \"" + text + "\"",
                        "wb config set agents.judge.enabled true");
        };
    }

    private static Parsed identity(String text) {
        if (ConfigValues.looksJson(text)) {
            JsonNode node = ConfigValues.json("identity", text);
            if (!node.isObject()) {
                throw Failure.usage(
                        "identity is an object {\"name\", \"email\"} or \"Name <email>\"",
                        "wb config set identity \"Ada Lovelace <ada@example.com>\"");
            }
            return Parsed.of(node);
        }
        Matcher m = Pattern.compile("\\s*(.*?)\\s*<\\s*([^<>\\s]+@[^<>\\s]+)\\s*>\\s*")
                .matcher(text);
        if (!m.matches() || m.group(1).isBlank()) {
            throw Failure.usage(
                    "identity is \"Name <email>\", not \"" + text + "\"",
                    "wb config set identity \"Ada Lovelace <ada@example.com>\"");
        }
        ObjectNode identity = CanonicalJson.objectNode();
        identity.put("name", m.group(1));
        identity.put("email", m.group(2));
        return Parsed.of(identity);
    }

    private static Parsed targets(String text) {
        ArrayNode list = CanonicalJson.objectNode().arrayNode();
        List<String> seen = new ArrayList<>();
        for (String item : text.split(",", -1)) {
            String name = item.trim().toLowerCase(Locale.ROOT);
            if (name.equals(JudgeAgentTarget.PI)) {
                throw Failure.usage(
                        JudgeAgentTarget.PI_NOT_SUPPORTED,
                        "leave pi out: wb config set" + " agents.judge.targets claude,copilot,codex");
            }
            Optional<JudgeAgentTarget> target = JudgeAgentTarget.of(name);
            if (target.isEmpty()) {
                throw Failure.usage(
                        "agents.judge.targets: \"" + item.trim() + "\" is not a target; the targets are"
                                + " claude, copilot and codex",
                        "wb config set agents.judge.targets claude,copilot,codex");
            }
            if (!seen.contains(target.get().id())) {
                seen.add(target.get().id());
                list.add(target.get().id());
            }
        }
        return Parsed.of(list);
    }

    private static Parsed model(JudgeAgentTarget target, String text) {
        String value = JudgeAgentModels.require(target, text);
        List<JudgeAgents.Warning> warnings = new ArrayList<>();
        JudgeAgentModels.unfamiliar(target, value)
                .ifPresent(w -> warnings.add(new JudgeAgents.Warning(
                        w,
                        "check the identifier in " + target.host() + " (for example " + JudgeAgentModels.example(target)
                                + "); wb does not know the provider's catalogue, so it does not refuse it")));
        return new Parsed(TextNode.valueOf(value), warnings);
    }

    private static After regenerate(Workspace ws, JudgeAgentTarget target) {
        List<JudgeAgents.Warning> warnings = new ArrayList<>();
        Optional<JudgeAgents.FileResult> file = JudgeAgents.regenerate(ws, target, warnings);
        if (file.isEmpty()) {
            return new After(
                    List.of("the judge is not enabled for " + target.id() + ", so no agent file was written;"
                            + " wb judge enable writes it with this model"),
                    List.of(),
                    warnings);
        }
        ObjectNode f = CanonicalJson.objectNode();
        f.put("target", target.id());
        f.put("path", file.get().path());
        f.put("action", file.get().action().id());
        return new After(List.of(file.get().path() + ": " + file.get().action().label()), List.of(f), warnings);
    }
}
