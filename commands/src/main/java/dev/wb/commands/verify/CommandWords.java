package dev.wb.commands.verify;

import java.util.ArrayList;
import java.util.List;
import java.util.Objects;

/**
 * Splits a verify command into the words of a process's argv, exactly as a POSIX shell splits words
 * and does nothing else: no variables, globs, tildes, substitutions or comments. A plan's command is
 * run directly, never by a shell, so the only shell behaviour worth having is the one a reader
 * expects when reading {@code pytest -k "slow and not db"}: how the quotes group words.
 *
 * <ul>
 *   <li>Blanks (space, tab, and the line breaks {@code \n} and {@code \r}, as Python's shlex) separate words.
 *   <li>Single quotes keep everything literally, backslashes included.
 *   <li>Double quotes keep everything literally except that a backslash escapes {@code $ ` " \} and
 *       a line break (removed, a line continuation); before anything else it stays a backslash, so
 *       {@code "C:\Program Files\x.exe"} keeps its backslashes.
 *   <li>Outside quotes a backslash makes the next character literal ({@code \}+line break: removed).
 *   <li>Adjacent quoted and unquoted parts are one word; {@code ""} and {@code ''} are an empty word.
 * </ul>
 *
 * <p>Where POSIX and Python's {@code shlex.split} differ — shlex keeps the backslash of {@code "\$"}
 * and {@code "\`"} — this follows POSIX, which is what a user pasting the command into a terminal
 * sees. The policy refuses {@code `}, {@code $(} and line breaks before splitting anyway.
 */
public final class CommandWords {

    /** What a backslash inside double quotes escapes; before anything else it is a backslash. */
    private static final String ESCAPED_IN_DOUBLE_QUOTES = "$`\"\\\n";

    private CommandWords() {}

    /**
     * The words of the command.
     *
     * @throws IllegalArgumentException for an unterminated quote or a trailing backslash
     */
    public static List<String> split(String command) {
        Objects.requireNonNull(command, "command");
        List<String> words = new ArrayList<>();
        StringBuilder word = new StringBuilder();
        boolean inWord = false;
        int i = 0;
        while (i < command.length()) {
            char c = command.charAt(i);
            if (isBlank(c)) {
                if (inWord) {
                    words.add(word.toString());
                    word.setLength(0);
                    inWord = false;
                }
                i++;
            } else if (c == '\'') {
                int close = command.indexOf('\'', i + 1);
                if (close < 0) {
                    throw unterminated("single", i, command);
                }
                word.append(command, i + 1, close);
                inWord = true;
                i = close + 1;
            } else if (c == '"') {
                i = doubleQuoted(command, i, word);
                inWord = true;
            } else if (c == '\\') {
                if (i + 1 == command.length()) {
                    throw new IllegalArgumentException(
                            "cannot split " + quoted(command) + ": it ends with a backslash that escapes nothing");
                }
                char next = command.charAt(i + 1);
                if (next != '\n') {
                    word.append(next);
                    inWord = true;
                }
                i += 2;
            } else {
                word.append(c);
                inWord = true;
                i++;
            }
        }
        if (inWord) {
            words.add(word.toString());
        }
        return List.copyOf(words);
    }

    /** Appends the double-quoted part opening at {@code open}; returns the index after its close. */
    private static int doubleQuoted(String command, int open, StringBuilder word) {
        int i = open + 1;
        while (i < command.length()) {
            char c = command.charAt(i);
            if (c == '"') {
                return i + 1;
            }
            if (c == '\\' && i + 1 < command.length() && ESCAPED_IN_DOUBLE_QUOTES.indexOf(command.charAt(i + 1)) >= 0) {
                char next = command.charAt(i + 1);
                if (next != '\n') {
                    word.append(next);
                }
                i += 2;
            } else {
                word.append(c);
                i++;
            }
        }
        throw unterminated("double", open, command);
    }

    private static boolean isBlank(char c) {
        return c == ' ' || c == '\t' || c == '\n' || c == '\r';
    }

    private static IllegalArgumentException unterminated(String kind, int at, String command) {
        return new IllegalArgumentException("cannot split " + quoted(command) + ": the " + kind + " quote at character "
                + (at + 1) + " is never closed");
    }

    private static String quoted(String command) {
        return "\"" + command.replace("\n", "\\n").replace("\r", "\\r") + "\"";
    }
}
