package dev.wb.cli.core;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Set;
import java.util.regex.Pattern;
import picocli.CommandLine;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Model.OptionSpec;

/**
 * Did-you-mean for a mistyped command or option ({@code wb statsu}: {@code wb status}): the names of
 * the level that refused the word, closest first, each as the whole command line with the word
 * replaced. A word is close to a name a few edits away (a swap of two neighbours is one edit), or
 * when it starts the name.
 */
public final class Suggestions {

    private static final Pattern PLAIN = Pattern.compile("[A-Za-z0-9_./:=@%+,-]+");
    private static final int MAX = 3;

    private Suggestions() {}

    /** The corrected command lines for a usage error; empty when it is no unknown word or nothing is close. */
    public static List<String> of(CommandLine.ParameterException e, String[] args) {
        if (!(e instanceof CommandLine.UnmatchedArgumentException unmatched)
                || unmatched.getUnmatched().isEmpty()) {
            return List.of();
        }
        String word = unmatched.getUnmatched().get(0);
        CommandSpec spec = e.getCommandLine().getCommandSpec();
        boolean option = word.startsWith("-");
        String typed = option && word.contains("=") ? word.substring(0, word.indexOf('=')) : word;
        List<String> lines = new ArrayList<>();
        for (String name : closest(typed, option ? options(spec) : commands(spec))) {
            lines.add("did you mean: " + commandLine(args, word, name + word.substring(typed.length())));
        }
        return lines;
    }

    /** The corrected command lines for {@code word}, an option {@code spec} does not have. */
    public static List<String> forOption(CommandSpec spec, String word, String[] args) {
        String typed = word.contains("=") ? word.substring(0, word.indexOf('=')) : word;
        List<String> lines = new ArrayList<>();
        for (String name : closest(typed, options(spec))) {
            lines.add("did you mean: " + commandLine(args, word, name + word.substring(typed.length())));
        }
        return lines;
    }

    /** The names of {@code candidates} closest to {@code word}, best first, at most three. */
    public static List<String> closest(String word, Iterable<String> candidates) {
        int limit = word.replace("-", "").length() <= 4 ? 1 : 2;
        int best = Integer.MAX_VALUE;
        List<String> found = new ArrayList<>();
        for (String candidate : candidates) {
            int score =
                    candidate.startsWith(word) && word.replace("-", "").length() >= 2 ? 0 : distance(word, candidate);
            if (score > limit || score > best) {
                continue;
            }
            if (score < best) {
                best = score;
                found.clear();
            }
            if (found.size() < MAX) {
                found.add(candidate);
            }
        }
        return found;
    }

    /** The edits (insert, delete, replace, swap two neighbours) that turn {@code a} into {@code b}. */
    static int distance(String a, String b) {
        int[][] d = new int[a.length() + 1][b.length() + 1];
        for (int i = 0; i <= a.length(); i++) {
            d[i][0] = i;
        }
        for (int j = 0; j <= b.length(); j++) {
            d[0][j] = j;
        }
        for (int i = 1; i <= a.length(); i++) {
            for (int j = 1; j <= b.length(); j++) {
                int cost = a.charAt(i - 1) == b.charAt(j - 1) ? 0 : 1;
                d[i][j] = Math.min(Math.min(d[i - 1][j] + 1, d[i][j - 1] + 1), d[i - 1][j - 1] + cost);
                if (i > 1 && j > 1 && a.charAt(i - 1) == b.charAt(j - 2) && a.charAt(i - 2) == b.charAt(j - 1)) {
                    d[i][j] = Math.min(d[i][j], d[i - 2][j - 2] + 1);
                }
            }
        }
        return d[a.length()][b.length()];
    }

    private static Set<String> options(CommandSpec spec) {
        Set<String> names = new LinkedHashSet<>();
        for (OptionSpec option : spec.options()) {
            if (!option.hidden()) {
                names.addAll(Arrays.asList(option.names()));
            }
        }
        return names;
    }

    private static Set<String> commands(CommandSpec spec) {
        Set<String> names = new LinkedHashSet<>();
        spec.subcommands().forEach((name, sub) -> {
            if (!sub.getCommandSpec().usageMessage().hidden()) {
                names.add(name);
            }
        });
        return names;
    }

    /** {@code wb} and the run's words, the first {@code word} replaced, each quoted for a shell if it needs it. */
    private static String commandLine(String[] args, String word, String replacement) {
        StringBuilder line = new StringBuilder("wb");
        boolean replaced = false;
        for (String arg : args) {
            String shown = arg;
            if (!replaced && arg.equals(word)) {
                shown = replacement;
                replaced = true;
            }
            line.append(' ').append(PLAIN.matcher(shown).matches() ? shown : "'" + shown.replace("'", "'\\''") + "'");
        }
        return line.toString();
    }
}
