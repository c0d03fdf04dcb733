package dev.wb.cli.git;

import dev.wb.cli.core.WbCommand;
import dev.wb.commands.Keys;
import dev.wb.commands.Session;
import dev.wb.commands.ci.CiCheck;
import dev.wb.commands.gitflow.GitFlow;
import java.util.List;
import picocli.CommandLine.Model.CommandSpec;

/** {@code wb git commit}: the commit of what is staged, with the message in .workflow/KEY/commit.txt. */
public final class GitCommitCmd extends GitSeriesCmd {

    private GitCommitCmd(WbCommand root) {
        super(root, "commit");
    }

    public static CommandSpec spec(WbCommand root) {
        GitCommitCmd cmd = new GitCommitCmd(root);
        CommandSpec spec = series(
                cmd,
                "Print (or --execute) the commit of what is staged, with the"
                        + " message in .workflow/KEY/commit.txt. Needs a passing, current audit.",
                true);
        return spec;
    }

    @Override
    List<CiCheck.Check> afterCommit(Session session) {
        return CiCheck.outlook(session, Keys.task(key)).stream()
                .filter(check -> !check.passed())
                .toList();
    }

    @Override
    GitFlow.Planned plan(Session session) {
        return GitFlow.commit(session, Keys.task(key), root.context().env());
    }
}
