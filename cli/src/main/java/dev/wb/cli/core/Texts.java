package dev.wb.cli.core;

import dev.wb.commands.judge.core.ShellQuote;
import java.util.Collection;
import java.util.regex.Pattern;
import java.util.stream.Collectors;

/** The small text helpers the commands share: counted nouns, shortened commit ids, words for a shell. */
public final class Texts {

    private static final Pattern PLAIN = Pattern.compile("[A-Za-z0-9_./:=@%+,-]+");

    private Texts() {}

    /** {@code word} as a POSIX shell reads it back: as it is when plain, quoted otherwise. */
    public static String shell(String word) {
        return PLAIN.matcher(word).matches() && !word.startsWith("-") ? word : ShellQuote.quote(word);
    }

    /** Each word for a shell ({@link #shell}), separated by spaces. */
    public static String shell(Collection<String> words) {
        return words.stream().map(Texts::shell).collect(Collectors.joining(" "));
    }

    /** {@code 1 finding}, {@code 2 findings}. */
    public static String plural(long n, String noun) {
        return n + " " + noun + (n == 1 ? "" : "s");
    }

    /** A commit id shortened to its first 12 characters. */
    public static String abbrev(String commit) {
        return commit.length() > 12 ? commit.substring(0, 12) : commit;
    }
}
