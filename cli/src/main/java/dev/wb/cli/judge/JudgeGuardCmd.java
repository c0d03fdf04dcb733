package dev.wb.cli.judge;

import dev.wb.cli.core.ExitCodes;
import dev.wb.cli.core.Specs;
import dev.wb.cli.core.WbCommand;
import dev.wb.commands.Failure;
import dev.wb.commands.judge.agents.JudgeGuardHook;
import java.io.IOException;
import java.util.concurrent.Callable;
import picocli.CommandLine.Model.CommandSpec;

/**
 * {@code wb judge guard}: the Claude Code PreToolUse hook {@code wb judge enable} installs. Reads the hook
 * event on stdin; while a validation run holds the lock it refuses Edit, Write, MultiEdit and NotebookEdit
 * with exit 2 and the reason on stderr, which Claude Code feeds back to the agent; otherwise exits 0 and
 * prints nothing (Claude Code hooks reference, https://code.claude.com/docs/en/hooks: "Exit code 2
 * behavior"; see {@link JudgeGuardHook}). Hidden from help: people do not run it.
 */
public final class JudgeGuardCmd implements Callable<Integer> {

    /** Claude Code's blocking exit code: the tool call is refused and stderr goes to the agent. */
    static final int BLOCK = 2;

    /** Any other non-zero code is a non-blocking error in Claude Code: shown to the user, the call goes ahead. */
    static final int NOT_CHECKED = 1;

    private final WbCommand root;

    private JudgeGuardCmd(WbCommand root) {
        this.root = root;
    }

    public static CommandSpec spec(WbCommand root) {
        CommandSpec spec = Specs.command(
                new JudgeGuardCmd(root),
                "guard",
                "The Claude Code PreToolUse hook that"
                        + " wb judge enable installs: reads the hook event (JSON) on stdin and refuses Edit, Write,"
                        + " MultiEdit and NotebookEdit while a judge validation run holds the lock.");
        spec.usageMessage().hidden(true);
        spec.usageMessage()
                .footer(
                        "",
                        "Exit codes: 0 allowed, 2 refused (the reason on stderr, for the agent),"
                                + " 1 the event could not be read (Claude Code lets the call go ahead and shows the message).");
        return spec;
    }

    @Override
    public Integer call() {
        if (System.console() != null) {
            throw Failure.usage(
                    "wb judge guard reads a Claude Code hook event on stdin; it is run by Claude Code,"
                            + " not by hand",
                    "wb judge status shows whether the hook is installed and a run in progress");
        }
        byte[] event;
        try {
            event = System.in.readAllBytes();
        } catch (IOException e) {
            root.context().console().err().println("wb judge guard: cannot read the hook event: " + e.getMessage());
            root.context().console().err().flush();
            return NOT_CHECKED;
        }
        JudgeGuardHook.Decision decision =
                JudgeGuardHook.decide(event, root.context().cwd());
        switch (decision.kind()) {
            case ALLOW:
                return ExitCodes.OK;
            case DENY:
                root.context().console().err().println(decision.message());
                root.context().console().err().flush();
                return BLOCK;
            default:
                root.context().console().err().println(decision.message());
                root.context().console().err().flush();
                return NOT_CHECKED;
        }
    }
}
