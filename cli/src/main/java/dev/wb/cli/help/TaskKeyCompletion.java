package dev.wb.cli.help;

import java.util.ArrayList;
import java.util.List;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Model.PositionalParamSpec;

/**
 * Task keys in the completion script. picocli's script completes a positional only from candidates
 * fixed when it is generated; a command's KEY is completed here from the repository the shell is in
 * at each TAB, by a shell function that starts no JVM: the folders under {@code .workflow/} (found
 * with {@code git rev-parse --show-toplevel}) whose names have a task key's shape ({@code ABC-12},
 * {@code 123}, {@code idea-…}, {@code incident-…}; TaskKey).
 */
final class TaskKeyCompletion {

    /** The shell function that lists the keys, one a line; nothing outside a repository. */
    static final String KEYS_FUNCTION = """

            # Task keys of the repository the shell is in: the folders under .workflow/ named like a key.
            # Added by wb: runs on every TAB, so it starts no JVM.
            function _wb_task_keys() {
              local top folder name
              [[ -n "${ZSH_VERSION-}" ]] && setopt local_options null_glob
              top=$(git rev-parse --show-toplevel 2>/dev/null) || return 0
              [[ -d "$top/.workflow" ]] || return 0
              for folder in "$top"/.workflow/*/; do
                name=${folder%/}
                name=${name##*/}
                [[ "$name" =~ ^([A-Za-z][A-Za-z0-9]*-[0-9]+|[0-9]+|(idea|incident)-[a-z0-9][a-z0-9-]{0,40})$ ]] && printf '%s\\n' "$name"
              done
              return 0
            }
            """;

    private static final String NO_POSITIONALS = "    local positionals=\"\"\n";
    private static final String KEY_POSITIONALS = "    local positionals=$(_wb_task_keys 2>/dev/null)\n";

    private TaskKeyCompletion() {}

    /** The script with KEY completed for every command of the tree under {@code root} that takes one. */
    static String addTo(String script, CommandSpec root) {
        String result = script;
        for (CommandSpec command : withKey(root)) {
            String function = "function " + functionName(command) + "() {\n";
            int start = result.indexOf(function);
            int end = start < 0 ? -1 : result.indexOf("\n}\n", start);
            int at = start < 0 ? -1 : result.indexOf(NO_POSITIONALS, start);
            if (at < 0 || at > end) {
                throw new IllegalStateException("no positionals line in the completion of " + command.qualifiedName());
            }
            result = result.substring(0, at) + KEY_POSITIONALS + result.substring(at + NO_POSITIONALS.length());
        }
        int complete = result.lastIndexOf("\ncomplete -F");
        return result.substring(0, complete) + KEYS_FUNCTION + result.substring(complete);
    }

    /** The commands under {@code root} (itself included) whose first positional is a KEY. */
    static List<CommandSpec> withKey(CommandSpec root) {
        List<CommandSpec> found = new ArrayList<>();
        collect(root, found);
        return found;
    }

    private static void collect(CommandSpec command, List<CommandSpec> found) {
        for (PositionalParamSpec positional : command.positionalParameters()) {
            if (positional.paramLabel().equals("KEY")) {
                found.add(command);
                break;
            }
        }
        command.subcommands().values().forEach(sub -> collect(sub.getCommandSpec(), found));
    }

    /** picocli's name of the function completing {@code command}: {@code _picocli_wb_judge_run}. */
    static String functionName(CommandSpec command) {
        List<String> words = new ArrayList<>();
        for (CommandSpec at = command; at != null; at = at.parent()) {
            words.add(0, at.name().replaceAll("[^A-Za-z0-9_]", ""));
        }
        return "_picocli_" + String.join("_", words);
    }
}
