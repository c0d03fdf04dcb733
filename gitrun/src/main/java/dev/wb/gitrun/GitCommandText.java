package dev.wb.gitrun;

import dev.wb.engine.text.TerminalText;
import java.util.List;
import java.util.regex.Pattern;

/**
 * A git step as the command a user can read and paste: {@code git} and its arguments, each quoted
 * POSIX-style when a shell would otherwise split it, expand it or read it as a redirect. The
 * address after {@code --author} is the usual case: unquoted, {@code <} and {@code >} would redirect
 * git's input and output instead of reaching git as one argument. A control character is shown
 * escaped ({@link TerminalText}), never reproduced: a step never carries one (the policy refuses it),
 * and printed raw it could make the command read as another.
 */
public final class GitCommandText {

    /** Characters no POSIX shell treats specially anywhere in a word. */
    private static final Pattern PLAIN = Pattern.compile("[A-Za-z0-9_@%+=:,./-]+");

    private GitCommandText() {}

    /** {@code git ARGS}, each argument quoted if it needs to be. */
    public static String print(List<String> argv) {
        StringBuilder text = new StringBuilder("git");
        for (String token : argv) {
            text.append(' ').append(quote(token));
        }
        return text.toString();
    }

    /**
     * One argument as a shell word that reads back as exactly {@code token}: as it is when every
     * character is plain, else in single quotes, inside which nothing is special, with each single
     * quote written as {@code '\''}. Hints for the user to paste (a branch, an address, a
     * {@code --to} value) are quoted by the same rule as the series.
     */
    public static String quote(String token) {
        if (PLAIN.matcher(token).matches()) {
            return token;
        }
        return TerminalText.escape("'" + token.replace("'", "'\\''") + "'");
    }
}
