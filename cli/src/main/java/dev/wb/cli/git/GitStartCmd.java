package dev.wb.cli.git;

import dev.wb.cli.core.WbCommand;
import dev.wb.commands.Keys;
import dev.wb.commands.Session;
import dev.wb.commands.gitflow.GitFlow;
import picocli.CommandLine.Model.CommandSpec;

/** {@code wb git start}: the series that starts KEY's branch. */
public final class GitStartCmd extends GitSeriesCmd {

    private GitStartCmd(WbCommand root) {
        super(root, "start");
    }

    public static CommandSpec spec(WbCommand root) {
        GitStartCmd cmd = new GitStartCmd(root);
        CommandSpec spec = series(cmd, "Print (or --execute) the series that starts KEY's branch.", true);
        return spec;
    }

    @Override
    GitFlow.Planned plan(Session session) {
        return GitFlow.start(session, Keys.task(key));
    }
}
