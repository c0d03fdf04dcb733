package dev.wb.cli.help;

import dev.wb.cli.core.Exit;
import dev.wb.cli.core.Exits;
import dev.wb.cli.core.LeafCmd;
import dev.wb.cli.core.Specs;
import dev.wb.cli.core.WbCommand;
import dev.wb.commands.base.Failure;
import picocli.AutoComplete;
import picocli.CommandLine.Model.CommandSpec;

/**
 * {@code wb generate-completion [--shell bash|zsh|fish]}: the completion script of the whole command tree.
 * bash and zsh share picocli's script ({@link AutoComplete}; zsh runs it through bashcompinit), with task
 * keys completed where a command takes a KEY ({@link TaskKeyCompletion}); fish gets its own ({@link
 * FishCompletion}), made from the same specs.
 */
public final class CompletionCmd extends LeafCmd {

    private static final Exits EXITS =
            Exits.of(Exit.OK.as("printed"), Exit.USAGE.as("--shell names a shell wb does not complete"));

    private static final String SHELLS = "bash, zsh or fish";

    private CommandSpec spec;
    private String shell = "bash";

    private CompletionCmd(WbCommand root) {
        super(root, EXITS);
    }

    public static CommandSpec spec(WbCommand root) {
        CompletionCmd cmd = new CompletionCmd(root);
        cmd.spec = cmd.command(
                "generate-completion",
                "Print a completion script for wb (bash, zsh or fish): its commands and options, and the task"
                        + " keys of the repository you are in (the .workflow/KEY/ folders) where a command takes a KEY.",
                "Install for bash: wb generate-completion > ~/.local/share/bash-completion/completions/wb",
                "For fish: wb generate-completion --shell fish > ~/.config/fish/completions/wb.fish",
                "Or, in ~/.bashrc or ~/.zshrc (zsh: after autoload -U compinit bashcompinit; compinit;"
                        + " bashcompinit): source <(wb generate-completion)",
                "bin/install.sh installs all three.");
        cmd.spec.addOption(Specs.option(
                "--shell",
                "SHELL",
                String.class,
                "The shell the script is for: bash (the default), zsh (the same script, through bashcompinit)"
                        + " or fish.",
                value -> cmd.shell = String.valueOf(value)));
        return cmd.spec;
    }

    @Override
    protected Exit run() {
        String script = switch (shell) {
            case "bash", "zsh" ->
                TaskKeyCompletion.addTo(AutoComplete.bash("wb", spec.root().commandLine()), spec.root());
            case "fish" -> FishCompletion.script(spec.root());
            default ->
                throw Failure.usage(
                        "--shell " + shell + " is not a shell wb completes (" + SHELLS + ")",
                        "wb generate-completion --shell fish   (or bash, zsh)");
        };
        console().out().print(script);
        console().out().flush();
        return Exit.OK;
    }
}
