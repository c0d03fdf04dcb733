package dev.wb.gitrun;

import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;

/**
 * What a git step may say. The steps are computed from a plan a model wrote, not typed by a person,
 * so the boundary is drawn as narrowly as the verify runner's: six subcommands, each with the few
 * flags wb's own steps use, and nothing else.
 *
 * <table>
 *   <caption>Allowed</caption>
 *   <tr><th>subcommand</th><th>flags</th></tr>
 *   <tr><td>fetch</td><td>--prune</td></tr>
 *   <tr><td>switch</td><td>-c NAME</td></tr>
 *   <tr><td>cherry-pick</td><td>--continue, --abort, -x</td></tr>
 *   <tr><td>commit</td><td>-F FILE (required), --author VALUE</td></tr>
 *   <tr><td>push</td><td>-u</td></tr>
 *   <tr><td>add</td><td>-- (required, before the paths), then literal paths only</td></tr>
 * </table>
 *
 * <p>Refused in any position, before the table is consulted, so that each gets a message of its
 * own ({@link DeniedTokens}): force in every spelling ({@code --force},
 * {@code --force-with-lease[=…]}, {@code --force-if-includes}, {@code -f} alone or among other short
 * flags, a {@code +refspec}), {@code --amend}, {@code --no-verify} (and commit's {@code -n}),
 * {@code reset}, {@code rebase}, {@code clean}, {@code filter-branch}, {@code update-ref}, what
 * changes the program git itself runs ({@code --exec}, {@code --upload-pack}, {@code --receive-pack},
 * a {@code transport::address} such as {@code ext::sh -c …}), any unique abbreviation git would
 * expand to one of those long options, and shell characters. There is no shell, so a shell
 * character is a refusal, not something to escape. {@code <} and {@code >} appear only in the
 * address after {@code --author} ({@code Name <user@host>}).
 *
 * <p>{@code -c} is not denied: argv[0] must be a subcommand, so git's {@code -c key=value} override
 * cannot reach here, and after {@code switch} it is the create flag.
 */
public final class GitStepPolicy {

    /** The subcommands wb runs and the flags each may take; a flag in {@link #TAKES_VALUE} consumes the next token. */
    static final Map<String, Set<String>> FLAGS = Map.of(
            "fetch", Set.of("--prune"),
            "switch", Set.of("-c"),
            "cherry-pick", Set.of("--continue", "--abort", "-x"),
            "commit", Set.of("-F", "--author"),
            "push", Set.of("-u"),
            "add", Set.of("--"));

    static final Set<String> TAKES_VALUE = Set.of("-c", "-F", "--author");

    private GitStepPolicy() {}

    /** Why {@code argv} (without the leading {@code git}) may not run, or empty when it may. */
    public static Optional<String> refusal(List<String> argv) {
        if (argv == null || argv.isEmpty()) {
            return Optional.of("an empty git step: name one of " + String.join(", ", subcommands()));
        }
        for (int i = 0; i < argv.size(); i++) {
            Optional<String> denied = DeniedTokens.refusal(argv, i);
            if (denied.isPresent()) {
                return denied;
            }
        }
        return shape(argv);
    }

    /** The subcommand's own table: its flags, their values, its operands. */
    private static Optional<String> shape(List<String> argv) {
        String subcommand = argv.get(0);
        Set<String> flags = FLAGS.get(subcommand);
        if (flags == null) {
            return Optional.of("'git " + Tokens.visible(subcommand) + "' is not a step wb runs: only "
                    + String.join(", ", subcommands()));
        }
        int operands = 0;
        boolean messageFile = false;
        if (subcommand.equals("add")) {
            return add(argv);
        }
        for (int i = 1; i < argv.size(); i++) {
            String token = argv.get(i);
            if (subcommand.equals("commit") && token.startsWith("--author=") && token.length() > "--author=".length()) {
                continue;
            }
            if (flags.contains(token)) {
                messageFile |= token.equals("-F");
                if (TAKES_VALUE.contains(token)) {
                    if (i + 1 == argv.size()
                            || argv.get(i + 1).isEmpty()
                            || argv.get(i + 1).startsWith("-")) {
                        return Optional.of("git " + subcommand + " " + token + " needs a value after it, one that does"
                                + " not start with -");
                    }
                    i++;
                }
                continue;
            }
            if (token.startsWith("-")) {
                return Optional.of("'" + Tokens.visible(token) + "' (argument " + (i + 1) + ") is not a flag git "
                        + subcommand + " may take here; allowed: " + String.join(" ", sorted(flags)));
            }
            if (token.isEmpty()) {
                return Optional.of("argument " + (i + 1) + " is empty: git would read it as a path or a name");
            }
            operands++;
            if ((subcommand.equals("push") || subcommand.equals("fetch")) && operands > 1 && token.indexOf(':') >= 0) {
                return Optional.of("'" + Tokens.visible(token) + "' (argument " + (i + 1) + ") is a refspec naming"
                        + " another destination: wb " + subcommand + "es a branch under its own name only");
            }
        }
        if (subcommand.equals("commit") && !messageFile) {
            return Optional.of("git commit needs -F FILE: without a message file git would open an editor"
                    + " that nobody is watching");
        }
        return Optional.empty();
    }

    /**
     * {@code add -- PATH…}: the paths are literal files, named one by one (wb run's publish stages the task's
     * changed paths that its plan holds). A pathspec's magic ({@code :(exclude)}, {@code :/}) or a glob
     * ({@code *}, {@code ?}, {@code [}) could reach files nobody named, so such a path is refused, as is a
     * folder or the whole tree ({@code .}), and an {@code add} without {@code --} or without a path.
     */
    private static Optional<String> add(List<String> argv) {
        if (argv.size() < 3 || !argv.get(1).equals("--")) {
            return Optional.of("git add takes -- and then the paths, one by one: git add -- PATH...");
        }
        for (int i = 2; i < argv.size(); i++) {
            String path = argv.get(i);
            if (path.isEmpty()
                    || path.equals(".")
                    || path.endsWith("/")
                    || path.startsWith(":")
                    || path.startsWith("-")
                    || path.chars().anyMatch(c -> c == '*' || c == '?' || c == '[')) {
                return Optional.of("'" + Tokens.visible(path) + "' (argument " + (i + 1) + ") is not one literal file:"
                        + " wb stages files named one by one, never a pathspec, a glob, a folder or the whole tree");
            }
        }
        return Optional.empty();
    }

    static List<String> subcommands() {
        return List.of("fetch", "switch", "cherry-pick", "commit", "push", "add");
    }

    private static List<String> sorted(Set<String> flags) {
        return flags.stream().sorted().toList();
    }
}
