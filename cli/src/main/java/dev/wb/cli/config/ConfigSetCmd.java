package dev.wb.cli.config;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import com.fasterxml.jackson.databind.node.TextNode;
import dev.wb.cli.core.Console;
import dev.wb.cli.core.Exit;
import dev.wb.cli.core.Exits;
import dev.wb.cli.core.LeafCmd;
import dev.wb.cli.core.Specs;
import dev.wb.cli.core.WbCommand;
import dev.wb.commands.base.Failure;
import dev.wb.commands.base.Workspace;
import dev.wb.commands.config.ConfigReader;
import dev.wb.commands.config.ConfigView;
import dev.wb.commands.config.JudgeAgentsConfig;
import dev.wb.commands.config.UserConfig;
import dev.wb.commands.config.WorkspaceConfig;
import dev.wb.engine.json.CanonicalJson;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import picocli.CommandLine.Model.CommandSpec;

/** {@code wb config set KEY VALUE}: one key of config.json, parsed, checked against the schema, written. */
public final class ConfigSetCmd extends LeafCmd {

    private static final Exits EXITS = Exits.of(
            Exit.OK.as("set (a warning on stderr when a model's shape is unfamiliar)"),
            Exit.USAGE.as("a key that cannot be set or a value that is never valid"),
            Exit.CONFIG.as("unusable config.json"));

    String key;
    String value;
    boolean user;

    private ConfigSetCmd(WbCommand root) {
        super(root, EXITS);
    }

    static CommandSpec spec(WbCommand root) {
        ConfigSetCmd cmd = new ConfigSetCmd(root);
        List<String> keys = new ArrayList<>(List.of("Keys:"));
        ConfigKeys.KEYS.values().forEach(k -> keys.add("  " + k.key() + " " + k.value() + "  " + k.description()));
        keys.add("  … and every other single value of the schema (wb config show lists them), typed by its"
                + " default: true|false, a number, text, or a comma-separated list.");
        keys.add("  A list or a block is also written as JSON, quoted for the shell:");
        keys.add(
                "  wb config set checks.command_sets.py '{\"commands\": [[\"pytest\"]], \"env\": {\"PYTHONPATH\": \"src\"}}'");
        keys.add("");
        CommandSpec spec = cmd.command(
                "set",
                "Set one key of .workflow/config.json, keeping every other" + " key as it is.",
                keys.toArray(new String[0]));
        spec.addPositional(picocli.CommandLine.Model.PositionalParamSpec.builder()
                .index("0")
                .arity("1")
                .required(true)
                .paramLabel("KEY")
                .type(String.class)
                .description("The key, dotted: " + String.join(", ", ConfigKeys.KEYS.keySet()) + ".")
                .setter(new picocli.CommandLine.Model.ISetter() {
                    @Override
                    public <T> T set(T v) {
                        cmd.key = (String) v;
                        return null;
                    }
                })
                .build());
        spec.addPositional(picocli.CommandLine.Model.PositionalParamSpec.builder()
                .index("1")
                .arity("1")
                .required(true)
                .paramLabel("VALUE")
                .type(String.class)
                .description("The value; quote one that" + " holds spaces.")
                .setter(new picocli.CommandLine.Model.ISetter() {
                    @Override
                    public <T> T set(T v) {
                        cmd.value = (String) v;
                        return null;
                    }
                })
                .build());
        spec.addOption(Specs.json(root));
        spec.addOption(Specs.flag(
                "--user",
                "Write the user config ($XDG_CONFIG_HOME/wb/config.json, default ~/.config/wb/config.json),"
                        + " which holds only personal keys (" + String.join(", ", UserConfig.KEYS) + ").",
                on -> cmd.user = on));
        // A value may look like an option (agents.providers.claude.args --verbose): only wb's own
        // options are options here, anything else is the value.
        spec.parser().unmatchedOptionsArePositionalParams(true);
        return spec;
    }

    @Override
    protected Exit run() {
        if (user) {
            return setUser();
        }
        Workspace ws = Workspace.require(root.context().cwd());
        WorkspaceConfig config = WorkspaceConfig.load(ws);
        if (key.startsWith("identity.")) {
            throw Failure.usage(
                    "identity is set whole: its name and email belong together",
                    "wb config set identity \"Ada Lovelace <ada@example.com>\"");
        }
        ConfigKeys.Settable settable = settable(ConfigView.effective(config, JudgeAgentsConfig.load(ws)));
        ConfigKeys.Parsed parsed = settable.parse().apply(value);
        ObjectNode before = JudgeAgentsConfig.readRoot(ws);
        ObjectNode after = JudgeAgentsConfig.with(before, List.of(key.split("\\.")), parsed.value());
        SchemaKeys.check(after, key, WorkspaceConfig.FILE);
        JudgeAgentsConfig.write(ws, after);
        return report(parsed, settable.after().apply(ws), WorkspaceConfig.FILE, !after.equals(before));
    }

    /**
     * The parser of the key: its own ({@link ConfigKeys}), a single value of the schema ({@link SchemaKeys}),
     * or, for a block or a new member of a named block, the value as JSON; exit 2 for a key the schema does
     * not have, naming the closest ones.
     */
    private ConfigKeys.Settable settable(JsonNode effective) {
        if (ConfigKeys.KEYS.containsKey(key)) {
            return ConfigKeys.KEYS.get(key);
        }
        Optional<ConfigKeys.Settable> single = SchemaKeys.settable(key);
        if (single.isPresent()) {
            return single.get();
        }
        if (!ConfigValues.known(key, effective)) {
            throw ConfigValues.unknown(
                    key,
                    value.isEmpty() ? Optional.empty() : Optional.of(shellWord(value)),
                    effective,
                    ConfigKeys.KEYS.keySet());
        }
        if (key.startsWith("agents.judge")) {
            throw Failure.usage(
                    key + " is not set as a whole: its keys have their own parsers and side effects",
                    "set them one at a time: wb config set " + String.join(" | ", ConfigKeys.KEYS.keySet()));
        }
        JsonNode now = effective.at(ConfigValues.pointer(key));
        if (!ConfigValues.looksJson(value) && now.isObject()) {
            throw Failure.usage(
                    key + " is a block, not a single value: give it as a JSON list or object",
                    ConfigValues.example(key)
                            .map(x -> "wb config set " + key + " '" + x + "'")
                            .orElse("wb config show --json shows its current value, as JSON"));
        }
        // A member of a block the user names (a variable, a set's paths): JSON, else a list when it is one
        // now, else text; the schema check that follows refuses a wrong shape with an example.
        return new ConfigKeys.Settable(
                key,
                "<json>",
                "",
                text -> ConfigKeys.Parsed.of(
                        ConfigValues.looksJson(text)
                                ? ConfigValues.json(key, text)
                                : now.isArray() ? ConfigValues.commaList(text) : TextNode.valueOf(text)),
                ws -> ConfigKeys.After.NOTHING);
    }

    /** {@code --user}: one of the personal keys, in the user's own file ({@link UserConfig}). */
    private Exit setUser() {
        Map<String, String> env = root.context().env();
        Path file = UserConfig.file(env)
                .orElseThrow(() -> Failure.usage(
                        "there is no user config here: neither XDG_CONFIG_HOME nor HOME is set",
                        "set HOME (the file is ~/.config/wb/config.json) and run it again"));
        List<String> near = ConfigReader.closest(key, UserConfig.KEYS, 3);
        if (!UserConfig.KEYS.contains(key) && !near.isEmpty()) {
            throw Failure.usage(
                    "unknown key " + key + ": the user config holds only " + String.join(", ", UserConfig.KEYS),
                    "did you mean " + near.get(0) + "? wb config set --user " + near.get(0) + " " + shellWord(value));
        }
        if (!UserConfig.KEYS.contains(key)) {
            throw Failure.usage(
                    key + " cannot be set in the user config (" + file + "): it holds only "
                            + String.join(", ", UserConfig.KEYS) + ", personal keys that never change a"
                            + " repository's gate",
                    "wb config set " + key + " " + (value.isEmpty() ? "VALUE" : shellWord(value))
                            + " sets it in the repository's " + WorkspaceConfig.FILE
                            + " (committed, so CI reads it too)");
        }
        ConfigKeys.Parsed parsed = ConfigKeys.KEYS.get(key).parse().apply(value);
        ObjectNode before = UserConfig.root(env);
        ObjectNode after = JudgeAgentsConfig.with(before, List.of(key.split("\\.")), parsed.value());
        SchemaKeys.check(after, key, file.toString());
        UserConfig.write(file, after);
        return report(parsed, ConfigKeys.After.NOTHING, file.toString(), !after.equals(before));
    }

    private static String shellWord(String text) {
        return text.matches("[A-Za-z0-9_./,:@=+-]+") ? text : "'" + text.replace("'", "'\\''") + "'";
    }

    private Exit report(ConfigKeys.Parsed parsed, ConfigKeys.After followed, String file, boolean changed) {
        Console console = root.context().console();
        // A secret is set, never echoed: the terminal, a CI log or a --json consumer sees only the mask.
        JsonNode shown = ConfigValues.shown(key, parsed.value());
        parsed.warnings().forEach(w -> console.warning(w.message(), w.fix()));
        followed.warnings().forEach(w -> console.warning(w.message(), w.fix()));
        if (root.json()) {
            ObjectNode doc = CanonicalJson.objectNode();
            doc.put("key", key);
            doc.set("value", shown);
            doc.put("file", file);
            doc.put("changed", changed);
            ArrayNode warnings = doc.putArray("warnings");
            parsed.warnings()
                    .forEach(w ->
                            warnings.addObject().put("message", w.message()).put("fix", w.fix()));
            followed.warnings()
                    .forEach(w ->
                            warnings.addObject().put("message", w.message()).put("fix", w.fix()));
            ArrayNode files = doc.putArray("regenerated");
            followed.regenerated().forEach(files::add);
            console.json(doc);
            return Exit.OK;
        }
        console.line(key + " = " + CanonicalJson.text(shown, false) + " in " + file);
        followed.lines().forEach(line -> console.line("  " + line));
        return Exit.OK;
    }
}
