package dev.wb.cli.sync;

import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.wb.cli.core.Console;
import dev.wb.cli.core.Exit;
import dev.wb.cli.core.Exits;
import dev.wb.cli.core.LeafCmd;
import dev.wb.cli.core.Specs;
import dev.wb.cli.core.WbCommand;
import dev.wb.commands.ReplicaTrust;
import dev.wb.commands.Session;
import dev.wb.commands.base.Failure;
import dev.wb.commands.merged.MergedLog;
import dev.wb.engine.StreamId;
import dev.wb.engine.json.CanonicalJson;
import dev.wb.engine.text.TerminalText;
import java.util.List;
import java.util.Optional;
import picocli.CommandLine.Model.CommandSpec;

/** {@code wb sync log KEY}: a task's events from every replica this clone holds, in the merged order. */
public final class SyncLogCmd extends LeafCmd {

    private static final Exits EXITS = Exits.of(
            Exit.OK.as("listed"),
            Exit.USAGE.as("malformed key"),
            Exit.CONFIG.as("a history is damaged"),
            Exit.MISSING.as("no replica holds the task"));

    private String key;

    private SyncLogCmd(WbCommand root) {
        super(root, EXITS);
    }

    public static CommandSpec spec(WbCommand root) {
        SyncLogCmd cmd = new SyncLogCmd(root);
        CommandSpec spec = cmd.command(
                "log",
                "A task's events from every replica this clone holds (its own and the fetched copies, an untrusted one"
                        + " marked), in the order every clone holding the same histories shows them.",
                "--json: one {\"replica\": …, \"lamport\": …, \"event\": envelope as stored} a line. Read-only.");
        spec.addPositional(Specs.positional("KEY", "1", "a task key, or workspace", value -> cmd.key = value));
        return Specs.withJson(root, spec);
    }

    @Override
    protected Exit run() {
        Optional<StreamId> stream = StreamId.parse(key);
        if (stream.isEmpty()) {
            throw Failure.usage("malformed key: " + TerminalText.escape(key), "wb sync log ABC-12");
        }
        try (Session session = context().session()) {
            MergedLog.View view = MergedLog.readHeld(session.workspace(), session.log(), stream.get());
            List<MergedLog.Entry> entries = view.entries();
            ReplicaTrust trust = session.trust();
            if (entries.isEmpty()) {
                throw Failure.missing(
                        "no replica this clone holds has a history of "
                                + stream.get().describe(),
                        "wb sync fetch   # brings the other clones' histories");
            }
            Console console = console();
            for (MergedLog.Entry e : entries) {
                if (json()) {
                    ObjectNode line = CanonicalJson.objectNode();
                    line.put("replica", e.replica());
                    line.put("counted", e.replica().equals(view.own()) || trust.counts(e.replica()));
                    line.put("lamport", e.lamport());
                    line.set("event", e.stored().toJson());
                    console.jsonLine(line);
                } else {
                    boolean counted = e.replica().equals(view.own()) || trust.counts(e.replica());
                    console.line(String.format(
                            "%-16s %-9s %4d  %s  %-26s %s",
                            e.replica(),
                            counted ? "" : "untrusted",
                            e.event().version(),
                            e.event().time(),
                            e.event().type(),
                            TerminalText.escape(e.event().actor().describe())));
                }
            }
            for (ReplicaTrust.Verdict v : trust.untrusted()) {
                if (!json() && entries.stream().anyMatch(e -> e.replica().equals(v.replica()))) {
                    console.line("untrusted: replica " + v.replica() + " counts for nothing here: "
                            + TerminalText.escape(v.why()));
                }
            }
            return Exit.OK;
        }
    }
}
