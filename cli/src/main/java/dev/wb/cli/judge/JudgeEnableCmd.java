package dev.wb.cli.judge;

import dev.wb.cli.core.Exit;
import dev.wb.cli.core.Exits;
import dev.wb.cli.core.LeafCmd;
import dev.wb.cli.core.Specs;
import dev.wb.cli.core.WbCommand;
import dev.wb.commands.base.Workspace;
import dev.wb.commands.judge.agents.JudgeAgents;
import dev.wb.commands.judge.agents.WbLauncher;
import java.nio.file.Path;
import java.util.Optional;
import picocli.CommandLine.Model.CommandSpec;

/** {@code wb judge enable [--dry-run] [--force]}: the judge switched on, its agent files and the guard hook written. */
public final class JudgeEnableCmd extends LeafCmd {

    private static final Exits EXITS = Exits.of(
            Exit.OK.as("enabled (or planned, with --dry-run)"),
            Exit.CONFIG.as("unusable config.json or settings.local.json"));

    boolean dryRun;
    boolean force;

    private JudgeEnableCmd(WbCommand root) {
        super(root, EXITS);
    }

    @Override
    protected Exit run() {
        Workspace ws = Workspace.require(root.context().cwd());
        Optional<Path> launcher =
                WbLauncher.find(root.context().env(), root.context().cwd());
        JudgeAgents.Result result = JudgeAgents.enable(ws, dryRun, force, launcher);
        JudgeAgentsOutput.finish(root, result, dryRun);
        return Exit.OK;
    }

    public static CommandSpec spec(WbCommand root) {
        JudgeEnableCmd cmd = new JudgeEnableCmd(root);
        CommandSpec spec = cmd.command(
                "enable",
                "Enable the judge: set agents.judge.enabled in"
                        + " .workflow/config.json, write the judge's agent files from configuration (Claude Code"
                        + " .claude/agents/wb-judge.md, Copilot .github/agents/wb-judge.agent.md, Codex"
                        + " .codex/agents/wb-judge.toml; Pi has no native subagent API), install the review record schema"
                        + " in .workflow/judge/schemas/ and, for Claude Code, the guard hook in .claude/settings.local.json"
                        + " that refuses edits while a validation run holds the lock, keeping that per-developer file out of"
                        + " git with a rule in this clone's .git/info/exclude.",
                "Files wb generated are regenerated from configuration without --force; a file"
                        + " edited by hand is kept and reported unless --force. Set a model with"
                        + " wb config set agents.judge.model.<claude|copilot|codex> <id>.",
                "");
        spec.addOption(
                Specs.flag("--dry-run", "Print what would be written, and write nothing.", on -> cmd.dryRun = on));
        spec.addOption(Specs.flag("--force", "Overwrite agent files that were edited by hand.", on -> cmd.force = on));
        return Specs.withJson(root, spec);
    }
}
