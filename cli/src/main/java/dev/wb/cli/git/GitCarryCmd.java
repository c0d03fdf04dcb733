package dev.wb.cli.git;

import dev.wb.cli.core.Specs;
import dev.wb.cli.core.WbCommand;
import dev.wb.commands.Keys;
import dev.wb.commands.Session;
import dev.wb.commands.gitflow.GitFlow;
import picocli.CommandLine.Model.CommandSpec;

/** {@code wb git carry}: KEY's commits not yet on --to BRANCH, cherry-picked onto a new branch cut from it. */
public final class GitCarryCmd extends GitSeriesCmd {

    private GitCarryCmd(WbCommand root) {
        super(root, "carry");
    }

    public static CommandSpec spec(WbCommand root) {
        GitCarryCmd cmd = new GitCarryCmd(root);
        CommandSpec spec = series(
                cmd,
                "Print (or --execute) KEY's commits not yet on --to BRANCH, oldest"
                        + " first, cherry-picked onto a new branch cut from it.",
                true);
        spec.addOption(Specs.option(
                        "--to",
                        "BRANCH",
                        String.class,
                        "The branch to carry the commits onto.",
                        value -> cmd.to = (String) value)
                .toBuilder()
                .required(true)
                .build());
        return spec;
    }

    @Override
    GitFlow.Planned plan(Session session) {
        return GitFlow.carry(session, Keys.task(key), to);
    }
}
