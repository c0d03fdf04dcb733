package dev.wb.commands.judge.core;

import java.util.regex.Pattern;

/**
 * Quotes a word so that a POSIX shell reads it back unchanged, as the fix lines print commands for
 * pasting. Double quotes when nothing inside is special to them (the form people write by hand);
 * otherwise single quotes, with each {@code '} written {@code '\''}.
 */
public final class ShellQuote {

    /** What double quotes do not keep literally ({@code !} for interactive bash's history expansion). */
    private static final Pattern SPECIAL_IN_DOUBLE_QUOTES = Pattern.compile("[\"\\\\$`!]");

    private ShellQuote() {}

    public static String quote(String word) {
        if (!SPECIAL_IN_DOUBLE_QUOTES.matcher(word).find()) {
            return "\"" + word + "\"";
        }
        return "'" + word.replace("'", "'\\''") + "'";
    }
}
