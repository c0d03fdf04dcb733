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
import dev.wb.commands.Failure;
import dev.wb.commands.Workspace;
import dev.wb.commands.config.ConfigView;
import dev.wb.commands.config.JudgeAgentsConfig;
import dev.wb.commands.config.WorkspaceConfig;
import dev.wb.commands.process.SecretNames;
import dev.wb.engine.json.CanonicalJson;
import java.util.ArrayList;
import java.util.List;
import picocli.CommandLine.Model.CommandSpec;

/** {@code wb config set KEY VALUE}: one key of config.json, parsed, checked against the schema, written. */
public final class ConfigSetCmd extends LeafCmd {

    private static final Exits EXITS = Exits.of(
            Exit.OK.as("set (a warning on stderr when a model's shape is unfamiliar)"),
            Exit.USAGE.as("a key that cannot be set or a value that is never valid"),
            Exit.CONFIG.as("unusable config.json"));

    @Override
    public Exits exits() {
        return EXITS;
    }

    String key;
    String value;

    private ConfigSetCmd(WbCommand root) {
        super(root);
    }

    static CommandSpec spec(WbCommand root) {
        ConfigSetCmd cmd = new ConfigSetCmd(root);
        List<String> keys = new ArrayList<>(List.of("Keys:"));
        ConfigKeys.KEYS.values().forEach(k -> keys.add("  " + k.key() + " " + k.value() + "  " + k.description()));
        keys.add("  … and every other single value of the schema (wb config show lists them), typed by its"
                + " default: true|false, a number, text, or a comma-separated list.");
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
        // A value may look like an option (agents.providers.claude.args --verbose): only wb's own
        // options are options here, anything else is the value.
        spec.parser().unmatchedOptionsArePositionalParams(true);
        return spec;
    }

    @Override
    protected Exit run() {
        Workspace ws = Workspace.require(root.context().cwd());
        WorkspaceConfig.load(ws);
        if (key.startsWith("identity.")) {
            throw Failure.usage(
                    "identity is set whole: its name and email belong together",
                    "wb config set identity \"Ada Lovelace <ada@example.com>\"");
        }
        ConfigKeys.Settable settable = ConfigKeys.KEYS.containsKey(key)
                ? ConfigKeys.KEYS.get(key)
                : SchemaKeys.settable(key)
                        .orElseThrow(
                                () -> Failure.usage(
                                        "wb config set cannot set " + key + ": it is not a single value of the schema",
                                        "wb config show lists every key and its value; lists take comma-separated values",
                                        "command sets and provider blocks are edited in .workflow/config.json (docs/CONFIG.md)"));
        ConfigKeys.Parsed parsed = settable.parse().apply(value);
        ObjectNode before = JudgeAgentsConfig.readRoot(ws);
        List<String> path = List.of(key.split("\\."));
        ObjectNode after = JudgeAgentsConfig.with(before, path, parsed.value());
        SchemaKeys.check(after);
        JudgeAgentsConfig.write(ws, after);
        ConfigKeys.After followed = settable.after().apply(ws);

        Console console = root.context().console();
        // A secret is set, never echoed: the terminal, a CI log or a --json consumer sees only the mask.
        JsonNode shown = !parsed.value().isTextual()
                ? parsed.value()
                : TextNode.valueOf(
                        SecretNames.secret(key.substring(key.lastIndexOf('.') + 1))
                                ? ConfigView.mask(parsed.value().textValue())
                                : ConfigView.maskUrl(parsed.value().textValue()));
        parsed.warnings().forEach(w -> console.warning(w.message(), w.fix()));
        followed.warnings().forEach(w -> console.warning(w.message(), w.fix()));
        if (root.json()) {
            ObjectNode doc = CanonicalJson.objectNode();
            doc.put("key", key);
            doc.set("value", shown);
            doc.put("file", ".workflow/config.json");
            doc.put("changed", !after.equals(before));
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
        console.line(key + " = " + CanonicalJson.text(shown, false) + " in .workflow/config.json");
        followed.lines().forEach(line -> console.line("  " + line));
        return Exit.OK;
    }
}
