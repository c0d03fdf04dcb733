package dev.wb.cli.config;

import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.wb.cli.core.Console;
import dev.wb.cli.core.Exit;
import dev.wb.cli.core.Exits;
import dev.wb.cli.core.LeafCmd;
import dev.wb.cli.core.Specs;
import dev.wb.cli.core.WbCommand;
import dev.wb.commands.base.Workspace;
import dev.wb.commands.config.ConfigView;
import dev.wb.commands.config.JudgeAgentsConfig;
import dev.wb.commands.config.LocatedTree;
import dev.wb.commands.config.OriginalKeys;
import dev.wb.commands.config.UserConfig;
import dev.wb.commands.config.WorkspaceConfig;
import dev.wb.engine.json.CanonicalJson;
import java.nio.file.Path;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.Optional;
import picocli.CommandLine.Model.CommandSpec;

/** {@code wb config show}: the effective configuration, and where each value comes from. */
public final class ConfigShowCmd extends LeafCmd {

    private static final Exits EXITS = Exits.of(
            Exit.OK.as("shown"), Exit.CONFIG.as("config.json unusable (the error names the key and its line)"));

    boolean origin;

    private ConfigShowCmd(WbCommand root) {
        super(root, EXITS);
    }

    static CommandSpec spec(WbCommand root) {
        ConfigShowCmd cmd = new ConfigShowCmd(root);
        CommandSpec spec = cmd.command(
                "show",
                "Every setting in force, from .workflow/config.json or its" + " default, with secrets masked.",
                "Every key: docs/CONFIG.md.",
                "");
        spec.addOption(Specs.json(root));
        spec.addOption(Specs.flag(
                "--origin",
                "Say beside each value which file it came from: repository, user"
                        + " (~/.config/wb/config.json) or default.",
                on -> cmd.origin = on));
        return spec;
    }

    @Override
    protected Exit run() {
        Workspace ws = Workspace.require(root.context().cwd());
        Optional<LocatedTree> file = WorkspaceConfig.read(ws);
        WorkspaceConfig repository = file.map(WorkspaceConfig::of).orElse(WorkspaceConfig.DEFAULTS);
        Optional<UserConfig.Loaded> user = UserConfig.read(root.context().env());
        WorkspaceConfig config = WorkspaceConfig.of(file, user);
        boolean userCounts = !config.equals(repository);
        JudgeAgentsConfig judge = JudgeAgentsConfig.load(ws);
        ObjectNode effective = ConfigView.effective(config, judge);
        Map<String, String> origins = new LinkedHashMap<>();
        ConfigView.leaves(effective).keySet().forEach(key -> origins.put(key, origin(key, file, user, userCounts)));
        Shown shown = new Shown(file, user, config, effective, origins);
        if (root.json()) {
            root.context().console().json(json(shown));
        } else {
            text(shown);
        }
        return Exit.OK;
    }

    /**
     * What is shown: the repository's file (when there is one), the user's, the config they make, its
     * effective values, and where each value came from.
     */
    private record Shown(
            Optional<LocatedTree> file,
            Optional<UserConfig.Loaded> user,
            WorkspaceConfig config,
            ObjectNode effective,
            Map<String, String> origins) {}

    private ObjectNode json(Shown shown) {
        Optional<LocatedTree> file = shown.file();
        Optional<UserConfig.Loaded> user = shown.user();
        WorkspaceConfig config = shown.config();
        ObjectNode effective = shown.effective();
        Map<String, String> origins = shown.origins();
        ObjectNode doc = CanonicalJson.objectNode();
        doc.put("file", WorkspaceConfig.FILE);
        doc.put("exists", file.isPresent());
        doc.set("config", effective);
        ArrayNode defaults = doc.putArray("defaults");
        origins.forEach((key, from) -> {
            if (from.equals(DEFAULT)) {
                defaults.add(key);
            }
        });
        if (origin) {
            UserConfig.file(root.context().env()).ifPresent(f -> doc.put("userFile", f.toString()));
            doc.put("userExists", user.isPresent());
            ObjectNode byKey = doc.putObject("origins");
            origins.forEach(byKey::put);
        }
        ArrayNode original = doc.putArray("original");
        config.originals()
                .values()
                .forEach((key, value) -> original.addObject()
                        .put("key", key)
                        .<ObjectNode>set("value", value)
                        .put("note", OriginalKeys.NOTES.get(key)));
        return doc;
    }

    private void text(Shown shown) {
        Optional<LocatedTree> file = shown.file();
        Optional<UserConfig.Loaded> user = shown.user();
        WorkspaceConfig config = shown.config();
        ObjectNode effective = shown.effective();
        Map<String, String> origins = shown.origins();
        Console console = root.context().console();
        console.line(WorkspaceConfig.FILE + (file.isPresent() ? "" : " (absent: every value is the default)")
                + ", secrets masked:");
        if (origin) {
            console.line("user config: "
                    + UserConfig.file(root.context().env()).map(Path::toString).orElse("none (no HOME)")
                    + (user.isPresent() ? "" : " (absent)") + "; the repository's file wins over it");
            ConfigView.leaves(effective)
                    .forEach((key, value) -> console.line("  " + key + " = " + CanonicalJson.text(value, false) + "  ("
                            + (origins.get(key).equals(USER)
                                    ? "user: " + user.get().file()
                                    : origins.get(key))
                            + ")"));
        } else {
            ConfigView.lines(effective, file.orElse(null)).forEach(l -> console.line("  " + l));
        }
        if (!config.originals().values().isEmpty()) {
            console.line(
                    "keys from the original workbench (docs/CONFIG.md, \"Config from the original" + " workbench\"):");
            config.originals()
                    .values()
                    .forEach((key, value) -> console.line("  " + key + " = " + CanonicalJson.text(value, false) + "  — "
                            + OriginalKeys.NOTES.get(key)));
        }
    }

    private static final String REPOSITORY = "repository";
    private static final String USER = "user";
    private static final String DEFAULT = "default";

    /** Which file a key's value came from: the repository's, the user's (only where it counts), or none. */
    private static String origin(
            String key, Optional<LocatedTree> file, Optional<UserConfig.Loaded> user, boolean userCounts) {
        if (file.isPresent() && file.get().lines().containsKey(key)) {
            return REPOSITORY;
        }
        if (userCounts && user.get().tree().lines().containsKey(key)) {
            return USER;
        }
        return DEFAULT;
    }
}
