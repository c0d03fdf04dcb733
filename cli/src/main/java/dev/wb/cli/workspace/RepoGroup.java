package dev.wb.cli.workspace;

import dev.wb.cli.core.GroupCmd;
import dev.wb.cli.core.WbCommand;
import java.util.Map;
import picocli.CommandLine.Model.CommandSpec;

/** {@code wb repo zones}: the repository's own commands. */
public final class RepoGroup {

    private RepoGroup() {}

    public static CommandSpec spec(WbCommand root) {
        return GroupCmd.spec(root, "repo", "The repository's critical zones.", Map.of("zones", RepoZonesCmd::spec));
    }
}
