package dev.wb.cli.help;

import dev.wb.cli.core.Exit;
import dev.wb.cli.core.Exits;
import dev.wb.cli.core.LeafCmd;
import dev.wb.cli.core.WbCommand;
import picocli.AutoComplete;
import picocli.CommandLine.Model.CommandSpec;

/**
 * {@code wb generate-completion}: the bash/zsh completion script of the whole command tree (picocli's
 * {@link AutoComplete}), with task keys completed where a command takes a KEY ({@link TaskKeyCompletion}).
 */
public final class CompletionCmd extends LeafCmd {

    private static final Exits EXITS = Exits.of(Exit.OK.as("printed"));

    private CommandSpec spec;

    private CompletionCmd(WbCommand root) {
        super(root);
    }

    @Override
    public Exits exits() {
        return EXITS;
    }

    public static CommandSpec spec(WbCommand root) {
        CompletionCmd cmd = new CompletionCmd(root);
        cmd.spec = cmd.command(
                "generate-completion",
                "Print a bash/zsh completion script for wb: its commands and options, and the task keys of"
                        + " the repository you are in (the .workflow/KEY/ folders) where a command takes a KEY.",
                "Install for bash: wb generate-completion > ~/.local/share/bash-completion/completions/wb",
                "Or, in ~/.bashrc or ~/.zshrc (zsh: after autoload -U compinit bashcompinit; compinit;"
                        + " bashcompinit): source <(wb generate-completion)");
        return cmd.spec;
    }

    @Override
    protected Exit run() {
        String script = AutoComplete.bash("wb", spec.root().commandLine());
        console().out().print(TaskKeyCompletion.addTo(script, spec.root()));
        console().out().flush();
        return Exit.OK;
    }
}
