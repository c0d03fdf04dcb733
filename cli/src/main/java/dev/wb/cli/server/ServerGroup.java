package dev.wb.cli.server;

import dev.wb.cli.core.GroupCmd;
import dev.wb.cli.core.WbCommand;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.function.Function;
import picocli.CommandLine.Model.CommandSpec;

/** {@code wb server status|stop}: this install's warm servers (docs/SERVER.md). */
public final class ServerGroup {

    private ServerGroup() {}

    public static CommandSpec spec(WbCommand root) {
        Map<String, Function<WbCommand, CommandSpec>> members = new LinkedHashMap<>();
        members.put("status", ServerStatusCmd::spec);
        members.put("stop", ServerStopCmd::spec);
        return GroupCmd.spec(
                root,
                "server",
                "The warm servers that run wb's commands without a JVM start each (WB_SERVER=off: none).",
                members);
    }
}
