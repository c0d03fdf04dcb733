package dev.wb.cli.hooks;

import dev.wb.cli.core.GroupCmd;
import dev.wb.cli.core.WbCommand;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.function.Function;
import picocli.CommandLine.Model.CommandSpec;

/** {@code wb hooks install|uninstall|status|run}: wb's checks in an agent host's own hook settings (docs/HOOKS.md). */
public final class HooksGroup {

    private HooksGroup() {}

    public static CommandSpec spec(WbCommand root) {
        Map<String, Function<WbCommand, CommandSpec>> members = new LinkedHashMap<>();
        members.put("install", HooksInstallCmd::install);
        members.put("uninstall", HooksInstallCmd::uninstall);
        members.put("status", HooksStatusCmd::spec);
        members.put("run", HooksRunCmd::spec);
        return GroupCmd.spec(
                root,
                "hooks",
                "Agent integration: make Claude Code, Codex or GitHub Copilot run wb impl check after each edit"
                        + " and wb impl verify before the agent stops, through the host's own hook settings.",
                members);
    }
}
