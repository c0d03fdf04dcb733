package dev.wb.cli.judge;

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

    /** The terminal's consent: the list on stderr, y/N read from stdin. */
    public static boolean validation(List<String> commands) {
        return ask(
                "The capsule declares these validation commands; they run through a shell, in this order:", commands);
    }

    /**
     * The terminal's consent to {@code commands}, under {@code heading}: the list on stderr, y/N from
     * stdin. Each command is shown with its control characters escaped, so a carriage return or an
     * escape sequence cannot repaint the line into another command.
     */
    public static boolean ask(String heading, List<String> commands) {
        return ask(
                heading,
                commands,
                new PrintWriter(System.err, true, StandardCharsets.UTF_8),
                new BufferedReader(new InputStreamReader(System.in, StandardCharsets.UTF_8)));
    }

    /** As {@link #ask(String, List)}, on the given streams. */
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
