package dev.wb.cli;

import dev.wb.cli.client.ServedClient;
import dev.wb.cli.core.Console;
import dev.wb.cli.core.Exit;
import dev.wb.cli.core.HelpText;
import dev.wb.cli.core.LeafCmd;
import dev.wb.cli.core.ParseErrors;
import dev.wb.cli.core.Terminals;
import dev.wb.cli.core.Version;
import dev.wb.cli.core.WbCommand;
import dev.wb.cli.history.LogRecovery;
import dev.wb.cli.server.Server;
import dev.wb.cli.status.StatusCmd;
import dev.wb.commands.base.Failure;
import dev.wb.engine.BatchTooLargeException;
import dev.wb.engine.EventSchemas;
import dev.wb.engine.LogDamagedException;
import dev.wb.engine.LogException;
import dev.wb.engine.LogUnavailableException;
import dev.wb.engine.StreamBusyException;
import dev.wb.engine.VersionConflictException;
import dev.wb.engine.logs.EventLogs;
import java.io.OutputStreamWriter;
import java.io.PrintWriter;
import java.io.StringWriter;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.time.Clock;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Map;
import java.util.Set;
import picocli.CommandLine;

/**
 * The {@code wb} entry point. Everything a run depends on (environment, folder, clock, output) is
 * passed in, so tests run the real command line in-process with their own writers.
 */
public final class Wb {

    /**
     * Subcommands that open the log (to append, or to read a stream): Chronicle starts loading on the
     * second core while picocli parses. {@code status} answers from head hints and is left out.
     */
    private static final Set<String> READS_OR_APPENDS =
            Set.of("init", "replay", "show", "sdd", "impl", "commit", "pr", "git", "demo", "import", "sync");

    private final Map<String, String> env;
    private final Path cwd;
    private final Clock clock;
    private final PrintWriter out;
    private final PrintWriter err;
    private final Terminals terminals;
    /** Made on first use: {@code --version} needs none of it (it links Jackson's tree types). */
    private Console console;

    public Wb(Map<String, String> env, Path cwd, Clock clock, PrintWriter out, PrintWriter err) {
        this(env, cwd, clock, out, err, Terminals.process());
    }

    /** A run whose stdin and terminals are given: a warm server's, for its client (docs/adr/0009-warm-server.md). */
    public Wb(Map<String, String> env, Path cwd, Clock clock, PrintWriter out, PrintWriter err, Terminals terminals) {
        this.env = env;
        this.cwd = cwd;
        this.clock = clock;
        this.out = out;
        this.err = err;
        this.terminals = terminals;
    }

    public static void main(String[] args) {
        String serve = System.getProperty(Server.FOLDER);
        if (serve != null) {
            // Started by a client as a warm server: it serves until idle, stopped or stale, then exits.
            RuntimeFolders.pin(System.getenv());
            System.exit(Server.serve(
                    (env, cwd, o, e, terminals, words) ->
                            new Wb(env, cwd, Clock.systemUTC(), o, e, terminals).run(words),
                    Path.of(serve)));
        }
        // A live server for this JVM's key runs the command and this JVM only relays it; otherwise (none,
        // busy, stale, WB_SERVER=off) nothing of the command has run and it runs here, cold
        // (docs/adr/0013-served-path.md).
        int served = ServedClient.attempt(args);
        if (served != ServedClient.COLD) {
            Runtime.getRuntime().halt(served);
        }
        if (!Version.asked(args)) {
            // Only a command that may load jffi or Chronicle needs their folders pinned.
            RuntimeFolders.pin(System.getenv());
        }
        PrintWriter out = new PrintWriter(new OutputStreamWriter(System.out, StandardCharsets.UTF_8));
        PrintWriter err = new PrintWriter(new OutputStreamWriter(System.err, StandardCharsets.UTF_8));
        int code = new Wb(System.getenv(), Path.of("").toAbsolutePath(), Clock.systemUTC(), out, err).run(args);
        out.flush();
        err.flush();
        System.exit(code);
    }

    public int run(String... args) {
        return run(true, args);
    }

    /** A run; with {@code direct} false every command line goes through picocli (tests compare both). */
    int run(boolean direct, String... args) {
        if (direct && Version.asked(args)) {
            // Answered before anything else loads: picocli would print the same line (docs/adr/0008).
            out.println(Version.line());
            out.flush();
            return Exit.OK.code();
        }
        String first = firstWord(args);
        if (first != null
                && READS_OR_APPENDS.contains(first)
                && !Arrays.asList(args).contains("--help")) {
            EventLogs.preloadInBackground();
        }
        LeafCmd command = direct ? direct(first, args) : null;
        int code;
        if (command != null) {
            code = execute(command);
        } else {
            CommandLine cli = commandLine(args);
            code = refusesJson(args) ? Exit.USAGE.code() : cli.execute(args);
        }
        if (code != Exit.OK.code() && Arrays.asList(args).contains("--json")) {
            // Every --json run prints one document, a refusal too: the error, if the command printed none.
            console().jsonErrorIfSilent(code);
        }
        console().flush();
        return code;
    }

    private Console console() {
        if (console == null) {
            console = new Console(out, err);
        }
        return console;
    }

    /** The root of a run of {@code args}; of the whole tree when null. */
    private WbCommand root(String[] args) {
        WbCommand root = new WbCommand(new WbCommand.Context(
                env,
                cwd,
                clock,
                console(),
                terminals,
                (dir, o, e, words) -> new Wb(env, dir, clock, o, e, terminals).run(words)));
        return args == null ? root : root.runs(args);
    }

    /**
     * The command a run names, read without picocli when its words are plain (docs/adr/0008); null
     * when picocli parses them: every other command, and help, usage errors and anything unusual.
     */
    private LeafCmd direct(String first, String[] args) {
        if (!"status".equals(first)) {
            return null;
        }
        int at = Arrays.asList(args).indexOf(first);
        if (at > 1) {
            return null; // --json given twice before the subcommand: picocli's usage error
        }
        List<String> words = Arrays.asList(args).subList(at + 1, args.length);
        return StatusCmd.direct(root(args), at == 1, words);
    }

    /** Runs a command read without picocli as picocli would: its exit code, or its exception mapped. */
    private int execute(LeafCmd command) {
        try {
            return command.call();
        } catch (Exception e) {
            return handle(e);
        }
    }

    /**
     * The commands whose output has one fixed form, refused under {@code --json} rather than silently
     * printing something else: the completion script, and the hook whose stdout is Claude Code's protocol.
     */
    private boolean refusesJson(String[] args) {
        List<String> words =
                Arrays.stream(args).filter(a -> !a.startsWith("-")).limit(2).toList();
        String command = words.isEmpty()
                ? ""
                : words.get(0).equals("judge") && words.size() > 1 ? "judge " + words.get(1) : words.get(0);
        if (!Arrays.asList(args).contains("--json")
                || !((Commands.WHOLE_TREE.contains(command) && !command.equals("surface"))
                        || command.equals("judge guard"))) {
            return false;
        }
        console()
                .error(
                        "wb " + command + " has no --json form: "
                                + (command.equals("judge guard")
                                        ? "its stdout is the hook's answer to Claude Code"
                                        : command.equals("generate-man")
                                                ? "it writes man pages"
                                                : "it prints a shell script"),
                        List.of("wb " + command + "   (without --json)"));
        return true;
    }

    /** The whole command tree, as help and completion show it. */
    CommandLine commandLine() {
        return commandLine(null);
    }

    /**
     * The command tree a run needs: when its first word names a subcommand, only that one is
     * registered (picocli builds a model of every registered class up front); otherwise all are.
     * Null {@code args}: the whole tree, every group with all of its members.
     */
    CommandLine commandLine(String[] args) {
        WbCommand root = root(args);
        CommandLine cli = new CommandLine(root.spec());
        String first = args == null ? null : firstWord(args);
        // Completion and man pages describe the whole tree, so they need every subcommand.
        if (first != null && Commands.NAMES.contains(first) && !Commands.WHOLE_TREE.contains(first)) {
            cli.addSubcommand(first, Commands.spec(first, root));
        } else {
            for (String name : Commands.NAMES) {
                cli.addSubcommand(name, Commands.spec(name, root));
            }
        }
        cli.setOut(console().out());
        cli.setErr(console().err());
        cli.setExecutionExceptionHandler((e, commandLine, parseResult) -> handle(e));
        cli.setParameterExceptionHandler(this::handleUsage);
        cli.setCaseInsensitiveEnumValuesAllowed(true);
        HelpText.apply(cli, HelpText.width(env));
        return cli;
    }

    /** The first argument that is not an option of wb itself (only --json comes before a subcommand). */
    private static String firstWord(String[] args) {
        for (String arg : args) {
            if (!arg.equals("--json")) {
                return arg.startsWith("-") ? null : arg;
            }
        }
        return null;
    }

    private int handleUsage(CommandLine.ParameterException e, String[] args) {
        ParseErrors.Said said = ParseErrors.of(e, args);
        console().error(said.message(), said.fixes());
        return Exit.USAGE.code();
    }

    int handle(Exception e) {
        if (e instanceof Failure failure) {
            console().error(failure.getMessage(), failure.fixes());
            return Exit.of(failure.kind()).code();
        }
        if (e instanceof LogException logError) {
            return handleLog(logError);
        }
        if (e instanceof EventSchemas.NewerSchemaException newer) {
            console().error(newer.getMessage(), List.of("upgrade wb to the version that wrote this event"));
            return Exit.CONFIG.code();
        }
        console()
                .error(
                        "unexpected " + e.getClass().getSimpleName() + ": " + e.getMessage(),
                        List.of("run again with WB_DEBUG=1 for the stack trace, and report it"));
        debug(e);
        return Exit.INTERNAL.code();
    }

    private int handleLog(LogException e) {
        int code = reportLog(e);
        debug(e);
        return code;
    }

    private int reportLog(LogException e) {
        if (e instanceof StreamBusyException busy) {
            console()
                    .error(
                            busy.stream().describe() + " is busy",
                            List.of("another wb command is writing to it; wait for it to finish, then run this again"));
            return Exit.NOT_COMPLETED.code();
        }
        if (e instanceof VersionConflictException conflict) {
            console().error(conflict.getMessage(), List.of("run the command again: it will decide on the new history"));
            return Exit.NOT_COMPLETED.code();
        }
        if (e instanceof LogDamagedException damaged) {
            // Not a failed check of the user's work: the storage this command needs cannot be used.
            List<String> fixes = new ArrayList<>();
            fixes.add("wb replay " + damaged.stream() + " --verify   (names the first event that does not hold)");
            fixes.addAll(LogRecovery.fixes(damaged.stream()));
            console().error(damaged.getMessage(), fixes);
            return Exit.CONFIG.code();
        }
        if (e instanceof BatchTooLargeException) {
            // A last resort: every input that reaches an event is bounded or shortened before it gets here.
            console()
                    .error(
                            "nothing was recorded: " + e.getMessage(),
                            List.of(
                                    "make the input smaller (fewer or"
                                            + " shorter commands, paths or lines in the files this command read), then run it again"));
            return Exit.USAGE.code();
        }
        if (e instanceof LogUnavailableException unavailable) {
            console()
                    .error(
                            e.getMessage(),
                            unavailable.fixes().isEmpty()
                                    ? List.of("check that .workflow/local/ is writable and the disk has space")
                                    : unavailable.fixes());
            return Exit.CONFIG.code();
        }
        console().error(e.getMessage(), List.of("run again with WB_DEBUG=1 for details"));
        return Exit.INTERNAL.code();
    }

    private void debug(Throwable e) {
        if ("1".equals(env.get("WB_DEBUG"))) {
            StringWriter trace = new StringWriter();
            e.printStackTrace(new PrintWriter(trace));
            console().err().print(trace);
            console().err().flush();
        }
    }
}
