package dev.wb.cli.sync;

import dev.wb.cli.core.Exit;
import dev.wb.cli.core.LeafCmd;
import dev.wb.cli.core.Specs;
import dev.wb.cli.core.WbCommand;
import dev.wb.commands.Session;
import dev.wb.commands.sync.SyncPush;
import picocli.CommandLine.Model.CommandSpec;

/** {@code wb sync push [REMOTE]}: this replica's histories as commits under refs/wb/, pushed without force. */
public final class SyncPushCmd extends LeafCmd {

    private String remote = SyncRender.DEFAULT_REMOTE;
    private boolean withOutput;

    private SyncPushCmd(WbCommand root) {
        super(root, SyncRender.EXITS);
    }

    public static CommandSpec spec(WbCommand root) {
        SyncPushCmd cmd = new SyncPushCmd(root);
        CommandSpec spec = cmd.command(
                "push",
                "Write this clone's new events as commits under refs/wb/ and push refs/wb/* to REMOTE"
                        + " (default origin), never forced.",
                "Each history is verified before it is written (docs/SYNC.md).");
        SyncRender.pushArguments(spec, value -> cmd.remote = value, value -> cmd.withOutput = value);
        return Specs.withJson(root, spec);
    }

    @Override
    protected Exit run() {
        try (Session session = context().session()) {
            SyncPush.Result result = SyncPush.run(session, remote, withOutput);
            SyncRender.warnings(console(), result);
            if (json()) {
                console().json(SyncRender.json(result));
            } else {
                SyncRender.text(console(), result);
            }
            return Exit.OK;
        }
    }
}
