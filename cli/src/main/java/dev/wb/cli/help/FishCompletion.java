package dev.wb.cli.help;

import java.io.File;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.regex.Pattern;
import picocli.CommandLine;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Model.OptionSpec;
import picocli.CommandLine.Model.PositionalParamSpec;

/**
 * The fish completion script of the whole command tree, made from the same specs as the bash/zsh script
 * and the man pages (never a list kept by hand). Fish completes with {@code complete} lines, each guarded
 * by a condition: here {@code __wb_at PATH}, true when the subcommands typed so far are exactly PATH
 * ({@code task new}; empty at the top). Task keys come from {@code .workflow/} at each TAB, as in bash
 * ({@link TaskKeyCompletion}), by a function that starts no JVM.
 */
final class FishCompletion {

    private static final Pattern FILE_LABEL = Pattern.compile(".*(FILE|DIR|PATH|FOLDER).*");

    private static final String FUNCTIONS = """
            # wb's fish completion (wb generate-completion --shell fish), made from wb's command tree.
            # Install: wb generate-completion --shell fish > ~/.config/fish/completions/wb.fish

            # The subcommands typed so far, joined by spaces ("task new"; nothing at the top). An option's value
            # (the word after an option that takes one) is no subcommand.
            function __wb_path
                set -l tokens (commandline -opc)
                set -e tokens[1]
                set -l path
                set -l skip 0
                for token in $tokens
                    if test $skip -eq 1
                        set skip 0
                        continue
                    end
                    if string match -q -- '-*' $token
                        contains -- $token $__wb_valued; and set skip 1
                        continue
                    end
                    set -l next (string join ' ' $path $token)
                    if contains -- $next $__wb_commands
                        set path $path $token
                    else
                        break
                    end
                end
                string join ' ' $path
            end

            # Whether the subcommands typed so far are exactly $argv.
            function __wb_at
                set -l path (__wb_path)
                test "$path" = "$argv"
            end

            # Task keys of the repository the shell is in: the folders under .workflow/ named like a key.
            # Runs on every TAB, so it starts no JVM.
            function __wb_task_keys
                set -l top (git rev-parse --show-toplevel 2>/dev/null); or return 0
                test -d "$top/.workflow"; or return 0
                for folder in $top/.workflow/*/
                    set -l name (string replace -r '.*/([^/]+)/$' '$1' -- $folder)
                    string match -qr '^([A-Za-z][A-Za-z0-9]*-[0-9]+|[0-9]+|(idea|incident)-[a-z0-9][a-z0-9-]{0,40})$' -- $name
                    and printf '%s\\n' $name
                end
            end

            complete -c wb -f
            """;

    private FishCompletion() {}

    /** The script for the tree under {@code root}. */
    static String script(CommandSpec root) {
        List<CommandSpec> commands = new ArrayList<>();
        collect(root, commands);
        List<String> paths = new ArrayList<>();
        List<String> valued = new ArrayList<>();
        StringBuilder lines = new StringBuilder();
        for (CommandSpec command : commands) {
            String path = path(command);
            if (!path.isEmpty()) {
                paths.add(path);
                for (String alias : command.aliases()) {
                    paths.add(parentPath(command) + alias);
                }
            }
            addSubcommands(lines, command, path);
            addOptions(lines, command, path, valued);
            addPositionals(lines, command, path);
        }
        StringBuilder script = new StringBuilder(FUNCTIONS);
        script.append("set -g __wb_commands").append(words(paths)).append('\n');
        script.append("set -g __wb_valued")
                .append(words(valued.stream().distinct().sorted().toList()))
                .append('\n');
        script.append(lines);
        return script.toString();
    }

    private static void addSubcommands(StringBuilder lines, CommandSpec command, String path) {
        for (Map.Entry<String, CommandLine> entry : command.subcommands().entrySet()) {
            CommandSpec sub = entry.getValue().getCommandSpec();
            if (sub.usageMessage().hidden() || !entry.getKey().equals(sub.name())) {
                continue;
            }
            lines.append("complete -c wb -n ")
                    .append(quote(condition(path)))
                    .append(" -a ")
                    .append(quote(sub.name()))
                    .append(" -d ")
                    .append(quote(summary(sub.usageMessage().description())))
                    .append('\n');
        }
    }

    private static void addOptions(StringBuilder lines, CommandSpec command, String path, List<String> valued) {
        for (OptionSpec option : command.options()) {
            if (option.hidden()) {
                continue;
            }
            StringBuilder line = new StringBuilder("complete -c wb -n ").append(quote(condition(path)));
            for (String name : option.names()) {
                if (name.startsWith("--")) {
                    line.append(" -l ").append(quote(name.substring(2)));
                } else if (name.length() == 2) {
                    line.append(" -s ").append(quote(name.substring(1)));
                } else {
                    line.append(" -o ").append(quote(name.substring(1)));
                }
            }
            if (option.arity().max() > 0 && !option.type().equals(boolean.class)) {
                valued.addAll(List.of(option.names()));
                line.append(" -r");
                List<String> candidates = candidates(option.completionCandidates());
                if (!candidates.isEmpty()) {
                    line.append(" -a ").append(quote(String.join(" ", candidates)));
                } else if (takesFile(option.type(), option.paramLabel())) {
                    line.append(" -F");
                }
            }
            line.append(" -d ").append(quote(summary(option.description())));
            lines.append(line).append('\n');
        }
    }

    private static void addPositionals(StringBuilder lines, CommandSpec command, String path) {
        for (PositionalParamSpec positional : command.positionalParameters()) {
            if (positional.hidden()) {
                continue;
            }
            String prefix = "complete -c wb -n " + quote(condition(path));
            List<String> candidates = candidates(positional.completionCandidates());
            if (positional.paramLabel().equals("KEY")) {
                lines.append(prefix).append(" -a '(__wb_task_keys)' -d 'task key'\n");
            } else if (!candidates.isEmpty()) {
                lines.append(prefix)
                        .append(" -a ")
                        .append(quote(String.join(" ", candidates)))
                        .append('\n');
            } else if (takesFile(positional.type(), positional.paramLabel())) {
                lines.append(prefix).append(" -F\n");
            }
        }
    }

    /** {@code command} and every command under it that help shows, parents first. */
    private static void collect(CommandSpec command, List<CommandSpec> found) {
        if (command.usageMessage().hidden()) {
            return;
        }
        found.add(command);
        for (Map.Entry<String, CommandLine> entry : command.subcommands().entrySet()) {
            CommandSpec sub = entry.getValue().getCommandSpec();
            if (entry.getKey().equals(sub.name())) {
                collect(sub, found);
            }
        }
    }

    /** The words after {@code wb} that name {@code command}: {@code task new}; empty for wb itself. */
    private static String path(CommandSpec command) {
        List<String> words = new ArrayList<>();
        for (CommandSpec at = command; at.parent() != null; at = at.parent()) {
            words.add(0, at.name());
        }
        return String.join(" ", words);
    }

    private static String parentPath(CommandSpec command) {
        String parent = command.parent() == null ? "" : path(command.parent());
        return parent.isEmpty() ? "" : parent + " ";
    }

    private static String condition(String path) {
        return path.isEmpty() ? "__wb_at" : "__wb_at " + path;
    }

    private static boolean takesFile(Class<?> type, String label) {
        return type.equals(File.class)
                || type.equals(Path.class)
                || FILE_LABEL.matcher(label.toUpperCase(Locale.ROOT)).matches();
    }

    private static List<String> candidates(Iterable<String> values) {
        List<String> found = new ArrayList<>();
        if (values != null) {
            values.forEach(found::add);
        }
        return found;
    }

    /** The first sentence of a description, short enough for fish's one-line hints. */
    static String summary(String[] description) {
        String text = description.length == 0
                ? ""
                : description[0].replaceAll("\\s+", " ").strip();
        int end = text.indexOf(". ");
        if (end > 0) {
            text = text.substring(0, end);
        }
        if (text.endsWith(".")) {
            text = text.substring(0, text.length() - 1);
        }
        return text.length() > 90 ? text.substring(0, 89) + "…" : text;
    }

    private static String words(List<String> values) {
        StringBuilder out = new StringBuilder();
        values.forEach(value -> out.append(' ').append(quote(value)));
        return out.toString();
    }

    /** A fish single-quoted word: inside, only {@code \} and {@code '} are escaped. */
    static String quote(String text) {
        return "'" + text.replace("\\", "\\\\").replace("'", "\\'") + "'";
    }
}
