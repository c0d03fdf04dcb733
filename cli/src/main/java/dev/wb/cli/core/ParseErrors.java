package dev.wb.cli.core;

import dev.wb.engine.text.TerminalText;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Locale;
import java.util.Set;
import java.util.TreeSet;
import picocli.CommandLine;
import picocli.CommandLine.Model.ArgSpec;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Model.OptionSpec;
import picocli.CommandLine.Model.PositionalParamSpec;

/**
 * A command line picocli could not read, said in wb's own words ({@code 'statsu' is not a wb command},
 * never picocli's {@code Unmatched argument at index 0}): the error, then the corrected command lines
 * ({@link Suggestions}) and the command's help as fixes. Every value typed is escaped before it is shown.
 */
public final class ParseErrors {

    /** The error line's text and its fixes. */
    public record Said(String message, List<String> fixes) {}

    private ParseErrors() {}

    /** What to tell the user about {@code e}, a parse error of the run of {@code args}. */
    public static Said of(CommandLine.ParameterException e, String[] args) {
        CommandSpec spec = e.getCommandLine().getCommandSpec();
        String command = spec.qualifiedName();
        List<String> fixes = new ArrayList<>();
        String message = message(e, spec, args, fixes);
        fixes.add(command + " --help");
        return new Said(message, fixes);
    }

    private static String message(
            CommandLine.ParameterException e, CommandSpec spec, String[] args, List<String> fixes) {
        String command = spec.qualifiedName();
        String unknown = e instanceof CommandLine.MissingParameterException ? unknownOption(spec, args) : null;
        if (unknown != null) {
            // picocli reports a missing KEY before an unknown option; the unknown word is the mistake.
            fixes.addAll(Suggestions.forOption(spec, unknown, args));
            return command + " has no option " + shown(beforeValue(unknown));
        }
        if (e instanceof CommandLine.UnmatchedArgumentException unmatched
                && !unmatched.getUnmatched().isEmpty()) {
            fixes.addAll(Suggestions.of(e, args));
            return unmatchedWord(spec, unmatched.getUnmatched().get(0));
        }
        if (e instanceof CommandLine.MissingParameterException missing
                && !missing.getMissing().isEmpty()) {
            return missing(command, missing.getMissing().get(0));
        }
        if (e instanceof CommandLine.OverwrittenOptionException twice && twice.getOverwritten() != null) {
            return name(twice.getOverwritten()) + " is given twice; " + command + " takes it once";
        }
        if (e.getArgSpec() != null && e.getValue() != null) {
            return name(e.getArgSpec()) + " takes " + kind(e.getArgSpec()) + ", not " + shown(e.getValue());
        }
        return TerminalText.escape(e.getMessage());
    }

    /** The first word after the command's own that looks like an option and is none of its options. */
    private static String unknownOption(CommandSpec spec, String[] args) {
        Set<String> names = new TreeSet<>();
        spec.options().forEach(o -> names.addAll(Arrays.asList(o.names())));
        List<String> path = path(spec);
        int at = 0;
        for (String arg : args) {
            if (at < path.size()) {
                at += arg.equals(path.get(at)) ? 1 : 0;
                continue;
            }
            if (arg.equals("--")) {
                return null;
            }
            if (arg.startsWith("-") && arg.length() > 1 && !isNumber(arg) && !names.contains(beforeValue(arg))) {
                return arg;
            }
        }
        return null;
    }

    /** {@code --name} of {@code --name=value}. */
    private static String beforeValue(String arg) {
        return arg.contains("=") ? arg.substring(0, arg.indexOf('=')) : arg;
    }

    /** The subcommand names from wb down to {@code spec}, without wb. */
    private static List<String> path(CommandSpec spec) {
        List<String> names = new ArrayList<>();
        for (CommandSpec s = spec; s.parent() != null; s = s.parent()) {
            names.add(0, s.name());
        }
        return names;
    }

    private static boolean isNumber(String arg) {
        return arg.substring(1).chars().allMatch(Character::isDigit);
    }

    private static String unmatchedWord(CommandSpec spec, String word) {
        String command = spec.qualifiedName();
        if (word.startsWith("-")) {
            return command + " has no option " + shown(beforeValue(word));
        }
        if (!spec.subcommands().isEmpty()) {
            return shown(word) + " is not a command of " + command + " (" + command + " --help lists them)";
        }
        List<String> labels = spec.positionalParameters().stream()
                .filter(p -> !p.hidden())
                .map(PositionalParamSpec::paramLabel)
                .toList();
        return labels.isEmpty()
                ? command + " takes no words besides its options; " + shown(word) + " is one too many"
                : command + " takes " + String.join(" ", labels) + " and nothing more; " + shown(word)
                        + " is one word too many (quote a value that holds spaces)";
    }

    private static String missing(String command, ArgSpec arg) {
        if (arg instanceof OptionSpec option) {
            return name(option) + " needs a value (" + option.paramLabel() + ")";
        }
        String what = firstSentence(arg.description());
        return command + " needs " + arg.paramLabel()
                + (what.isEmpty() ? "" : " (" + Character.toLowerCase(what.charAt(0)) + what.substring(1) + ")");
    }

    private static String firstSentence(String[] description) {
        String text = description.length == 0 ? "" : description[0];
        int end = text.indexOf(". ");
        String sentence = end < 0 ? text : text.substring(0, end + 1);
        return sentence.endsWith(".") ? sentence.substring(0, sentence.length() - 1) : sentence;
    }

    private static String name(ArgSpec arg) {
        return arg instanceof OptionSpec option ? option.longestName() : arg.paramLabel();
    }

    /** What a value of {@code arg}'s type is, in words. */
    private static String kind(ArgSpec arg) {
        Class<?> type = arg.type();
        if (type == int.class || type == Integer.class || type == long.class || type == Long.class) {
            return "a whole number (" + arg.paramLabel() + ")";
        }
        if (type.isEnum()) {
            List<String> values = new ArrayList<>();
            for (Object value : type.getEnumConstants()) {
                values.add(value.toString().toLowerCase(Locale.ROOT));
            }
            return "one of " + String.join(", ", values);
        }
        return arg.paramLabel();
    }

    private static String shown(String word) {
        return "'" + TerminalText.escape(word) + "'";
    }
}
