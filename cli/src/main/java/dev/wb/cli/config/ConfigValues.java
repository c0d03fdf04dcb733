package dev.wb.cli.config;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import com.fasterxml.jackson.databind.node.TextNode;
import dev.wb.commands.base.Failure;
import dev.wb.commands.config.ConfigReader;
import dev.wb.commands.config.ConfigView;
import dev.wb.commands.config.LocatedTree;
import dev.wb.commands.config.OriginalKeys;
import dev.wb.commands.process.SecretNames;
import dev.wb.engine.json.CanonicalJson;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;

/**
 * What {@code wb config set} needs beyond one key's parser: a value written as JSON (a list or an object,
 * for the blocks a single value cannot say), which keys exist (for a did-you-mean), an example of a key's
 * value for a {@code fix:} line, and a value as it may be echoed (secrets masked).
 */
final class ConfigValues {

    private static final ObjectMapper JSON = new ObjectMapper();

    /** Blocks whose members the user names (a zone, a set, a provider, a variable, a glob). */
    static final Set<String> NAMED = Set.of(
            "critical_zones", "preset_paths", "checks.command_sets", "security.extra_environment", "agents.providers");

    /** Examples of the blocks' values, by key; a member of a named block goes by the block's name plus {@code .*}. */
    private static final Map<String, String> EXAMPLES = Map.ofEntries(
            Map.entry("checks.command_sets", "{\"py\": {\"commands\": [[\"python\", \"-m\", \"pytest\"]]}}"),
            Map.entry(
                    "checks.command_sets.*",
                    "{\"commands\": [[\"python\", \"-m\", \"pytest\"]], \"env\": {\"PYTHONPATH\": \"src\"}}"),
            Map.entry("checks.command_sets.*.commands", "[[\"ruff\", \"check\", \".\"], [\"pytest\", \"-q\"]]"),
            Map.entry("checks.command_sets.*.env", "{\"PYTHONPATH\": \"src\"}"),
            Map.entry("checks.command_sets.*.paths", "[\"src/**\", \"pyproject.toml\"]"),
            Map.entry("critical_zones", "{\"ledger\": [\"core/ledger/**\"]}"),
            Map.entry("critical_zones.*", "[\"core/ledger/**\"]"),
            Map.entry("preset_paths", "{\"packages/billing/**\": \"enterprise\"}"),
            Map.entry("security.extra_environment", "{\"DOTNET_ROOT\": \"/opt/dotnet\"}"),
            Map.entry("agents.providers", "{\"codex\": {\"command\": \"codex\", \"models\": [\"gpt-5.5\"]}}"),
            Map.entry("agents.providers.*", "{\"command\": \"codex\", \"models\": [\"gpt-5.5\"]}"),
            Map.entry("identity", "{\"name\": \"Ada Lovelace\", \"email\": \"ada@example.com\"}"));

    private ConfigValues() {}

    /** A value that reads as JSON: its first character, spaces aside, opens a list or an object. */
    static boolean looksJson(String text) {
        String t = text.strip();
        return t.startsWith("[") || t.startsWith("{");
    }

    /** The value as JSON; exit 2 naming the key and an example when it does not parse. */
    static JsonNode json(String key, String text) {
        try {
            return JSON.readTree(text);
        } catch (JsonProcessingException e) {
            // Jackson's words, without the source it quotes: a value may be a secret.
            String why = e.getOriginalMessage()
                    .lines()
                    .findFirst()
                    .orElse("")
                    .replaceAll(" \\(start marker at .*", "")
                    .replaceAll("^Unrecognized token '[^']*'.*", "a bare word (JSON writes text in double quotes)")
                    .replaceAll("'[^']*'", "a word")
                    .replaceAll("\\(String\\)\"[^\"]*\"", "a string");
            throw Failure.usage(
                    "the value of " + key + " is not JSON (line "
                            + e.getLocation().getLineNr() + ", column "
                            + e.getLocation().getColumnNr() + "): " + why,
                    example(key)
                            .map(x -> "write it as JSON, quoted for the shell: wb config set " + key + " '" + x + "'")
                            .orElse("write it as JSON, quoted for the shell (every key: docs/CONFIG.md)"));
        }
    }

    /** A comma-separated list, each item trimmed; an empty text is the empty list. */
    static ArrayNode commaList(String text) {
        ArrayNode list = CanonicalJson.objectNode().arrayNode();
        if (!text.isBlank()) {
            for (String item : text.split(",", -1)) {
                list.add(item.trim());
            }
        }
        return list;
    }

    /**
     * Whether {@code key} names a place in the effective configuration, a top-level key of the original
     * workbench's that has no default ({@code commit_style}), or a new member of a named block.
     */
    static boolean known(String key, JsonNode effective) {
        if (!effective.at(pointer(key)).isMissingNode() || OriginalKeys.NOTES.containsKey(key)) {
            return true;
        }
        for (String block : NAMED) {
            if (key.startsWith(block + ".")) {
                return true;
            }
        }
        return false;
    }

    /**
     * An unknown key: exit 2, naming the closest known keys when there are any, with the value the user
     * typed ({@code typed}, as a shell word) or else an example.
     */
    static Failure unknown(String key, Optional<String> typed, JsonNode effective, Iterable<String> more) {
        List<String> keys = keys(effective);
        more.forEach(keys::add);
        List<String> near = ConfigReader.closest(key, keys, 3);
        String fix = near.isEmpty()
                ? "wb config show lists every key; docs/CONFIG.md says what each does"
                : "did you mean " + String.join(" or ", near) + "? wb config set " + near.get(0) + " "
                        + typed.orElseGet(() -> sample(near.get(0), effective));
        return Failure.usage("unknown key " + key + ": .workflow/config.json has no such setting", fix);
    }

    /** A value of the key to show in a command line: its example, else its value now, as it is typed. */
    private static String sample(String key, JsonNode effective) {
        Optional<String> example = example(key);
        if (example.isPresent()) {
            return "'" + example.get() + "'";
        }
        JsonNode now = effective.at(pointer(key));
        if (now.isTextual()) {
            return now.textValue().matches("[A-Za-z0-9_./:@+-]+") ? now.textValue() : "'" + now.textValue() + "'";
        }
        return now.isValueNode() ? now.asText() : "'" + CanonicalJson.text(now, false) + "'";
    }

    /** Every dotted key of a tree, blocks and values alike, in the tree's order. */
    static List<String> keys(JsonNode tree) {
        List<String> keys = new ArrayList<>();
        collect("", tree, keys);
        return keys;
    }

    private static void collect(String path, JsonNode node, List<String> keys) {
        if (!path.isEmpty()) {
            keys.add(path);
        }
        if (node.isObject()) {
            node.properties().forEach(e -> collect(LocatedTree.child(path, e.getKey()), e.getValue(), keys));
        }
    }

    /** An example of the key's value, as JSON text, when the key is a block or a list. */
    static Optional<String> example(String key) {
        String exact = EXAMPLES.get(key);
        if (exact != null) {
            return Optional.of(exact);
        }
        for (String block : NAMED) {
            if (key.startsWith(block + ".")) {
                String member = key.substring(block.length() + 1);
                String rest = member.contains(".") ? member.substring(member.indexOf('.')) : "";
                return Optional.ofNullable(EXAMPLES.get(block + ".*" + rest));
            }
        }
        return Optional.empty();
    }

    /** The value as it may be echoed: a secret-named member masked, a URL's password too. */
    static JsonNode shown(String key, JsonNode value) {
        String last = key.substring(key.lastIndexOf('.') + 1);
        if (value.isTextual()) {
            return TextNode.valueOf(
                    SecretNames.secret(last)
                            ? ConfigView.mask(value.textValue())
                            : ConfigView.maskUrl(value.textValue()));
        }
        if (value.isObject()) {
            ObjectNode copy = CanonicalJson.objectNode();
            value.properties().forEach(e -> copy.set(e.getKey(), shown(e.getKey(), e.getValue())));
            return copy;
        }
        if (value.isArray()) {
            ArrayNode copy = CanonicalJson.objectNode().arrayNode();
            value.forEach(item -> copy.add(shown(key, item)));
            return copy;
        }
        return value;
    }

    static String pointer(String key) {
        StringBuilder p = new StringBuilder();
        for (String segment : key.split("\\.", -1)) {
            p.append('/').append(segment.replace("~", "~0").replace("/", "~1"));
        }
        return p.toString();
    }
}
