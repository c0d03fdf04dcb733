package dev.wb.cli.config;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.BooleanNode;
import com.fasterxml.jackson.databind.node.IntNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import com.fasterxml.jackson.databind.node.TextNode;
import dev.wb.commands.base.Failure;
import dev.wb.commands.config.ConfigReader;
import dev.wb.commands.config.ConfigView;
import dev.wb.commands.config.JudgeAgentsConfig;
import dev.wb.commands.config.WorkspaceConfig;
import dev.wb.engine.json.CanonicalJson;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Locale;
import java.util.Optional;

/**
 * The keys of the schema {@code wb config set} can set beyond its own table: every single value (a
 * switch, a number, a string, a list of strings) the effective configuration has, typed by its default.
 * The whole file is read against the schema before it is written, so a value out of range is refused
 * and config.json is left as it was.
 */
public final class SchemaKeys {

    private SchemaKeys() {}

    /** The key as a {@link ConfigKeys.Settable}, when it is a single value of the schema. */
    static Optional<ConfigKeys.Settable> settable(String key) {
        JsonNode defaults = ConfigView.effective(WorkspaceConfig.DEFAULTS, JudgeAgentsConfig.DEFAULTS);
        JsonNode node = defaults.at("/" + key.replace(".", "/"));
        if (key.startsWith("agents.judge.")
                || key.startsWith("critical_zones")
                || key.startsWith("checks.command_sets")
                || node.isMissingNode()
                || node.isObject()
                || (node.isArray() && !strings(node))) {
            if (!key.equals("identity.name") && !key.equals("identity.email")) {
                return Optional.empty();
            }
            node = TextNode.valueOf("");
        }
        JsonNode type = node;
        return Optional.of(new ConfigKeys.Settable(
                key,
                describe(type),
                "",
                text -> ConfigKeys.Parsed.of(parse(key, type, text)),
                ws -> ConfigKeys.After.NOTHING));
    }

    /**
     * Reads the would-be file against the schema; a refusal is exit 2, naming the key set and an example of
     * its value, and nothing is written to {@code file}.
     */
    static void check(ObjectNode root, String key, String file) {
        byte[] bytes = CanonicalJson.text(root, true).getBytes(StandardCharsets.UTF_8);
        try {
            WorkspaceConfig.of(WorkspaceConfig.parse(bytes));
        } catch (Failure f) {
            String message = f.getMessage().replaceFirst("^\\Q" + WorkspaceConfig.FILE + "\\E line \\d+: ", "");
            List<String> fixes = new ArrayList<>();
            ConfigValues.example(key).ifPresent(x -> fixes.add("for example: wb config set " + key + " '" + x + "'"));
            fixes.add("every key and its values: " + WorkspaceConfig.DOCS);
            throw Failure.usage(
                    "the value of " + key + " is refused, and " + file + " is unchanged: " + message,
                    fixes.toArray(new String[0]));
        }
    }

    private static boolean strings(JsonNode array) {
        for (JsonNode item : array) {
            if (!item.isTextual()) {
                return false;
            }
        }
        return true;
    }

    private static String describe(JsonNode type) {
        return type.isBoolean()
                ? "true|false"
                : type.isNumber() ? "<number>" : type.isArray() ? "a,b,c or [\"a\", \"b\"]" : "<text>";
    }

    private static JsonNode parse(String key, JsonNode type, String text) {
        if (type.isBoolean()) {
            return switch (text.trim().toLowerCase(Locale.ROOT)) {
                case "true" -> BooleanNode.TRUE;
                case "false" -> BooleanNode.FALSE;
                default ->
                    throw Failure.usage(
                            key + " is true or false, not \"" + text + "\"", "wb config set " + key + " true");
            };
        }
        if (type.isNumber()) {
            try {
                return IntNode.valueOf(Integer.parseInt(text.trim()));
            } catch (NumberFormatException e) {
                throw Failure.usage(key + " is a whole number, not \"" + text + "\"", "wb config set " + key + " 3");
            }
        }
        if (type.isArray() && ConfigValues.looksJson(text)) {
            JsonNode list = ConfigValues.json(key, text);
            if (!list.isArray()) {
                throw Failure.usage(
                        key + " is a list, not " + ConfigReader.describe(list),
                        "wb config set " + key + " '[\"a\", \"b\"]' (or comma-separated: a,b)");
            }
            return list;
        }
        if (type.isArray()) {
            ArrayNode list = CanonicalJson.objectNode().arrayNode();
            if (!text.isBlank()) {
                Arrays.stream(text.split(",", -1)).map(String::trim).forEach(list::add);
            }
            return list;
        }
        return TextNode.valueOf(text);
    }

    static List<String> examples() {
        return List.of(
                "wb config set security.strict_isolation true",
                "wb config set agents.allowed claude,codex",
                "wb config set git.create_pull_request true");
    }
}
