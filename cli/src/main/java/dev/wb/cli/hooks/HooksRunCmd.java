package dev.wb.cli.hooks;

import dev.wb.cli.core.Exit;
import dev.wb.cli.core.Exits;
import dev.wb.cli.core.LeafCmd;
import dev.wb.cli.core.Specs;
import dev.wb.cli.core.WbCommand;
import dev.wb.commands.base.Failure;
import dev.wb.commands.config.HookHost;
import dev.wb.commands.hooks.HookRun;
import java.io.IOException;
import java.io.PrintWriter;
import java.io.StringWriter;
import picocli.CommandLine.Model.CommandSpec;

/**
 * {@code wb hooks run HOST post-edit|stop}: the command the hook entries run. Reads the host's event on
 * stdin and answers in the host's protocol ({@link HookRun}). Hidden from help: people do not run it.
 */
public final class HooksRunCmd extends LeafCmd {

    private static final Exits EXITS = Exits.of(
            Exit.OK.as("nothing to say (in scope, verified, no task, or Copilot's block on stdout)"),
            Exit.HOOK_REFUSED.as("a deviation or a failed verification: the reason on stderr, for the agent"),
            Exit.HOOK_UNREAD.as("could not check (no plan, no audit, an unusable event): shown to the person"));

    String host;
    String phase;

    private HooksRunCmd(WbCommand root) {
        super(root, EXITS);
    }

    public static CommandSpec spec(WbCommand root) {
        HooksRunCmd cmd = new HooksRunCmd(root);
        CommandSpec spec = cmd.command(
                "run",
                "The command wb's hook entries run: reads the host's hook event (JSON) on stdin, runs wb impl"
                        + " check (post-edit) or wb impl verify (stop) for the task, and answers as the host expects.");
        spec.addPositional(Specs.positional(0, "HOST", "1", HostArg.LIST, value -> cmd.host = value));
        spec.addPositional(Specs.positional(1, "PHASE", "1", "post-edit or stop", value -> cmd.phase = value));
        spec.usageMessage().hidden(true);
        return spec;
    }

    @Override
    protected Exit run() {
        HookHost target = HostArg.parse(host);
        HookRun.Phase when = HookRun.Phase.of(phase)
                .orElseThrow(() -> Failure.usage(
                        "no hook phase " + phase + ": wb hooks run takes post-edit or stop",
                        "wb hooks install " + target.id() + " writes the entries that run it"));
        if (root.context().terminals().interactive()) {
            throw Failure.usage(
                    "wb hooks run reads an agent host's hook event on stdin; the host runs it, not a person",
                    "wb hooks status shows which hosts run it; wb impl check KEY runs the check by hand");
        }
        byte[] event;
        try {
            event = root.context().terminals().stdin().readAllBytes();
        } catch (IOException e) {
            root.context().console().err().println("wb hooks run: cannot read the hook event: " + e.getMessage());
            root.context().console().err().flush();
            return Exit.HOOK_UNREAD;
        }
        HookRun.Answer answer = HookRun.answer(
                target, when, event, root.context().cwd(), root.context().env(), (dir, args) -> {
                    StringWriter out = new StringWriter();
                    StringWriter err = new StringWriter();
                    int code;
                    try (PrintWriter o = new PrintWriter(out);
                            PrintWriter e = new PrintWriter(err)) {
                        code = root.context().nested().run(dir, o, e, args);
                    }
                    return new HookRun.Outcome(code, out.toString(), err.toString());
                });
        if (!answer.out().isEmpty()) {
            root.context().console().out().print(answer.out());
            root.context().console().out().flush();
        }
        if (!answer.err().isEmpty()) {
            root.context().console().err().print(answer.err());
            root.context().console().err().flush();
        }
        return switch (answer.code()) {
            case 0 -> Exit.OK;
            case 2 -> Exit.HOOK_REFUSED;
            default -> Exit.HOOK_UNREAD;
        };
    }
}
