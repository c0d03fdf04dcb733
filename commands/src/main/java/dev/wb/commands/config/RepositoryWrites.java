package dev.wb.commands.config;

import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Optional;
import java.util.Set;

/**
 * The commands no check may be: those that write the task's work into history or out of the checkout —
 * {@code git commit}, {@code git push}, {@code gh pr create}, {@code gh pr merge}, the orchestrator's
 * denied commands. A check is a verdict on the working tree; committing, pushing or opening a pull request
 * is what happens after the gate, and a command set that does it is refused when config.json is read.
 *
 * <p>The program is judged by its file name ({@code git}, {@code /usr/bin/git}, {@code git.exe}) and the
 * subcommand found past git's and gh's own options ({@code git -C . -c k=v commit},
 * {@code gh -R o/r pr merge}), so a spelling does not slip by. A shell ({@code sh -c "git commit"}) is not
 * looked into, nor a git alias; {@code wb checks} catches a commit there anyway, as a mutation of the
 * working tree (HEAD moved).
 */
final class RepositoryWrites {

    /** git's options that take the next word as their value. */
    private static final Set<String> GIT_VALUED = Set.of(
            "-C",
            "-c",
            "--git-dir",
            "--work-tree",
            "--namespace",
            "--super-prefix",
            "--config-env",
            "--list-cmds",
            "--attr-source");
    /** gh's options that take the next word as their value. */
    private static final Set<String> GH_VALUED = Set.of("-R", "--repo", "--hostname");

    private RepositoryWrites() {}

    /** The denied command this argv is ({@code git commit}…), or empty. */
    static Optional<String> match(List<String> argv) {
        String program = program(argv.get(0));
        if (program.equals("git")) {
            List<String> words = words(argv, GIT_VALUED, 1);
            return words.isEmpty() || !Set.of("commit", "push").contains(words.get(0))
                    ? Optional.empty()
                    : Optional.of("git " + words.get(0));
        }
        if (program.equals("gh")) {
            List<String> words = words(argv, GH_VALUED, 2);
            return words.size() == 2
                            && words.get(0).equals("pr")
                            && Set.of("create", "merge").contains(words.get(1))
                    ? Optional.of("gh pr " + words.get(1))
                    : Optional.empty();
        }
        return Optional.empty();
    }

    /** The file name, lower case, without a Windows launcher's suffix. */
    private static String program(String launch) {
        String name = launch.substring(Math.max(launch.lastIndexOf('/'), launch.lastIndexOf('\\')) + 1)
                .toLowerCase(Locale.ROOT);
        for (String suffix : List.of(".exe", ".cmd", ".bat", ".com")) {
            if (name.endsWith(suffix)) {
                return name.substring(0, name.length() - suffix.length());
            }
        }
        return name;
    }

    /** The first {@code count} words after the program that are neither options nor an option's value. */
    private static List<String> words(List<String> argv, Set<String> valued, int count) {
        List<String> words = new ArrayList<>();
        for (int i = 1; i < argv.size() && words.size() < count; i++) {
            String word = argv.get(i);
            if (valued.contains(word)) {
                i++;
            } else if (!word.startsWith("-")) {
                words.add(word);
            }
        }
        return words;
    }
}
