package dev.wb.cli.mcp;

import dev.wb.cli.core.Exit;
import dev.wb.cli.core.Exits;
import dev.wb.cli.core.LeafCmd;
import dev.wb.cli.core.WbCommand;
import dev.wb.commands.base.Workspace;
import dev.wb.engine.WbVersion;
import java.io.IOException;
import java.io.PrintStream;
import java.io.UncheckedIOException;
import java.time.Duration;
import picocli.CommandLine.Model.CommandSpec;

/**
 * {@code wb mcp}: a Model Context Protocol server over stdin and stdout (docs/MCP.md), for an agent
 * that calls wb's commands as tools. It runs until stdin ends. Nothing of the MCP SDK is named here:
 * {@link McpStdio} loads it, only when this command runs.
 */
public final class McpCmd extends LeafCmd {

    /** How long a call still running when stdin ends is given to stop. */
    static final Duration STOP_BOUND = Duration.ofSeconds(5);

    private static final Exits EXITS =
            Exits.of(Exit.OK.as("stdin ended: the client went away"), Exit.USAGE.as("outside a git repository"));

    private McpCmd(WbCommand root) {
        super(root, EXITS);
    }

    public static CommandSpec spec(WbCommand root) {
        McpCmd cmd = new McpCmd(root);
        return cmd.command(
                "mcp",
                "Serve wb's commands as Model Context Protocol tools on stdin and stdout, for an agent:"
                        + " status, next, show, sdd_audit, impl_check, judge_scope, and with mcp.allow_run in"
                        + " .workflow/config.json impl_verify and judge_verify. Each answers its command's --json.",
                "Add it to Claude Code: claude mcp add wb -- wb mcp   (docs/MCP.md).",
                "Stdout carries protocol messages only; every call is recorded as mcp.called.");
    }

    @Override
    protected Exit run() {
        Workspace workspace = Workspace.require(context().cwd());
        PrintStream protocol = ProtocolStream.take();
        try (ToolCalls calls = new ToolCalls(context(), workspace)) {
            McpStdio.serve(
                    calls, context().terminals().stdin(), protocol, ProtocolStream.stderr(), WbVersion.current());
            calls.stop(STOP_BOUND);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
        return Exit.OK;
    }
}
