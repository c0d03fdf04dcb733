package dev.wb.cli.sync;

import dev.wb.cli.core.Exit;
import dev.wb.cli.core.LeafCmd;
import dev.wb.cli.core.Specs;
import dev.wb.cli.core.WbCommand;
import dev.wb.commands.Session;
import dev.wb.commands.sync.SyncFetch;
import picocli.CommandLine.Model.CommandSpec;

/** {@code wb sync fetch [REMOTE]}: other replicas' histories, verified whole before any is imported. */
public final class SyncFetchCmd extends LeafCmd {

    private String remote = SyncRender.DEFAULT_REMOTE;

    private SyncFetchCmd(WbCommand root) {
        super(root, SyncRender.EXITS);
    }

    public static CommandSpec spec(WbCommand root) {
        SyncFetchCmd cmd = new SyncFetchCmd(root);
        CommandSpec spec = cmd.command(
                "fetch",
                "Fetch every replica's task histories from REMOTE (default origin) into refs/wb-fetch/REMOTE/,"
                        + " verify each whole, and import them only if all verify.",
                "Nothing is imported when any history fails its check (docs/SYNC.md).");
        spec.addPositional(Specs.positional(
                "REMOTE", "0..1", "a configured remote (default origin)", value -> cmd.remote = value));
        return Specs.withJson(root, spec);
    }

    @Override
    protected Exit run() {
        try (Session session = context().session()) {
            SyncFetch.Result result = SyncFetch.run(session, remote);
            if (json()) {
                console().json(SyncRender.json(result));
            } else {
                SyncRender.text(console(), result);
            }
            return Exit.OK;
        }
    }
}
