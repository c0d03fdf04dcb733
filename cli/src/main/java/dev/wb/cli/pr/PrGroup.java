package dev.wb.cli.pr;

import dev.wb.cli.core.GroupCmd;
import dev.wb.cli.core.WbCommand;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.function.Function;
import picocli.CommandLine.Model.CommandSpec;

/** {@code wb pr context|check}: what a pull request description is built from, and a draft checked. */
public final class PrGroup {

    private PrGroup() {}

    public static CommandSpec spec(WbCommand root) {
        Map<String, Function<WbCommand, CommandSpec>> members = new LinkedHashMap<>();
        members.put("context", PrContextCmd::spec);
        members.put("check", PrCheckCmd::spec);
        return GroupCmd.spec(
                root,
                "pr",
                "Pull request descriptions: the inputs to write one from (branch, commits, plan, verification),"
                        + " and a draft checked for filler, empty sections, placeholders and a missing handover."
                        + " Nothing here opens a pull request.",
                members);
    }
}
