package dev.wb.cli.cite;

import dev.wb.cli.core.GroupCmd;
import dev.wb.cli.core.WbCommand;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.function.Function;
import picocli.CommandLine.Model.CommandSpec;

/** {@code wb cite check}: citations on their own, without a task. */
public final class CiteGroup {

    private CiteGroup() {}

    public static CommandSpec spec(WbCommand root) {
        Map<String, Function<WbCommand, CommandSpec>> members = new LinkedHashMap<>();
        members.put("check", CiteCheckCmd::spec);
        return GroupCmd.spec(
                root,
                "cite",
                "Citations on their own: check a file's evidence against the code, without a task.",
                members);
    }
}
