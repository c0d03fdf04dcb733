package dev.wb.cli;

import dev.wb.commands.Session;
import dev.wb.commands.Workspace;
import dev.wb.engine.WbVersion;
import java.nio.file.Path;
import java.time.Clock;
import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.Map;
import picocli.AutoComplete;
import picocli.CommandLine.Command;
import picocli.CommandLine.IVersionProvider;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Spec;
import picocli.CommandLine.Option;
import picocli.CommandLine.ScopeType;

/** {@code wb}: the root of the command tree. Later stages add their groups here. */
@Command(
        name = "wb",
        mixinStandardHelpOptions = true,
        versionProvider = WbCommand.Version.class,
        description = "Guards the changes coding agents and people make to a git repository, and keeps every step as"
                + " a replayable event.",
        footer = {"", "Exit codes: 0 done and it holds, 1 not completed, 2 usage or refusal, 3 configuration,"
                + " 6 missing artifact, 7 check failed."})
public final class WbCommand implements Runnable {

    /**
     * The subcommands, by name. {@link Wb} registers only the one a run names (building picocli's
     * model of every subcommand costs start-up time), and all of them for help and completion.
     */
    static final Map<String, Class<?>> SUBCOMMANDS = subcommands();

    private static Map<String, Class<?>> subcommands() {
        Map<String, Class<?>> all = new LinkedHashMap<>();
        all.put("init", InitCmd.class);
        all.put("status", StatusCmd.class);
        all.put("replay", ReplayCmd.class);
        all.put("generate-completion", AutoComplete.GenerateCompletion.class);
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

    @Spec
    CommandSpec spec;

    @Option(names = "--json", scope = ScopeType.INHERIT,
            description = "Print one JSON document on stdout and nothing else there.")
    boolean json;

    WbCommand(Context context) {
        this.context = context;
    }

    @Override
    public void run() {
        spec.commandLine().usage(context.console().out());
    }

    /** {@code wb --version}. */
    static final class Version implements IVersionProvider {
        @Override
        public String[] getVersion() {
            return new String[] {"wb " + WbVersion.current() + " (Java " + Runtime.version() + ")"};
        }
    }
}
