package dev.wb.house;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * The rule {@link ReadsTheInvocationNotTheJvmTest} holds wb's main code to: a command reads the
 * environment, the working folder, the streams and the process of its invocation (the CLI's
 * {@code WbCommand.Context}, {@code Session.env()}, {@code Workspace}, the {@code env} maps git and
 * gitrun are given, {@code Caller}), never the JVM's own. On a warm server (docs/adr/0009) one JVM,
 * started in {@code /} with a sanitised environment, runs every caller's command, so a read of its own
 * state gives a served command what no cold run would have seen. A file breaks the rule when its code
 * (comments and literals aside)
 *
 * <ul>
 *   <li>calls {@code System.getenv}, or names the {@code user.dir} or {@code user.home} property;
 *   <li>makes {@code Path.of("")}, {@code Paths.get("")} or {@code new File("")} (the JVM's folder);
 *   <li>starts a process ({@code new ProcessBuilder}) without setting, in the same block, its folder
 *       ({@code directory(...)}) and its whole environment ({@code environment()} cleared, then filled
 *       from the run's), or with a bare program name that the JDK would look for on the JVM's PATH;
 *   <li>takes {@code ProcessHandle.current()} for the run's process, or the JVM's
 *       {@code System.in}/{@code out}/{@code err}/{@code console()} for the run's streams;
 * </ul>
 *
 * unless it is listed in {@link #ALLOWED} with the reason it may. It reads source text, so it is a
 * tripwire for the ordinary ways, not a proof; its messages name the file, the line and what to use
 * instead.
 */
final class InvocationReads {

    /** The modules that are wb; bench and testkit are not, and may read their own JVM. */
    static final List<String> MODULES = List.of("engine", "git", "gitrun", "projections", "commands", "cli");

    /** A finding: where, and what to do instead. */
    record Offence(String file, int line, String reason) {
        @Override
        public String toString() {
            return file + ":" + line + ": " + reason;
        }
    }

    /** What a file may read of the JVM, and why (a path ending in / is a folder and all below it). */
    record Allowed(String path, Set<String> rules, String reason) {
        boolean covers(String file, String rule) {
            return (path.endsWith("/") ? file.startsWith(path) : file.equals(path)) && rules.contains(rule);
        }
    }

    static final String ENV = "environment";
    static final String FOLDER = "folder";
    static final String PROCESS = "process";
    static final String STREAMS = "streams";
    static final String CALLER = "caller";
    static final Set<String> EVERY_RULE = Set.of(ENV, FOLDER, PROCESS, STREAMS, CALLER);

    static final List<Allowed> ALLOWED = List.of(
            new Allowed(
                    "cli/src/main/java/dev/wb/cli/Wb.java",
                    EVERY_RULE,
                    "the process's entry point: Wb.main builds a cold run's invocation from the real process"),
            new Allowed(
                    "cli/src/main/java/dev/wb/cli/server/",
                    EVERY_RULE,
                    "the warm server itself, which builds each served run's invocation (docs/adr/0009)"),
            new Allowed(
                    "cli/src/main/java/dev/wb/cli/client/",
                    EVERY_RULE,
                    "the warm server's client, which speaks for the real process (docs/adr/0009)"),
            new Allowed(
                    "cli/src/main/java/dev/wb/cli/mcp/ProtocolStream.java",
                    Set.of(STREAMS),
                    "wb mcp (always cold) takes the process's stdout for the MCP protocol alone (docs/MCP.md)"),
            new Allowed(
                    "cli/src/main/java/dev/wb/cli/core/Terminals.java",
                    Set.of(STREAMS),
                    "Terminals.process(): a cold run's own stdin and terminal, which Wb hands to the context"),
            new Allowed(
                    "engine/src/main/java/dev/wb/engine/Caller.java",
                    Set.of(CALLER),
                    "the run's process: this JVM unless a server acts for its client"),
            new Allowed(
                    "engine/src/main/java/dev/wb/engine/fs/AtomicFiles.java",
                    Set.of(CALLER),
                    "the JVM's pid only keeps its temporary file names apart from another process's"));

    private static final Pattern GETENV = Pattern.compile("\\bSystem\\s*\\.\\s*getenv\\s*\\(");
    private static final Pattern JVM_FOLDER =
            Pattern.compile("\\b(?:Path\\s*\\.\\s*of|Paths\\s*\\.\\s*get|new\\s+File)\\s*\\(\\s*\"\"\\s*\\)");
    private static final Pattern NEW_PROCESS = Pattern.compile("\\bnew\\s+ProcessBuilder\\s*\\(");
    private static final Pattern DIRECTORY = Pattern.compile("\\.\\s*directory\\s*\\(");
    private static final Pattern CLEARED = Pattern.compile(
            "environment\\s*\\(\\s*\\)\\s*\\.\\s*clear\\s*\\(|(\\w+)\\s*=\\s*\\w+\\s*\\.\\s*environment\\s*\\(\\s*\\)\\s*;");
    /** A program written into the command line: {@code "make"}, {@code List.of("make", …)}. */
    private static final Pattern WRITTEN_PROGRAM =
            Pattern.compile("\\s*(?:(?:[\\w.]+\\.)?(?:List\\s*\\.\\s*of|Arrays\\s*\\.\\s*asList)\\s*\\(\\s*)?\"");

    private static final Pattern CURRENT = Pattern.compile("\\bProcessHandle\\s*\\.\\s*current\\s*\\(");
    private static final Pattern STREAM =
            Pattern.compile("\\bSystem\\s*\\.\\s*(?:in|out|err)\\b|\\bSystem\\s*\\.\\s*console\\s*\\(");

    private static final Map<String, String> FIXES = Map.of(
            ENV, "take the run's environment (WbCommand.Context.env(), Session.env(), the env a caller passes)",
            FOLDER, "resolve against the run's folder (WbCommand.Context.cwd()) or the workspace's root",
            PROCESS,
                    "set directory(...), clear environment() and fill it from the run's, and name the program by"
                            + " its path (ExecutableLookup, GitProcess.locate) in the same block",
            STREAMS, "use the run's Console and Terminals (WbCommand.Context)",
            CALLER, "use Caller.pid() / Caller.started(): on a warm server the run's process is its client");

    private InvocationReads() {}

    /** The offences of one file, {@code relative} to the project root, not counting what {@link #ALLOWED} permits. */
    static List<Offence> check(String relative, String text) {
        List<Offence> offences = new ArrayList<>();
        for (Offence offence : findings(relative, text)) {
            String rule = offence.reason().substring(0, offence.reason().indexOf(':'));
            if (ALLOWED.stream().noneMatch(a -> a.covers(relative, rule))) {
                offences.add(offence);
            }
        }
        return offences;
    }

    /** Every read of the JVM's own state in one file, allowed or not; each reason starts with its rule. */
    static List<Offence> findings(String relative, String text) {
        JavaSource source = JavaSource.of(text);
        String code = source.code();
        List<Offence> found = new ArrayList<>();
        find(GETENV, code).forEach(at -> found.add(offence(relative, source, at, ENV, "reads System.getenv")));
        for (JavaSource.Literal literal : source.literals()) {
            if (literal.value().equals("user.dir") || literal.value().equals("user.home")) {
                found.add(new Offence(relative, literal.line(), reason(FOLDER, "names \"" + literal.value() + "\"")));
            }
        }
        find(JVM_FOLDER, code)
                .forEach(at -> found.add(offence(relative, source, at, FOLDER, "makes a path of the JVM's folder")));
        for (int at : find(NEW_PROCESS, code)) {
            processOffence(source, at).ifPresent(what -> found.add(offence(relative, source, at, PROCESS, what)));
        }
        find(CURRENT, code)
                .forEach(at -> found.add(offence(relative, source, at, CALLER, "takes ProcessHandle.current()")));
        find(STREAM, code).forEach(at -> found.add(offence(relative, source, at, STREAMS, "uses the JVM's stream")));
        return found;
    }

    /** What a process started at {@code at} leaves to the JVM, if anything. */
    private static Optional<String> processOffence(JavaSource source, int at) {
        String code = source.code();
        int open = code.indexOf('(', at);
        int block = endOfBlock(code, at);
        String rest = code.substring(at, block);
        List<String> missing = new ArrayList<>();
        if (!DIRECTORY.matcher(rest).find()) {
            missing.add("its folder (directory)");
        }
        if (!cleared(rest)) {
            missing.add("its environment (environment().clear())");
        }
        int end = firstArgumentEnd(code, open);
        if (WRITTEN_PROGRAM.matcher(code.substring(open + 1, end)).lookingAt()) {
            JavaSource.Literal program = source.literalsBetween(open, end).get(0);
            if (!program.value().startsWith("/")) {
                missing.add("its program's path (\"" + program.value() + "\" is looked for on the JVM's PATH)");
            }
        }
        return missing.isEmpty()
                ? Optional.empty()
                : Optional.of("starts a process leaving to the JVM " + String.join(", ", missing));
    }

    /** The end of the first argument of the call whose parenthesis opens at {@code open}. */
    private static int firstArgumentEnd(String code, int open) {
        int depth = 0;
        for (int k = open + 1; k < code.length(); k++) {
            char c = code.charAt(k);
            if (c == '(' || c == '{' || c == '[') {
                depth++;
            } else if (c == ')' || c == '}' || c == ']') {
                if (depth-- == 0) {
                    return k;
                }
            } else if (c == ',' && depth == 0) {
                return k;
            }
        }
        return code.length();
    }

    /** Whether the builder's environment is cleared: directly, or through a variable holding it. */
    private static boolean cleared(String code) {
        Matcher m = CLEARED.matcher(code);
        while (m.find()) {
            if (m.group(1) == null) {
                return true;
            }
            if (Pattern.compile("\\b" + Pattern.quote(m.group(1)) + "\\s*\\.\\s*clear\\s*\\(")
                    .matcher(code.substring(m.end()))
                    .find()) {
                return true;
            }
        }
        return false;
    }

    /** The offset of the brace that closes the block {@code at} lies in (or the end of the file). */
    private static int endOfBlock(String code, int at) {
        int depth = 0;
        for (int k = at; k < code.length(); k++) {
            char c = code.charAt(k);
            if (c == '{') {
                depth++;
            } else if (c == '}' && --depth < 0) {
                return k;
            }
        }
        return code.length();
    }

    private static List<Integer> find(Pattern pattern, String code) {
        List<Integer> at = new ArrayList<>();
        Matcher m = pattern.matcher(code);
        while (m.find()) {
            at.add(m.start());
        }
        return at;
    }

    private static Offence offence(String file, JavaSource source, int at, String rule, String what) {
        return new Offence(file, source.lineAt(at), reason(rule, what));
    }

    private static String reason(String rule, String what) {
        return rule + ": " + what + "; " + FIXES.get(rule);
    }
}
