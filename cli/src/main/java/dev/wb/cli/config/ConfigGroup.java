package dev.wb.cli.config;

import dev.wb.cli.core.GroupCmd;
import dev.wb.cli.core.WbCommand;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.function.Function;
import picocli.CommandLine.Model.CommandSpec;

/** {@code wb config show|set}: the checkout's settings in {@code .workflow/config.json}. */
public final class ConfigGroup {

    private ConfigGroup() {}

    public static CommandSpec spec(WbCommand root) {
        Map<String, Function<WbCommand, CommandSpec>> members = new LinkedHashMap<>();
        members.put("show", ConfigShowCmd::spec);
        members.put("set", ConfigSetCmd::spec);
        return GroupCmd.spec(root, "config", "The checkout's settings in .workflow/config.json.", members);
    }
}
