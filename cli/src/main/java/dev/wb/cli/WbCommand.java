package dev.wb.cli;

import dev.wb.commands.Session;
import dev.wb.commands.Workspace;
import dev.wb.engine.WbVersion;
import java.nio.file.Path;
import java.time.Clock;
import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.function.Function;
import picocli.AutoComplete;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Model.OptionSpec;

/** {@code wb}: the root of the command tree. Later stages add their groups here. */
public final class WbCommand implements Runnable {

    /**
     * The subcommands, by name. {@link Wb} registers only the one a run names (building picocli's
     * model of a subcommand costs start-up time), and all of them for help and completion.
     */
    static final Map<String, Function<WbCommand, Object>> SUBCOMMANDS = subcommands();

    private static Map<String, Function<WbCommand, Object>> subcommands() {
        Map<String, Function<WbCommand, Object>> all = new LinkedHashMap<>();
        all.put("init", InitCmd::spec);
        all.put("status", StatusCmd::spec);
        all.put("replay", ReplayCmd::spec);
        all.put("sdd", SddCmd::spec);
        all.put("repo", RepoCmd::spec);
        all.put("impl", ImplCmd::spec);
        all.put("git", GitCmd::spec);
        all.put("judge", JudgeCmd::spec);
        all.put("task", TaskCmd::spec);
        all.put("config", ConfigCmd::spec);
        all.put("checks", ChecksCmd::spec);
        all.put("preflight", PreflightCmd::spec);
        all.put("validate-flow", ValidateFlowCmd::spec);
        all.put("import", ImportCmd::spec);
        all.put("demo", DemoCmd::spec);
        all.put("generate-completion", root -> new AutoComplete.GenerateCompletion());
        return Collections.unmodifiableMap(all);
    }

    /** What every run shares: the process's environment, folder, clock and console. */
    record Context(Map<String, String> env, Path cwd, Clock clock, Console console) {

        /** Opens a session in the repository around the current folder (exit 2 outside one). */
        Session session() {
            return Session.open(Workspace.require(cwd), env, clock);
        }
    }

    final Context context;
    private CommandSpec spec;

    /** Set by {@code --json} wherever it appears, before or after the subcommand. */
    boolean json;

    WbCommand(Context context) {
        this.context = context;
    }

    /** The root's spec: description, footer, {@code --help}, {@code --version}, {@code --json}. */
    CommandSpec spec() {
        if (spec == null) {
            spec = Specs.command(
                    this,
                    "wb",
                    "Guards the changes coding agents and people make to a git repository,"
                            + " and keeps every step as a replayable event.");
            spec.version("wb " + WbVersion.current() + " ("
                    + (WbVersion.built().isEmpty() ? "" : "built " + WbVersion.built() + ", ") + "Java "
                    + Runtime.version() + ")");
            spec.addOption(OptionSpec.builder("-V", "--version")
                    .versionHelp(true)
                    .description("Print version information and exit.")
                    .build());
            spec.addOption(Specs.json(this));
            spec.usageMessage()
                    .footer(
                            "",
                            "Exit codes: 0 done and it holds, 1 not completed, 2 usage or refusal,"
                                    + " 3 configuration, 6 missing artifact, 7 check failed.");
        }
        return spec;
    }

    @Override
    public void run() {
        spec.commandLine().usage(context.console().out());
    }
}
