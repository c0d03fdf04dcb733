package dev.wb.cli.judge;

import dev.wb.cli.core.Exit;
import dev.wb.cli.core.Exits;
import dev.wb.cli.core.LeafCmd;
import dev.wb.cli.core.WbCommand;
import dev.wb.commands.base.Failure;
import dev.wb.commands.judge.agents.JudgeGuard;
import java.io.IOException;
import picocli.CommandLine.Model.CommandSpec;

/**
 * {@code wb judge guard}: the Claude Code PreToolUse hook {@code wb judge enable} installs. Reads the hook
 * event on stdin; while a validation run holds the lock it refuses Edit, Write, MultiEdit and NotebookEdit
 * with exit 2 and the reason on stderr, which Claude Code feeds back to the agent; otherwise exits 0 and
 * prints nothing (Claude Code hooks reference, https://code.claude.com/docs/en/hooks: "Exit code 2
 * behavior"; see {@link JudgeGuard}). Hidden from help: people do not run it.
 */
public final class JudgeGuardCmd extends LeafCmd {

    private static final Exits EXITS = Exits.of(
            Exit.OK.as("allowed"),
            Exit.HOOK_REFUSED.as("refused (the reason on stderr, for the agent)"),
            Exit.HOOK_UNREAD.as(
                    "the event could not be read (Claude Code lets the call go ahead and shows the message)"));

    private JudgeGuardCmd(WbCommand root) {
        super(root, EXITS);
    }

    public static CommandSpec spec(WbCommand root) {
        CommandSpec spec = new JudgeGuardCmd(root)
                .command(
                        "guard",
                        "The Claude Code PreToolUse hook that"
                                + " wb judge enable installs: reads the hook event (JSON) on stdin and refuses Edit, Write,"
                                + " MultiEdit and NotebookEdit while a judge validation run holds the lock.");
        spec.usageMessage().hidden(true);
        return spec;
    }

    @Override
    protected Exit run() {
        if (root.context().terminals().interactive()) {
            throw Failure.usage(
                    "wb judge guard reads a Claude Code hook event on stdin; it is run by Claude Code,"
                            + " not by hand",
                    "wb judge status shows whether the hook is installed and a run in progress");
        }
        byte[] event;
        try {
            event = root.context().terminals().stdin().readAllBytes();
        } catch (IOException e) {
            root.context().console().err().println("wb judge guard: cannot read the hook event: " + e.getMessage());
            root.context().console().err().flush();
            return Exit.HOOK_UNREAD;
        }
        JudgeGuard.Decision decision = JudgeGuard.decide(event, root.context().cwd());
        if (decision.kind() == JudgeGuard.Decision.Kind.ALLOW) {
            return Exit.OK;
        }
        root.context().console().err().println(decision.message());
        root.context().console().err().flush();
        return decision.kind() == JudgeGuard.Decision.Kind.DENY ? Exit.HOOK_REFUSED : Exit.HOOK_UNREAD;
    }
}
