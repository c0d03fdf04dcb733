package dev.wb.cli.config;

import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.wb.cli.core.Console;
import dev.wb.cli.core.Exit;
import dev.wb.cli.core.Exits;
import dev.wb.cli.core.LeafCmd;
import dev.wb.cli.core.Specs;
import dev.wb.cli.core.WbCommand;
import dev.wb.commands.Workspace;
import dev.wb.commands.config.ConfigView;
import dev.wb.commands.config.JudgeAgentsConfig;
import dev.wb.commands.config.LocatedTree;
import dev.wb.commands.config.OriginalKeys;
import dev.wb.commands.config.WorkspaceConfig;
import dev.wb.engine.json.CanonicalJson;
import java.util.Optional;
import picocli.CommandLine.Model.CommandSpec;

/** {@code wb config show}: the effective configuration, and where each value comes from. */
public final class ConfigShowCmd extends LeafCmd {

    private static final Exits EXITS = Exits.of(
            Exit.OK.as("shown"), Exit.CONFIG.as("config.json unusable (the error names the key and its line)"));

    @Override
    public Exits exits() {
        return EXITS;
    }

    private ConfigShowCmd(WbCommand root) {
        super(root);
    }

    static CommandSpec spec(WbCommand root) {
        ConfigShowCmd cmd = new ConfigShowCmd(root);
        CommandSpec spec = cmd.command(
                "show",
                "Every setting in force, from .workflow/config.json or its" + " default, with secrets masked.",
                "Every key: docs/CONFIG.md.",
                "");
        spec.addOption(Specs.json(root));
        return spec;
    }

    @Override
    protected Exit run() {
        Workspace ws = Workspace.require(root.context().cwd());
        Optional<LocatedTree> file = WorkspaceConfig.read(ws);
        WorkspaceConfig config = file.map(WorkspaceConfig::of).orElse(WorkspaceConfig.DEFAULTS);
        JudgeAgentsConfig judge = JudgeAgentsConfig.load(ws);
        ObjectNode effective = ConfigView.effective(config, judge);
        Console console = root.context().console();
        if (root.json()) {
            ObjectNode doc = CanonicalJson.objectNode();
            doc.put("file", WorkspaceConfig.FILE);
            doc.put("exists", file.isPresent());
            doc.set("config", effective);
            ArrayNode defaults = doc.putArray("defaults");
            ConfigView.lines(effective, file.orElse(null)).stream()
                    .filter(l -> l.endsWith("  (default)"))
                    .map(l -> l.substring(0, l.indexOf(" = ")))
                    .forEach(defaults::add);
            ArrayNode original = doc.putArray("original");
            config.originals()
                    .values()
                    .forEach((key, value) -> original.addObject()
                            .put("key", key)
                            .<ObjectNode>set("value", value)
                            .put("note", OriginalKeys.NOTES.get(key)));
            console.json(doc);
            return Exit.OK;
        }
        console.line(WorkspaceConfig.FILE + (file.isPresent() ? "" : " (absent: every value is the default)")
                + ", secrets masked:");
        ConfigView.lines(effective, file.orElse(null)).forEach(l -> console.line("  " + l));
        if (!config.originals().values().isEmpty()) {
            console.line(
                    "keys from the original workbench (docs/CONFIG.md, \"Config from the original" + " workbench\"):");
            config.originals()
                    .values()
                    .forEach((key, value) -> console.line("  " + key + " = " + CanonicalJson.text(value, false) + "  — "
                            + OriginalKeys.NOTES.get(key)));
        }
        return Exit.OK;
    }
}
