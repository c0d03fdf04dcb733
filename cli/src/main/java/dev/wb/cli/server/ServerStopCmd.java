package dev.wb.cli.server;

import dev.wb.cli.core.Console;
import dev.wb.cli.core.Exit;
import dev.wb.cli.core.Exits;
import dev.wb.cli.core.LeafCmd;
import dev.wb.cli.core.WbCommand;
import java.util.List;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;
import picocli.CommandLine.Model.CommandSpec;

/** {@code wb server stop}: ends this install's warm servers for this user (the next command starts one). */
public final class ServerStopCmd extends LeafCmd {

    private static final Exits EXITS = Exits.of(Exit.OK.as("stopped, or none was running"));

    private ServerStopCmd(WbCommand root) {
        super(root, EXITS);
    }

    static CommandSpec spec(WbCommand root) {
        ServerStopCmd cmd = new ServerStopCmd(root);
        return cmd.command(
                "stop",
                "Stop this install's warm servers for this user, as SIGTERM stops a command (a command"
                        + " running on one ends as it would on SIGTERM).",
                "",
                "");
    }

    @Override
    protected Exit run() {
        Console console = root.context().console();
        List<ProcessHandle> live = Servers.ofThisInstall(root.context().env()).stream()
                .flatMap(f -> f.process().stream())
                .toList();
        if (live.isEmpty()) {
            console.line("no wb server is running for this install.");
            return Exit.OK;
        }
        for (ProcessHandle p : live) {
            p.destroy();
        }
        for (ProcessHandle p : live) {
            try {
                p.onExit().get(10, TimeUnit.SECONDS);
                console.line("stopped wb server " + p.pid());
            } catch (TimeoutException | ExecutionException e) {
                p.destroyForcibly();
                console.line("killed wb server " + p.pid() + " (it did not stop within 10 s of SIGTERM)");
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
                break;
            }
        }
        return Exit.OK;
    }
}
