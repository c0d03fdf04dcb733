package dev.wb.cli.judge;

import dev.wb.cli.core.Exit;
import dev.wb.cli.core.Exits;
import dev.wb.cli.core.LeafCmd;
import dev.wb.cli.core.Specs;
import dev.wb.cli.core.WbCommand;
import dev.wb.commands.base.Workspace;
import dev.wb.commands.judge.agents.JudgeAgents;
import picocli.CommandLine.Model.CommandSpec;

/** {@code wb judge disable [--dry-run] [--force]}: the judge switched off, wb's guard hook removed. */
public final class JudgeDisableCmd extends LeafCmd {

    private static final Exits EXITS = Exits.of(
            Exit.OK.as("disabled"), Exit.CONFIG.as("unusable config.json, or settings.local.json without --force"));

    boolean dryRun;
    boolean force;

    private JudgeDisableCmd(WbCommand root) {
        super(root, EXITS);
    }

    @Override
    protected Exit run() {
        Workspace ws = Workspace.require(root.context().cwd());
        JudgeAgents.Result result = JudgeAgents.disable(ws, dryRun, force);
        JudgeAgentsOutput.finish(root, result, dryRun);
        return Exit.OK;
    }

    public static CommandSpec spec(WbCommand root) {
        JudgeDisableCmd cmd = new JudgeDisableCmd(root);
        CommandSpec spec = cmd.command(
                "disable",
                "Disable the judge: set agents.judge.enabled to false,"
                        + " remove wb's guard hook from .claude/settings.local.json (only wb's own entry; the file goes when"
                        + " it held nothing else) and then wb's rule for that file in .git/info/exclude. The generated"
                        + " agent files are kept.");
        spec.addOption(Specs.flag("--dry-run", "Print what would change, and write nothing.", on -> cmd.dryRun = on));
        spec.addOption(Specs.flag(
                "--force",
                "Disable even when .claude/settings.local.json cannot be read: the"
                        + " file is left as it is, with a warning.",
                on -> cmd.force = on));
        return Specs.withJson(root, spec);
    }
}
