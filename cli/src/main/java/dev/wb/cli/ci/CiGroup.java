package dev.wb.cli.ci;

import dev.wb.cli.core.GroupCmd;
import dev.wb.cli.core.WbCommand;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.function.Function;
import picocli.CommandLine.Model.CommandSpec;

/** {@code wb ci init|check}: wb in a team's CI (docs/CI.md). */
public final class CiGroup {

    private CiGroup() {}

    public static CommandSpec spec(WbCommand root) {
        Map<String, Function<WbCommand, CommandSpec>> members = new LinkedHashMap<>();
        members.put("init", CiInitCmd::spec);
        members.put("check", CiCheckCmd::spec);
        return GroupCmd.spec(
                root,
                "ci",
                "wb in CI: write the GitHub Actions workflow, and the gate a pull request passes.",
                members);
    }
}
