package dev.wb.cli.show;

import dev.wb.commands.Failure;
import dev.wb.engine.text.TerminalText;
import java.util.Map;

/**
 * Colour for {@code wb show}, decided once a run: on a terminal only (stdin and stdout both one, as
 * {@code Terminals.interactive} says), never when {@code NO_COLOR} is set to anything but the empty
 * string (https://no-color.org), never when {@code TERM=dumb}; {@code --color=always} or {@code
 * never} decides instead, as no-color.org lets a command-line flag do. Only whole, already escaped
 * texts are wrapped: the escape codes are wb's own, never a payload's.
 */
final class Paint {

    private static final String ESC = "\u001b[";
    private static final String RESET = ESC + "0m";

    /** {@code --color}'s values. */
    enum When {
        ALWAYS,
        NEVER,
        AUTO
    }

    private final boolean on;

    private Paint(boolean on) {
        this.on = on;
    }

    /** {@code --color}'s value, or a usage failure naming the three. */
    static When when(String value) {
        return switch (value) {
            case "always" -> When.ALWAYS;
            case "never" -> When.NEVER;
            case "auto" -> When.AUTO;
            default ->
                throw Failure.usage(
                        "--color takes always, never or auto, not '" + TerminalText.escape(value) + "'",
                        "wb show KEY --color=never");
        };
    }

    /** The paint of a run: {@code when}, and for {@code auto} the terminal and the environment. */
    static Paint of(When when, Map<String, String> env, boolean terminal) {
        return new Paint(
                switch (when) {
                    case ALWAYS -> true;
                    case NEVER -> false;
                    case AUTO ->
                        terminal && env.getOrDefault("NO_COLOR", "").isEmpty() && !"dumb".equals(env.get("TERM"));
                });
    }

    /** Whether this run colours. */
    boolean on() {
        return on;
    }

    /** Green for good, red for bad, yellow for a warning; plain text as it is. */
    String tone(Tone tone, String text) {
        return switch (tone) {
            case GOOD -> wrap("32m", text);
            case BAD -> wrap("31m", text);
            case WARN -> wrap("33m", text);
            case PLAIN -> text;
        };
    }

    /** Faint: times and counts. */
    String dim(String text) {
        return wrap("2m", text);
    }

    /** Bold: the stage names. */
    String bold(String text) {
        return wrap("1m", text);
    }

    private String wrap(String code, String text) {
        return on && !text.isEmpty() ? ESC + code + text + RESET : text;
    }
}
