package dev.wb.cli.commit;

import dev.wb.cli.core.GroupCmd;
import dev.wb.cli.core.WbCommand;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.function.Function;
import picocli.CommandLine.Model.CommandSpec;

/** {@code wb commit convention|check}: the repository's commit convention, and a drafted message against it. */
public final class CommitGroup {

    private CommitGroup() {}

    public static CommandSpec spec(WbCommand root) {
        Map<String, Function<WbCommand, CommandSpec>> members = new LinkedHashMap<>();
        members.put("convention", CommitConventionCmd::spec);
        members.put("check", CommitCheckCmd::spec);
        return GroupCmd.spec(
                root,
                "commit",
                "Commit messages: the convention this repository already uses, and a drafted message checked against"
                        + " it (a message that passes is saved for wb git commit). Nothing here commits.",
                members);
    }
}
