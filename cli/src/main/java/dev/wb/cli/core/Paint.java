package dev.wb.cli.core;

import dev.wb.commands.base.Failure;
import dev.wb.engine.text.TerminalText;
import java.util.Map;
import java.util.Set;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * The one colour helper every command uses, decided once a run: on a terminal only (stdin and stdout
 * both one, as {@code Terminals.interactive} says), never under {@code --json}, never when {@code
 * NO_COLOR} is set to anything but the empty string (https://no-color.org), never when {@code
 * TERM=dumb}; {@code wb show}'s {@code --color=always} or {@code never} decides instead, as
 * no-color.org lets a command-line flag do. Only whole, already escaped texts are wrapped: the escape
 * codes are wb's own, never a payload's.
 */
public final class Paint {

    private static final String ESC = "\u001b[";
    private static final String RESET = ESC + "0m";
    private static final Set<String> GOOD_MARKS = Set.of("ok", "OK", "PASS", "pass", "passed", "ready");
    private static final Set<String> BAD_MARKS =
            Set.of("FAIL", "FAILED", "fail", "failed", "DEVIATION", "deviation", "not ready", "broken");
    private static final Pattern RESULT_LINE =
            Pattern.compile("([^:\n]{1,200}: )(OK|FAIL|WARN|SKIP|ready|not ready)(?= |$)");
    private static final Set<String> WARN_MARKS = Set.of("WARN", "pending", "overlap", "SKIP");

    /** {@code --color}'s values. */
    public enum When {
        ALWAYS,
        NEVER,
        AUTO
    }

    private final boolean on;

    private Paint(boolean on) {
        this.on = on;
    }

    /** {@code --color}'s value, or a usage failure naming the three and the command line to run instead. */
    public static When when(String value, String insteadRun) {
        return switch (value) {
            case "always" -> When.ALWAYS;
            case "never" -> When.NEVER;
            case "auto" -> When.AUTO;
            default ->
                throw Failure.usage(
                        "--color takes always, never or auto, not '" + TerminalText.escape(value) + "'",
                        insteadRun + " --color=never");
        };
    }

    /** The paint of a run: {@code when}, and for {@code auto} the terminal and the environment. */
    public static Paint of(When when, Map<String, String> env, boolean terminal) {
        return new Paint(
                switch (when) {
                    case ALWAYS -> true;
                    case NEVER -> false;
                    case AUTO ->
                        terminal && env.getOrDefault("NO_COLOR", "").isEmpty() && !"dumb".equals(env.get("TERM"));
                });
    }

    /** The paint of a command's text output: {@code auto} on its terminal, and none at all under {@code --json}. */
    public static Paint of(WbCommand root) {
        WbCommand.Context context = root.context();
        return of(When.AUTO, context.env(), !root.json() && context.terminals().interactive());
    }

    /** Whether this run colours. */
    public boolean on() {
        return on;
    }

    /** Green: passed, ok. */
    public String good(String text) {
        return wrap("32m", text);
    }

    /** Red: failed, a deviation. */
    public String bad(String text) {
        return wrap("31m", text);
    }

    /** Yellow: a warning, something pending. */
    public String warn(String text) {
        return wrap("33m", text);
    }

    /**
     * A status word as a command prints it ({@code ok}, {@code FAIL}, {@code DEVIATION}, {@code WARN},
     * {@code pending}…), in its colour; any other word, and every word in a pipe, as it is. {@code
     * shown} is the word as laid out (padded to a column); the mark is read from its trimmed form.
     */
    public String mark(String shown) {
        String word = shown.strip();
        if (GOOD_MARKS.contains(word)) {
            return good(shown);
        }
        if (BAD_MARKS.contains(word)) {
            return bad(shown);
        }
        return WARN_MARKS.contains(word) ? warn(shown) : shown;
    }

    /**
     * A result line, {@code name: MARK — why} ({@code claude: OK — …}, {@code flow x: FAIL — …},
     * {@code preflight: not ready — …}), with its mark in colour; any other line as it is.
     */
    public String marked(String line) {
        Matcher m = RESULT_LINE.matcher(line);
        return on && m.lookingAt() ? m.group(1) + mark(m.group(2)) + line.substring(m.end(2)) : line;
    }

    /** Faint: times and counts. */
    public String dim(String text) {
        return wrap("2m", text);
    }

    /** Bold: the stage names. */
    public String bold(String text) {
        return wrap("1m", text);
    }

    private String wrap(String code, String text) {
        return on && !text.isEmpty() ? ESC + code + text + RESET : text;
    }
}
