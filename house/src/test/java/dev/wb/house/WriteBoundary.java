package dev.wb.house;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeSet;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * The rule {@link WriteBoundaryTest} holds every module to: only {@code gitrun} writes to a
 * repository. A file elsewhere breaks it when it
 *
 * <ul>
 *   <li>starts a process ({@code ProcessBuilder}, {@code Runtime.exec}) outside the {@code git}
 *       module, unless it is listed below with the reason it may;
 *   <li>in the {@code git} module, names a git subcommand that is not in {@link #READ_ONLY}, or uses
 *       {@code config}, {@code remote} or {@code branch} in a form that writes;
 *   <li>builds a git command line ({@code "git", "commit"}) to hand to some other runner;
 *   <li>uses JGit's writing API: the porcelain ({@code org.eclipse.jgit.api}), ref updates, object
 *       inserters, a locked index, a saved configuration.
 * </ul>
 *
 * It reads source text, so it is a tripwire for the ordinary ways of writing, not a proof against
 * a determined author; its messages say which file and line, and what to do instead.
 */
final class WriteBoundary {

    /** What the git module may ask git to do: subcommands that only read. */
    static final Set<String> READ_ONLY = Set.of(
            "rev-parse",
            "status",
            "diff-index",
            "diff-tree",
            "diff",
            "cat-file",
            "merge-base",
            "config",
            "for-each-ref",
            "rev-list",
            "ls-files",
            "ls-tree",
            "show-ref",
            "symbolic-ref",
            "remote",
            "branch",
            "log");

    /** Read-only subcommands that also have writing forms: the flags that keep them reading. */
    static final Map<String, Set<String>> READING_FORMS = Map.of(
            "config", Set.of("--get", "--get-all", "--get-regexp", "--list", "-l"),
            "remote", Set.of("-v", "--verbose", "show", "get-url"),
            "branch", Set.of("--list", "-l"));

    /** Flags that may stand beside a reading form without making it write. */
    static final Map<String, Set<String>> DISPLAY_FLAGS = Map.of(
            "config", Set.of("--null", "-z", "--name-only", "--show-origin", "--show-scope"),
            "remote", Set.of(),
            "branch",
                    Set.of("--format", "--sort", "--no-color", "--contains", "--merged", "--no-merged", "--points-at"));

    /** Files outside the git module that start processes that are not git, and why they may. */
    static final Map<String, String> PROCESS_USERS = Map.of(
            "commands/src/main/java/dev/wb/commands/process/ProcessRunner.java",
            "wb impl verify's runner: it runs the plan's verify commands, whose allowlist never holds git",
            "commands/src/main/java/dev/wb/commands/process/NodeProcess.java",
            "wb run's node runner: a flow's tool from .workflow/tools/ or the provider's CLI, never git",
            "testkit/src/main/java/dev/wb/testkit/ChildJvm.java",
            "starts a child JVM for tests; never on wb's runtime class path",
            "testkit/src/main/java/dev/wb/testkit/browser/DriverProcess.java",
            "starts chromedriver (and so the headless browser) for the page tests; never on wb's runtime class path",
            "cli/src/main/java/dev/wb/cli/client/ServerStart.java",
            "the served path's client starting a warm server (setsid env java, docs/adr/0013), never git");

    /** Files that run a writing git on repositories they made themselves, never a user's, and why they may. */
    static final Map<String, String> SCRATCH_WRITERS = Map.of(
            "testkit/src/main/java/dev/wb/testkit/TempGitRepo.java",
            "the tests' temporary repositories; testkit is never on wb's runtime class path",
            "bench/src/main/java/dev/wb/bench/SeedScopeRepo.java",
            "builds the benchmark's own repository; the bench module is outside the default build",
            "bench/src/main/java/dev/wb/bench/GitReadsBench.java",
            "builds and times the benchmark's own repository; the bench module is outside the default build");

    /**
     * Known writers on their way out, tolerated only while they exist (none now: the demo's own git
     * runner was replaced by {@link ScratchRepository}). Remove an entry when its file is deleted.
     */
    static final Map<String, String> BEING_REMOVED = Map.of();

    /** Subcommands that write, used when {@code git --list-cmds} cannot be asked. */
    static final Set<String> KNOWN_WRITERS = Set.of(
            "add",
            "am",
            "apply",
            "branch",
            "checkout",
            "cherry-pick",
            "clean",
            "clone",
            "commit",
            "commit-tree",
            "fetch",
            "filter-branch",
            "gc",
            "init",
            "merge",
            "mv",
            "notes",
            "pull",
            "push",
            "rebase",
            "reflog",
            "repack",
            "replace",
            "reset",
            "restore",
            "revert",
            "rm",
            "stash",
            "submodule",
            "switch",
            "tag",
            "update-index",
            "update-ref",
            "worktree",
            "write-tree",
            "read-tree",
            "hash-object",
            "pack-refs",
            "prune",
            "maintenance",
            "sparse-checkout",
            "mktree",
            "mktag",
            "fast-import",
            "checkout-index");

    private static final Pattern PROCESS = Pattern.compile(
            "\\bProcessBuilder\\b|\\bRuntime\\s*\\.\\s*getRuntime\\s*\\(\\s*\\)\\s*\\.\\s*exec\\s*\\(|\\.exec\\s*\\(");

    private static final Pattern JGIT_WRITE = Pattern.compile(
            "\\borg\\s*\\.\\s*eclipse\\s*\\.\\s*jgit\\s*\\.\\s*api\\b|\\bRefUpdate\\b|\\bBatchRefUpdate\\b|\\bRefRename\\b"
                    + "|\\bObjectInserter\\b|\\bnewObjectInserter\\b|\\bPackInserter\\b|\\blockDirCache\\b"
                    + "|\\bDirCache\\s*\\.\\s*lock\\b|\\bDirCacheBuilder\\b|\\bDirCacheEditor\\b|\\bDirCacheCheckout\\b"
                    + "|\\bLockFile\\b|\\bupdateRef\\s*\\(|\\bRefDirectoryUpdate\\b|\\bResolveMerger\\b|\\bTransport\\b"
                    + "|\\bPushConnection\\b");

    /** Calls that write when the receiver is JGit's; looked for only in files that use JGit. */
    private static final Pattern JGIT_WRITE_CALL =
            Pattern.compile("\\.\\s*(commit|push|call|save|create|delete|forceUpdate|writeTree|insert)\\s*\\(");

    /** Where the git module hands arguments to git: its runner's methods, or an argument array. */
    private static final Pattern RUNNER_CALL = Pattern.compile(
            "\\bgit\\s*\\.\\s*(run|runOrThrow|start)\\s*\\(|\\bString\\s*\\[\\s*\\]\\s*\\w+\\s*=\\s*\\{");

    private static final Pattern GIT_THEN_COMMAND = Pattern.compile("\"git\"\\s*,\\s*\"([^\"]*)\"");

    record Offence(String file, int line, String reason) {
        @Override
        public String toString() {
            return file + ":" + line + ": " + reason;
        }
    }

    private final Set<String> gitCommands;

    /** @param gitCommands every name git knows as a subcommand; {@link #KNOWN_WRITERS} is added to it */
    WriteBoundary(Set<String> gitCommands) {
        Set<String> all = new TreeSet<>(gitCommands);
        all.addAll(KNOWN_WRITERS);
        all.addAll(READ_ONLY);
        this.gitCommands = all;
    }

    /** The offences in one main source file; {@code file} is relative to the project root, with {@code /}. */
    List<Offence> check(String file, String text) {
        String module = file.substring(0, file.indexOf('/'));
        if (module.equals("gitrun") || BEING_REMOVED.containsKey(file)) {
            return List.of();
        }
        JavaSource source = JavaSource.of(text);
        List<Offence> offences = new ArrayList<>();
        checkJGit(file, source, offences);
        if (SCRATCH_WRITERS.containsKey(file)) {
            return offences;
        }
        if (module.equals("git")) {
            checkSubcommands(file, source, offences);
        } else {
            checkProcesses(file, source, offences);
            checkCommandLines(file, source, offences);
        }
        return offences;
    }

    /** JGit's writing API, looked for in the files that use JGit at all (its names are common words elsewhere). */
    private static void checkJGit(String file, JavaSource source, List<Offence> offences) {
        if (!source.code().matches("(?s).*\\borg\\s*\\.\\s*eclipse\\s*\\.\\s*jgit\\b.*")) {
            return;
        }
        Matcher write = JGIT_WRITE.matcher(source.code());
        while (write.find()) {
            offences.add(new Offence(
                    file,
                    source.lineAt(write.start()),
                    "uses JGit's writing API (" + write.group().replaceAll("\\s+", "")
                            + "): only gitrun writes to a repository, and it runs git"));
        }
        Matcher call = JGIT_WRITE_CALL.matcher(source.code());
        while (call.find()) {
            offences.add(new Offence(
                    file,
                    source.lineAt(call.start()),
                    "calls ." + call.group(1)
                            + "() in a file that uses JGit: JGit is for reading; only gitrun writes to a repository"));
        }
    }

    private void checkProcesses(String file, JavaSource source, List<Offence> offences) {
        boolean listed = PROCESS_USERS.containsKey(file);
        Matcher process = PROCESS.matcher(source.code());
        while (process.find() && !listed) {
            offences.add(new Offence(
                    file,
                    source.lineAt(process.start()),
                    "starts a process ("
                            + process.group().replaceAll("\\s+", "")
                            + ") outside the git module: read a repository through"
                            + " dev.wb.git.GitRepository, write one through dev.wb.gitrun; a process that is not git needs an"
                            + " entry in WriteBoundary.PROCESS_USERS with the reason"));
        }
        if (listed) {
            for (JavaSource.Literal literal : source.literals()) {
                if (literal.value().equals("git")) {
                    offences.add(new Offence(
                            file,
                            literal.line(),
                            "is listed as starting processes that are not git,"
                                    + " but names \"git\": git steps run through dev.wb.gitrun.GitRunner"));
                }
            }
        }
    }

    private void checkCommandLines(String file, JavaSource source, List<Offence> offences) {
        String literalsOnly = literalText(source);
        Matcher line = GIT_THEN_COMMAND.matcher(literalsOnly);
        while (line.find()) {
            String command = line.group(1);
            if ((command.equals("-c") || command.equals("-C") || gitCommands.contains(command))
                    && !READ_ONLY.contains(command)) {
                offences.add(new Offence(
                        file,
                        source.lineAt(line.start()),
                        "builds a git command line (\"git\", \"" + command
                                + "\"): only dev.wb.gitrun runs git steps that can write"));
            }
        }
    }

    /** The code with the literals' values put back, so that adjacent literals can be matched as written. */
    private static String literalText(JavaSource source) {
        StringBuilder text = new StringBuilder(source.code());
        for (JavaSource.Literal literal : source.literals()) {
            int from = literal.offset() + 1;
            for (int k = 0; k < literal.value().length() && from + k < text.length(); k++) {
                char c = literal.value().charAt(k);
                text.setCharAt(from + k, c == '"' || c == '\n' ? ' ' : c);
            }
        }
        return text.toString();
    }

    /**
     * In the git module: no literal may name a writing subcommand anywhere, and every call of the
     * git runner ({@code git.run(…)}, {@code git.runOrThrow(…)}, {@code git.start(…)}) or argument
     * array ({@code String[] args = {…}}) must name a read-only one, in a reading form.
     */
    private void checkSubcommands(String file, JavaSource source, List<Offence> offences) {
        for (JavaSource.Literal literal : source.literals()) {
            if (gitCommands.contains(literal.value()) && !READ_ONLY.contains(literal.value())) {
                offences.add(new Offence(
                        file,
                        literal.line(),
                        "the git module names the git subcommand \"" + literal.value() + "\", which is not read-only ("
                                + String.join(", ", new TreeSet<>(READ_ONLY)) + ")"));
            }
        }
        Matcher call = RUNNER_CALL.matcher(source.code());
        while (call.find()) {
            int open = call.end() - 1;
            List<JavaSource.Literal> arguments = source.literalsBetween(open, source.closing(open));
            for (JavaSource.Literal argument : arguments) {
                if (argument.value().startsWith("-")) {
                    continue; // a global option such as --literal-pathspecs
                }
                if (READING_FORMS.containsKey(argument.value())) {
                    checkReadingForm(file, argument, arguments, offences);
                }
                break; // the first word that is not an option is the subcommand
            }
        }
    }

    /** {@code config}, {@code remote} and {@code branch} read only with a reading flag and display flags beside it. */
    private static void checkReadingForm(
            String file, JavaSource.Literal subcommand, List<JavaSource.Literal> arguments, List<Offence> offences) {
        String command = subcommand.value();
        boolean reads = false;
        List<String> others = new ArrayList<>();
        for (JavaSource.Literal argument : arguments.subList(arguments.indexOf(subcommand) + 1, arguments.size())) {
            String word = argument.value();
            String flag = word.contains("=") ? word.substring(0, word.indexOf('=')) : word;
            if (READING_FORMS.get(command).contains(flag)) {
                reads = true;
            } else if (flag.startsWith("-") && !DISPLAY_FLAGS.get(command).contains(flag)) {
                others.add(word);
            } else if (!flag.startsWith("-") && command.equals("remote")) {
                others.add(word); // remote's subcommands: add, rename, set-url… all write
            }
        }
        if (!reads || !others.isEmpty()) {
            offences.add(new Offence(
                    file,
                    subcommand.line(),
                    "git " + command + " is read-only only with one of " + new TreeSet<>(READING_FORMS.get(command))
                            + (others.isEmpty() ? "" : " and without " + others)));
        }
    }
}
