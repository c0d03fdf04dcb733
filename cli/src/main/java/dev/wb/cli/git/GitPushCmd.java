package dev.wb.cli.git;

import dev.wb.cli.core.WbCommand;
import dev.wb.commands.Session;
import dev.wb.commands.gitflow.GitFlow;
import picocli.CommandLine.Model.CommandSpec;

/** {@code wb git push}: the first publication of the current branch. */
public final class GitPushCmd extends GitSeriesCmd {

    private GitPushCmd(WbCommand root) {
        super(root, "push");
    }

    public static CommandSpec spec(WbCommand root) {
        GitPushCmd cmd = new GitPushCmd(root);
        CommandSpec spec = series(
                cmd,
                "Print (or --execute) the first publication of the current"
                        + " branch (a branch that has an upstream is never pushed again).",
                false);
        return spec;
    }

    @Override
    GitFlow.Planned plan(Session session) {
        return GitFlow.push(session);
    }
}
