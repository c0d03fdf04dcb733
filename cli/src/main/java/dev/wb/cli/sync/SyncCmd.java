package dev.wb.cli.sync;

import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.wb.cli.core.Exit;
import dev.wb.cli.core.LeafCmd;
import dev.wb.cli.core.Specs;
import dev.wb.cli.core.WbCommand;
import dev.wb.commands.Session;
import dev.wb.commands.sync.SyncFetch;
import dev.wb.commands.sync.SyncPush;
import dev.wb.engine.json.CanonicalJson;
import picocli.CommandLine.Model.CommandSpec;

/**
 * {@code wb sync [REMOTE]}: fetch then push (docs/SYNC.md); {@code wb sync push} and {@code wb sync
 * fetch} do one each; {@code wb sync log KEY} shows a task's events from every replica held. A fetch that refuses a history stops before the push.
 */
public final class SyncCmd extends LeafCmd {

    private String remote = SyncRender.DEFAULT_REMOTE;
    private boolean withOutput;

    private SyncCmd(WbCommand root) {
        super(root, SyncRender.EXITS);
    }

    public static CommandSpec spec(WbCommand root) {
        SyncCmd cmd = new SyncCmd(root);
        CommandSpec spec = cmd.command(
                "sync",
                "Share task histories through git: fetch every replica's from REMOTE (default origin), verify and"
                        + " import them, then push this clone's.",
                "wb sync fetch / wb sync push do one of the two. Nothing in git's configuration is changed.");
        SyncRender.pushArguments(spec, value -> cmd.remote = value, value -> cmd.withOutput = value);
        spec.addOption(Specs.json(root));
        spec.addSubcommand("push", SyncPushCmd.spec(root));
        spec.addSubcommand("fetch", SyncFetchCmd.spec(root));
        spec.addSubcommand("log", SyncLogCmd.spec(root));
        return spec;
    }

    @Override
    protected Exit run() {
        try (Session session = context().session()) {
            SyncFetch.Result fetched = SyncFetch.run(session, remote);
            SyncPush.Result pushed = SyncPush.run(session, remote, withOutput);
            SyncRender.warnings(console(), pushed);
            if (json()) {
                ObjectNode doc = CanonicalJson.objectNode();
                doc.set("fetch", SyncRender.json(fetched));
                doc.set("push", SyncRender.json(pushed));
                console().json(doc);
            } else {
                SyncRender.text(console(), fetched);
                SyncRender.text(console(), pushed);
            }
            return Exit.OK;
        }
    }
}
