package dev.wb.cli.judge;

import dev.wb.cli.core.WbCommand;
import dev.wb.commands.judge.run.CommandApprovals;
import dev.wb.engine.text.TerminalText;
import java.io.BufferedReader;
import java.io.IOException;
import java.io.InputStreamReader;
import java.io.PrintWriter;
import java.nio.charset.StandardCharsets;
import java.util.List;

/** A person's consent at the terminal to commands wb is about to run through a shell. */
public final class Consent {

    private Consent() {}

    /** The terminal's consent to a capsule's validation commands: the list on stderr, y/N read from stdin. */
    public static CommandApprovals.Terminal validation(WbCommand.Context run) {
        return commands -> ask(
                "The capsule declares these validation commands; they run through a shell, in this order:",
                commands,
                run);
    }

    /**
     * The terminal's consent to {@code commands}, under {@code heading}: the list on the run's stderr,
     * y/N from its stdin. Each command is shown with its control characters escaped, so a carriage
     * return or an escape sequence cannot repaint the line into another command.
     */
    public static boolean ask(String heading, List<String> commands, WbCommand.Context run) {
        return ask(
                heading,
                commands,
                run.console().err(),
                new BufferedReader(new InputStreamReader(run.terminals().stdin(), StandardCharsets.UTF_8)));
    }

    /** As {@link #ask(String, List, WbCommand.Context)}, on the given streams. */
    public static boolean ask(String heading, List<String> commands, PrintWriter err, BufferedReader in) {
        err.println(heading);
        for (int i = 0; i < commands.size(); i++) {
            err.println("  " + (i + 1) + ". " + TerminalText.escape(commands.get(i)));
        }
        err.print("Run them? [y/N] ");
        err.flush();
        try {
            String answer = in.readLine();
            return answer != null
                    && (answer.strip().equalsIgnoreCase("y") || answer.strip().equalsIgnoreCase("yes"));
        } catch (IOException e) {
            return false;
        }
    }
}
