package dev.wb.cli.git;

import dev.wb.cli.core.GroupCmd;
import dev.wb.cli.core.WbCommand;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.function.Function;
import picocli.CommandLine.Model.CommandSpec;

/** {@code wb git ctx|start|commit|push|carry}: git, guarded. */
public final class GitGroup {

    private GitGroup() {}

    public static CommandSpec spec(WbCommand root) {
        Map<String, Function<WbCommand, CommandSpec>> members = new LinkedHashMap<>();
        members.put("ctx", GitCtxCmd::spec);
        members.put("start", GitStartCmd::spec);
        members.put("commit", GitCommitCmd::spec);
        members.put("push", GitPushCmd::spec);
        members.put("carry", GitCarryCmd::spec);
        return GroupCmd.spec(
                root, "git", "Git, guarded: every command prints its series; --execute runs exactly that.", members);
    }
}
