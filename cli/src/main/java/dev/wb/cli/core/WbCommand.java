package dev.wb.cli.core;

import dev.wb.commands.Session;
import dev.wb.commands.base.Workspace;
import java.io.PrintWriter;
import java.nio.file.Path;
import java.time.Clock;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Model.OptionSpec;

/** {@code wb}: the root of the command tree, and what every subcommand reads of the run. */
public final class WbCommand implements Runnable {

    /**
     * What every run shares: the process's environment, folder, clock, console and terminals (stdin
     * among them), and how to run another wb command line in-process in another folder ({@code wb demo}).
     */
    public record Context(
            Map<String, String> env, Path cwd, Clock clock, Console console, Terminals terminals, Nested nested) {

        /** Opens a session in the repository around the current folder (exit 2 outside one). */
        public Session session() {
            return Session.open(Workspace.require(cwd), env, clock);
        }
    }

    /** Runs a wb command line in {@code cwd}, in-process, printing to the given writers; returns its exit code. */
    public interface Nested {
        int run(Path cwd, PrintWriter out, PrintWriter err, String... args);
    }

    private final Context context;
    private CommandSpec spec;

    /** Set by {@code --json} wherever it appears, before or after the subcommand. */
    boolean json;

    /**
     * The words of this run, so that a group registers only the member the run names; null for the
     * whole tree (tests, and nothing narrowed).
     */
    private List<String> words;

    public WbCommand(Context context) {
        this.context = context;
    }

    /** Notes the words of this run (a group then builds only the member they name). */
    public WbCommand runs(String... args) {
        words = List.of(args);
        return this;
    }

    /**
     * The member of the group {@code group} this run names: the word after the group's name when the
     * group is the run's subcommand. Empty when the run does not name one this way (its help, a
     * group run alone, completion), and then the group registers all of its members.
     */
    Optional<String> memberNamed(String group) {
        if (words == null) {
            return Optional.empty();
        }
        List<String> rest = new ArrayList<>(words);
        rest.removeIf("--json"::equals);
        if (rest.size() < 2 || !rest.get(0).equals(group) || rest.get(1).startsWith("-")) {
            return Optional.empty();
        }
        return Optional.of(rest.get(1));
    }

    public Context context() {
        return context;
    }

    /** Whether this run prints one JSON document ({@code --json}, before or after the subcommand). */
    public boolean json() {
        return json;
    }

    /**
     * Whether this run only prints wb's own help ({@code wb}, {@code wb --help}, {@code wb -h}): it
     * lists each subcommand's name and description, so a group then needs none of its members.
     */
    boolean rootHelpOnly() {
        return words != null && (words.isEmpty() || words.equals(List.of("--help")) || words.equals(List.of("-h")));
    }

    /** The root's spec: description, footer, {@code --help}, {@code --version}, {@code --json}. */
    public CommandSpec spec() {
        if (spec == null) {
            spec = Specs.command(
                    this,
                    "wb",
                    "Guards the changes coding agents and people make to a git repository,"
                            + " and keeps every step as a replayable event.");
            spec.version(Version.line());
            spec.addOption(OptionSpec.builder("-V", "--version")
                    .versionHelp(true)
                    .description("Print version information and exit.")
                    .build());
            spec.addOption(Specs.json(this));
            spec.usageMessage().footer("", Exits.general().line());
        }
        return spec;
    }

    @Override
    public void run() {
        spec.commandLine().usage(context.console().out());
    }
}
